import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { anchorHead, readAnchor } from '../../../server/modules/privacy/anchor.js';
import { GENESIS_HASH, rowHash, verifyChain } from '../../../server/modules/privacy/chain.js';
import { purgeExpired, recordAccess } from '../../../server/modules/privacy/service.js';
import type { AccessEntry } from '../../../server/modules/privacy/queries.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

/**
 * The personal-data access log: append-only in the database, a hash chain that
 * `audit:verify` recomputes in Node, and a two-year retention the database itself guards.
 */
const entry = (over: Partial<AccessEntry> = {}): AccessEntry => ({
  actorId: 'admin',
  actorPortal: 'I',
  actorCompNo: null,
  clientIp: '127.0.0.1',
  action: 'VIEW',
  operation: 'getSupplier',
  subjectKind: 'SUPPLIER_CONTACT',
  subjectKeys: ['C00001:1'],
  fields: ['email', 'phoneNo'],
  ...over,
});

describe('personal-data access log', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The chain on an empty database; the screen's operations on a seeded one (last test).
    t = await buildTestApp({ seeded: false });
  });
  afterAll(() => t.close());

  const db = () => t.db.db;
  const rows = () => db().selectFrom('personalDataAccessLog').selectAll().orderBy('seq').execute();
  /** Runs a statement with the append-only triggers off, as someone with the owner's rights could. */
  const asTamperer = async (statement: ReturnType<typeof sql>) => {
    await sql`alter table personal_data_access_log disable trigger personal_data_access_log_no_change`.execute(db());
    try {
      await statement.execute(db());
    } finally {
      await sql`alter table personal_data_access_log enable trigger personal_data_access_log_no_change`.execute(db());
    }
  };

  it('chains every row to the one before, with the hash Node recomputes (Korean, quotes, control characters)', async () => {
    await recordAccess(db(), entry());
    await recordAccess(
      db(),
      entry({
        action: 'DOWNLOAD',
        operation: 'listSupplierUsers',
        subjectKind: 'SUPPLIER_USER',
        subjectKeys: [],
        rowCount: 120,
        reasonCode: 'OTHER',
        reasonText: '감사 대응 "2분기"\n\t\u0001 \\ 자료 / é',
      }),
    );
    await Promise.all(
      [1, 2, 3, 4, 5].map((i) => recordAccess(db(), entry({ subjectKeys: [`C0000${i}:1`], actorId: `user${i}` }))),
    );
    const all = await rows();
    expect(all).toHaveLength(7);
    expect(all[0].prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < all.length; i++) expect(all[i].prevHash).toBe(all[i - 1].hash);
    for (const r of all) expect(rowHash({ ...r, seq: Number(r.seq), rowCount: Number(r.rowCount) })).toBe(r.hash);
    const v = await verifyChain(db(), 3);
    expect(v).toMatchObject({ intact: true, checked: 7, broken: null, headHash: all[6].hash });
  });

  it('refuses UPDATE, DELETE and TRUNCATE, the owner included, and a purge of a row younger than two years', async () => {
    const fail = async (statement: ReturnType<typeof sql>) => {
      const err = await statement.execute(db()).then(
        () => null,
        (e: { code?: string; message?: string }) => e,
      );
      expect(err?.code, String(err?.message)).toBe('42501');
      expect(err?.message).toMatch(/append-only/);
    };
    await fail(
      sql`update personal_data_access_log set reason_text = 'changed' where seq = (select min(seq) from personal_data_access_log)`,
    );
    await fail(sql`delete from personal_data_access_log where seq = (select max(seq) from personal_data_access_log)`);
    await fail(sql`truncate personal_data_access_log`);
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`select set_config('gpms.access_log_purge', 'on', true)`.execute(trx);
        const err = await sql`delete from personal_data_access_log`.execute(trx).then(
          () => null,
          (e: { code?: string }) => e,
        );
        expect(err?.code).toBe('42501');
      })
      .catch(() => undefined);
    expect(await rows()).toHaveLength(7);
    expect((await verifyChain(db())).intact).toBe(true);
  });

  it('names the first altered row, then the row after a removed one', async () => {
    const before = await rows();
    const third = Number(before[2].seq);
    await asTamperer(sql`update personal_data_access_log set actor_id = 'someone-else' where seq = ${third}`);
    expect(await verifyChain(db())).toMatchObject({
      intact: false,
      checked: 2,
      broken: { seq: third, reason: 'HASH_MISMATCH' },
    });
    // The tamperer recomputes that row's own hash: the next row no longer names it.
    await asTamperer(
      sql`update personal_data_access_log l set hash = personal_data_access_log_hash(l) where seq = ${third}`,
    );
    expect(await verifyChain(db())).toMatchObject({
      intact: false,
      broken: { seq: Number(before[3].seq), reason: 'CHAIN_BREAK' },
    });
  });

  it('the retention purge removes only rows older than two years and the chain stays verifiable', async () => {
    // A fresh log whose first rows are three years old (written with the triggers off, chained by hand).
    await asTamperer(sql`delete from personal_data_access_log`);
    const old = new Date(Date.now() - 3 * 365 * 24 * 3600_000);
    let prev = GENESIS_HASH;
    await sql`set session_replication_role = replica`.execute(db());
    try {
      for (const seq of [1, 2, 3]) {
        const r = {
          seq,
          occurredAt: new Date(old.getTime() + seq * 1000),
          actorId: 'admin',
          actorPortal: 'I',
          actorCompNo: null,
          clientIp: null,
          action: 'VIEW',
          operation: 'getSupplier',
          subjectKind: 'SUPPLIER_CONTACT',
          subjectKeys: `C00001:${seq}`,
          fields: 'email',
          rowCount: 1,
          reasonCode: null,
          reasonText: null,
          prevHash: prev,
        };
        const hash = rowHash(r);
        await sql`insert into personal_data_access_log (seq, occurred_at, actor_id, actor_portal, actor_comp_no, client_ip, action, operation, subject_kind, subject_keys, fields, row_count, reason_code, reason_text, prev_hash, hash)
                  values (${seq}, ${r.occurredAt}, 'admin', 'I', null, null, 'VIEW', 'getSupplier', 'SUPPLIER_CONTACT', ${r.subjectKeys}, 'email', 1, null, null, ${prev}, ${hash})`.execute(
          db(),
        );
        prev = hash;
      }
    } finally {
      await sql`set session_replication_role = origin`.execute(db());
    }
    await sql`select setval('personal_data_access_log_seq', 3)`.execute(db());
    await recordAccess(db(), entry({ subjectKeys: ['C00002:1'] }));
    expect((await verifyChain(db())).intact).toBe(true);

    expect(await purgeExpired(db())).toEqual({ removed: 3, through: 3 });
    const left = await rows();
    expect(left.map((r) => [Number(r.seq), r.action])).toEqual([
      [4, 'VIEW'],
      [5, 'PURGE'],
    ]);
    expect(left[1]).toMatchObject({ subjectKeys: 'through:3', rowCount: 3, actorId: 'system' });
    expect(await verifyChain(db())).toMatchObject({ intact: true, checked: 2, firstSeq: 4 });
    // Nothing younger goes, however often the job runs.
    expect(await purgeExpired(db())).toEqual({ removed: 0, through: null });

    // Without the purge record, a chain that starts mid-way is a missing start.
    await asTamperer(sql`delete from personal_data_access_log where action = 'PURGE'`);
    expect(await verifyChain(db())).toMatchObject({ intact: false, broken: { seq: 4, reason: 'START_MISSING' } });
  });

  it('rows removed from the end with the owner’s rights: the head anchored outside the database shows the cut', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-anchor-'));
    const anchorFile = path.join(dir, 'access-log.anchor');
    try {
      await asTamperer(sql`delete from personal_data_access_log`);
      for (const i of [1, 2, 3, 4]) await recordAccess(db(), entry({ subjectKeys: [`C0000${i}:1`] }), anchorFile);
      const all = await rows();
      expect(fs.statSync(anchorFile).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(anchorFile, 'utf8').trim().split('\n')).toEqual(all.map((r) => `${r.seq} ${r.hash}`));
      const anchor = await readAnchor(anchorFile);
      expect(anchor).toEqual({ seq: Number(all[3].seq), hash: all[3].hash });
      expect(await verifyChain(db(), 5000, anchor)).toMatchObject({ intact: true, checked: 4 });

      // The last two rows go; what is left is a whole chain, which alone cannot tell.
      await asTamperer(sql`delete from personal_data_access_log where seq >= ${all[2].seq}`);
      expect(await verifyChain(db())).toMatchObject({ intact: true, checked: 2 });
      expect(await verifyChain(db(), 5000, await readAnchor(anchorFile))).toMatchObject({
        intact: false,
        lastSeq: Number(all[1].seq),
        broken: { seq: Number(all[3].seq), reason: 'END_CUT' },
      });

      // Rewritten instead (the row's values and hash recomputed): the anchored hash no longer matches.
      await asTamperer(sql`update personal_data_access_log l set actor_id = 'someone-else' where seq = ${all[1].seq}`);
      await asTamperer(
        sql`update personal_data_access_log l set hash = personal_data_access_log_hash(l) where seq = ${all[1].seq}`,
      );
      expect(await verifyChain(db(), 5000, { seq: Number(all[1].seq), hash: all[1].hash })).toMatchObject({
        intact: false,
        broken: { seq: Number(all[1].seq), reason: 'ANCHOR_MISMATCH' },
      });

      // The scheduled job anchors a head written inside a transaction; a head already there is not written twice.
      await asTamperer(sql`delete from personal_data_access_log`);
      await db()
        .transaction()
        .execute((trx) => recordAccess(trx, entry(), anchorFile));
      const head = (await rows())[0];
      expect(await readAnchor(anchorFile)).not.toEqual({ seq: Number(head.seq), hash: head.hash });
      expect(await anchorHead(db(), anchorFile)).toEqual({ seq: Number(head.seq), hash: head.hash });
      await anchorHead(db(), anchorFile);
      expect(fs.readFileSync(anchorFile, 'utf8').trim().split('\n').at(-2)).not.toBe(`${head.seq} ${head.hash}`);
      expect(await verifyChain(db(), 5000, await readAnchor(anchorFile))).toMatchObject({ intact: true, checked: 1 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an anchor inside DATA_DIR', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/srv/gpms', ACCESS_LOG_ANCHOR: '/srv/gpms/anchor' }),
    ).toThrow(ConfigError);
    expect(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/srv/gpms', ACCESS_LOG_ANCHOR: '/mnt/audit/gpms.anchor' })
        .accessLogAnchor,
    ).toBe('/mnt/audit/gpms.anchor');
  });
});
