import crypto from 'node:crypto';
import pg from 'pg';

/**
 * What a server knows of the authority version (migration 0380; server/auth/caller-cache.ts) without
 * reading it on each request. A server keeps its callers' answers while the
 * version stands; knowing the version here, a request with a kept answer sends no statement at all.
 *
 * - PostgreSQL (`postgresAuthorityWatch`): one connection of the server's own LISTENs on
 *   gpms_authority (migration 0630 announces each committed change), reads the number when told and
 *   holds the highest read. Correctness across servers: the session whose commit moved the number is
 *   told by a notice, and its server waits (`settle`) until every listening server — counted in
 *   pg_stat_activity by the listeners' application name — has acknowledged the number as it stands
 *   after that commit (each listener answers gpms_authority_ack once it holds it) before the
 *   statement's result is handed back. So once a revocation is reported done, no server still answers from the old authority.
 *   While the listening connection is down (not yet up, lost, reconnecting) nothing is known and
 *   every request reads the version as before.
 * - PGlite (`embeddedAuthorityWatch`): the database thread is the only way into its database (one
 *   process), so the in-process event is enough: any statement that may write, and every
 *   transaction's end, makes the version unknown; the next request reads it once, and its answer is
 *   believed only if nothing that may write was sent while it was read.
 */
export interface AuthorityWatch {
  /** The version as last known, or null: then read it (and tell `learned`). */
  known(): string | null;
  /** A counter to take before reading the version, for `learned`. */
  epoch(): number;
  /** The version read by a statement sent when `epoch()` answered `epoch`. */
  learned(version: string, epoch: number): void;
  close(): Promise<void>;
}

/** Each database handle's watch, by its Kysely adapter (shared by every Db derived from the handle's: plugins, transactions). */
const watches = new WeakMap<object, AuthorityWatch>();

/** connect.ts: `db` and every Db derived from it answer `watch` to authorityOf. */
export function registerAuthority(db: { getExecutor(): { adapter: object } }, watch: AuthorityWatch): void {
  watches.set(db.getExecutor().adapter, watch);
}

/** The authority watch of the handle `db` comes from, if it was registered. */
function authorityOf(db: { getExecutor(): { adapter: object } }): AuthorityWatch | undefined {
  return watches.get(db.getExecutor().adapter);
}

/**
 * Answers derived only from what the authority version counts (menus, menu authority, groups,
 * accounts): kept while the version they were read under is the one known without a read, so
 * every server drops them when any server commits a change (the same notification as the callers'
 * answers). Unknown version (the listener down; on PGlite after a write) or inside a transaction
 * (its own uncommitted change may be what it reads): read every time.
 */
export class VersionedAnswers<T> {
  /** Per handle: several databases in one process (tests) may stand at the same version number. */
  private readonly byWatch = new WeakMap<AuthorityWatch, Map<string, { version: string; value: T }>>();
  constructor(private readonly max = 2000) {}

  async get(
    db: { getExecutor(): { adapter: object }; isTransaction: boolean },
    key: string,
    read: () => Promise<T>,
  ): Promise<T> {
    const watch = db.isTransaction ? undefined : authorityOf(db);
    const version = watch?.known() ?? null;
    if (!watch || version === null) return read();
    let kept = this.byWatch.get(watch);
    if (!kept) this.byWatch.set(watch, (kept = new Map()));
    const hit = kept.get(key);
    if (hit && hit.version === version) return hit.value;
    const value = await read();
    // Read after the version was taken: the rows are as new as that version or newer, never older.
    if (kept.size >= this.max) kept.clear();
    kept.set(key, { version, value });
    return value;
  }
}

export function embeddedAuthorityWatch(): AuthorityWatch & { mayHaveWritten(): void } {
  let version: string | null = null;
  let epoch = 0;
  return {
    known: () => version,
    epoch: () => epoch,
    learned(v, at) {
      if (at === epoch) version = v;
    },
    mayHaveWritten() {
      epoch++;
      version = null;
    },
    close: async () => undefined,
  };
}

/** Whether a statement sent to the embedded database may change what the authority version counts. */
export function mayWrite(sql: string): boolean {
  // A plain SELECT changes no table the version's triggers watch (those fire on INSERT, UPDATE,
  // DELETE, at their commit), nor does a WITH query none of whose parts inserts, updates, deletes or
  // merges (the lists' keys-first pages: counted as writes, each made the next request read the
  // version again); anything else — BEGIN and COMMIT included — may. A word only looking like a
  // write (in a literal, a quoted name) costs one read of the version, never a stale one.
  if (/\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i.test(sql)) return true;
  if (/^\s*select\b/i.test(sql)) return false;
  return !/^\s*with\b/i.test(sql) || /\b(insert|update|delete|merge)\b/i.test(sql);
}

const AUTHORITY_CHANNEL = 'gpms_authority';
const ACK_CHANNEL = 'gpms_authority_ack';
/** The listeners' application name: how a writer counts the servers it must hear from. */
const LISTENER_NAME = 'gpms-authority';
/** The notice migration 0630 raises in the session that moved the version. */
const NOTICE = 'gpms_authority';

export interface PostgresAuthorityWatch extends AuthorityWatch {
  /** Whether a notice a pooled connection received says its transaction moved the version. */
  announced(message: string | undefined): boolean;
  /** After such a commit: waits until every listening server holds the version now (bounded by `settleMs`). */
  settle(): Promise<void>;
  /** Whether the listening connection is up and holds a version (tests). */
  readonly live: boolean;
}

/**
 * A streaming replica's handle (connect's `standby`): a hot standby can neither LISTEN nor write, so it
 * hears nothing and moves nothing; the version is never known there, and every answer derived from it
 * is read again (what the primary's watch keeps is not the replica's to keep: the replica may lag).
 */
export function standbyAuthorityWatch(): PostgresAuthorityWatch {
  return {
    known: () => null,
    epoch: () => 0,
    learned: () => undefined,
    announced: () => false,
    settle: async () => undefined,
    live: false,
    close: async () => undefined,
  };
}

export function postgresAuthorityWatch(options: {
  connectionString: string;
  /** How long a writer waits for the other servers' acknowledgements at most (a server gone silent). */
  settleMs?: number;
  onWarning?: (text: string) => void;
}): PostgresAuthorityWatch {
  const id = crypto.randomUUID();
  const settleMs = options.settleMs ?? 2000;
  const warn = options.onWarning ?? ((text) => process.emitWarning(text, { code: 'GPMS_AUTHORITY' }));
  let client: pg.Client | null = null;
  let starting: Promise<void> | null = null;
  let version: bigint | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  /** The highest number each listening server acknowledged. */
  const acked = new Map<string, bigint>();
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };

  const hear = (v: bigint) => {
    if (version === null || v > version) version = v;
    // This server holds it: counted at once (a number read at start-up is never announced to it).
    if ((acked.get(id) ?? -1n) < v) acked.set(id, v);
    wake();
  };

  const down = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    version = null;
    starting = null;
    c.end().catch(() => undefined);
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void start();
      }, 1000);
      retry.unref();
    }
  };

  function start(): Promise<void> {
    if (closed) return Promise.resolve();
    starting ??= (async () => {
      const c = new pg.Client({ connectionString: options.connectionString, application_name: LISTENER_NAME });
      c.on('error', () => down(c));
      c.on('end', () => down(c));
      c.on('notification', (n) => {
        if (client !== c) return;
        if (n.channel === AUTHORITY_CHANNEL) {
          // The number itself is read here, once per committed change (not per request), and
          // acknowledged once held: a writer waiting in settle() counts this server then.
          c.query<{ version: string }>('select version from auth_version where id = 1')
            .then(async (r) => {
              if (client !== c || !r.rows[0]) return;
              const v = BigInt(r.rows[0].version);
              hear(v);
              await c.query(`select pg_notify('${ACK_CHANNEL}', $1)`, [`${id}:${v}`]);
            })
            .catch(() => down(c));
        } else if (n.channel === ACK_CHANNEL && n.payload) {
          const [who, v] = n.payload.split(':');
          const n2 = BigInt(v);
          if ((acked.get(who) ?? -1n) < n2) acked.set(who, n2);
          wake();
        }
      });
      try {
        await c.connect();
        client = c;
        await c.query(`listen ${AUTHORITY_CHANNEL}; listen ${ACK_CHANNEL}`);
        // Read after listening: a change committed from now on is heard, one before is read here.
        const r = await c.query<{ version: string }>('select version from auth_version where id = 1');
        if (client === c && r.rows[0]) {
          const v = BigInt(r.rows[0].version);
          hear(v);
          // A writer that counted this listener before it heard anything waits for this.
          await c.query(`select pg_notify('${ACK_CHANNEL}', $1)`, [`${id}:${v}`]);
        }
      } catch {
        // Not reachable yet, or not migrated yet: requests read the version meanwhile; try again.
        down(c);
        if (client !== c && !closed && !retry) {
          retry = setTimeout(() => {
            retry = null;
            starting = null;
            void start();
          }, 1000);
          retry.unref();
        }
      }
    })();
    return starting;
  }

  return {
    known() {
      if (client === null) void start();
      return version === null ? null : String(version);
    },
    epoch: () => 0,
    learned() {
      // Only the listening connection moves what this server knows: a read may be older than a notification.
    },
    get live() {
      return client !== null && version !== null;
    },
    announced: (message) => message === NOTICE,
    async settle() {
      await start();
      const c = client;
      if (!c) return;
      // real time: a settle timeout of the listener, not a date
      const deadline = Date.now() + settleMs;
      let expected: number;
      let v: bigint;
      try {
        // Read after the commit: at least the number it made.
        const r = await c.query<{ version: string; n: number }>(
          'select (select version from auth_version where id = 1) as version, (select count(*)::int from pg_stat_activity where datname = current_database() and application_name = $1) as n',
          [LISTENER_NAME],
        );
        v = BigInt(r.rows[0].version);
        expected = r.rows[0].n;
      } catch {
        return;
      }
      if (client !== c) return;
      hear(v);
      const held = () => [...acked.values()].filter((a) => a >= v).length >= expected;
      while (!held()) {
        // real time: a settle timeout of the listener, not a date
        const left = deadline - Date.now();
        if (left <= 0) {
          warn(
            `authority version ${v}: ${[...acked.values()].filter((a) => a >= v).length} of ${expected} servers acknowledged within ${settleMs} ms; going on`,
          );
          return;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, left);
          function done() {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          }
          waiters.add(done);
        });
      }
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      version = null;
      wake();
      if (c) await c.end().catch(() => undefined);
    },
  };
}
