import crypto from 'node:crypto';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/connect.js';
import { writeAudit } from '../db/audit.js';
import { compiledOnce } from '../db/lists/compiled-once.js';
import type { Portal } from '../http/access.js';
import { newRefreshToken, sha256 } from './tokens.js';
import { asOwner } from '../db/company-scope.js';

export type EndReason = 'LOGOUT' | 'FORCED' | 'REFRESH_REUSE' | 'BLOCKED' | 'EXPIRED' | 'PASSWORD_RESET';

export interface NewSession {
  sessionId: string;
  refreshToken: string;
  expiredDate: Date;
}

/**
 * A session row per login, with an absolute lifetime. Refresh tokens rotate on every use; a
 * token presented a second time means it was stolen or replayed, so the whole session ends.
 */
export async function createSession(
  db: Db,
  input: { userId: string; portal: Portal; ip: string; userAgent: string | undefined; method: string; ttlSec: number },
): Promise<NewSession> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('appUser')
      .select(['lastLoginAt', 'lastLoginIp'])
      .where('userId', '=', input.userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const sessionId = crypto.randomUUID();
    const now = new Date();
    const expiredDate = new Date(now.getTime() + input.ttlSec * 1000);
    await trx
      .insertInto('userSession')
      .values({
        sessionId,
        userId: input.userId,
        portal: input.portal,
        ip: input.ip,
        lastLoginIp: user.lastLoginIp,
        lastLoginDate: user.lastLoginAt,
        userAgent: input.userAgent?.slice(0, 300) ?? null,
        expiredDate,
        loginMethod: input.method,
        endedAt: null,
        endReason: null,
        refreshTokenHash: null,
      })
      .execute();
    await trx
      .updateTable('appUser')
      .set({ lastLoginAt: now, lastLoginIp: input.ip, failedLoginCount: 0 })
      .where('userId', '=', input.userId)
      .execute();
    const refresh = newRefreshToken();
    await trx
      .insertInto('refreshToken')
      .values({ tokenHash: refresh.hash, sessionId, expiresAt: expiredDate, usedAt: null })
      .execute();
    return { sessionId, refreshToken: refresh.token, expiredDate };
  });
}

interface OpenSession {
  sessionId: string;
  userId: string;
  portal: Portal;
  ip: string | null;
  lastLoginIp: string | null;
  lastLoginDate: string | null;
  createdDate: string;
  expiredDate: string;
}

const openSessionColumns = [
  'sessionId',
  'userId',
  'portal',
  'ip',
  'lastLoginIp',
  'lastLoginDate',
  'createdDate',
  'expiredDate',
] as const;

export type RotateResult =
  { ok: true; session: OpenSession; refreshToken: string } | { ok: false; reason: 'unknown' | 'reused' | 'ended' };

export async function rotateRefreshToken(db: Db, presented: string): Promise<RotateResult> {
  const hash = sha256(presented);
  return db.transaction().execute(async (trx): Promise<RotateResult> => {
    const row = await trx
      .selectFrom('refreshToken')
      .selectAll()
      .where('tokenHash', '=', hash)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' };
    // A refresh token lives as long as its session did when it was issued (or extended, below).
    if (Date.parse(row.expiresAt) <= Date.now()) return { ok: false, reason: 'ended' };
    if (row.usedAt) {
      await endSessionIn(trx, row.sessionId, 'REFRESH_REUSE');
      return { ok: false, reason: 'reused' };
    }
    const session = await trx
      .selectFrom('userSession')
      .select(openSessionColumns)
      .where('sessionId', '=', row.sessionId)
      .where('endedAt', 'is', null)
      .where('expiredDate', '>', sql<string>`now()`)
      .executeTakeFirst();
    if (!session) return { ok: false, reason: 'ended' };
    await trx.updateTable('refreshToken').set({ usedAt: new Date() }).where('tokenHash', '=', hash).execute();
    const next = newRefreshToken();
    await trx
      .insertInto('refreshToken')
      .values({ tokenHash: next.hash, sessionId: session.sessionId, expiresAt: session.expiredDate, usedAt: null })
      .execute();
    await trx
      .updateTable('userSession')
      .set({ lastSeenAt: new Date() })
      .where('sessionId', '=', session.sessionId)
      .execute();
    return { ok: true, session, refreshToken: next.token };
  });
}

export type ExtendResult = { ok: true; before: Date; expiredDate: Date; limit: Date } | { ok: false };

/**
 * WCAG 2.2.1 (KWCAG 6.2.1): the caller's own open session lives `ttlSec` from now, but never
 * beyond `maxTtlSec` from its login — the absolute limit that bounds a stolen token's use. The
 * unused refresh token follows, so the extended session can still refresh its access token.
 */
export async function extendSession(
  db: Db,
  input: { sessionId: string; userId: string; ttlSec: number; maxTtlSec: number },
): Promise<ExtendResult> {
  return db.transaction().execute(async (trx): Promise<ExtendResult> => {
    // Locked, so a logout or force logout running now cannot be undone by this extension.
    const session = await trx
      .selectFrom('userSession')
      .select(['createdDate', 'expiredDate'])
      .where('sessionId', '=', input.sessionId)
      .where('userId', '=', input.userId)
      .where('endedAt', 'is', null)
      .where('expiredDate', '>', sql<string>`now()`)
      .forUpdate()
      .executeTakeFirst();
    if (!session) return { ok: false };
    const limit = new Date(Date.parse(session.createdDate) + input.maxTtlSec * 1000);
    const wanted = Math.min(Date.now() + input.ttlSec * 1000, limit.getTime());
    // Never shortens: a session already past what an extension gives keeps its expiry.
    const expiredDate = new Date(Math.max(wanted, Date.parse(session.expiredDate)));
    await trx
      .updateTable('userSession')
      .set({ expiredDate, lastSeenAt: new Date() })
      .where('sessionId', '=', input.sessionId)
      .execute();
    await trx
      .updateTable('refreshToken')
      .set({ expiresAt: expiredDate })
      .where('sessionId', '=', input.sessionId)
      .where('usedAt', 'is', null)
      .execute();
    await writeAudit(trx, {
      entity: 'user_session',
      entityKey: input.sessionId,
      action: 'SESSION_EXTEND',
      actor: input.userId,
      before: { expiredDate: session.expiredDate },
      after: { expiredDate: expiredDate.toISOString() },
    });
    return { ok: true, before: new Date(session.expiredDate), expiredDate, limit };
  });
}

async function endSessionIn(db: Db, sessionId: string, reason: EndReason): Promise<number> {
  const r = await asOwner(db)
    .updateTable('userSession')
    .set({ endedAt: new Date(), endReason: reason })
    .where('sessionId', '=', sessionId)
    .where('endedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export function endSession(db: Db, sessionId: string, reason: EndReason): Promise<number> {
  return endSessionIn(db, sessionId, reason);
}

/** Ends every open session of a user (block, disable, password reset). */
export async function endUserSessions(db: Db, userId: string, reason: EndReason): Promise<number> {
  const r = await asOwner(db)
    .updateTable('userSession')
    .set({ endedAt: new Date(), endReason: reason })
    .where('userId', '=', userId)
    .where('endedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The open session behind an access token, with the user's current group and company (an admin may have changed them). */
export function findCallerSession(db: Db, sessionId: string) {
  return callerSessionQuery(db, sessionId).executeTakeFirst();
}

/**
 * The open session and, in the same statement, whether the user's group holds one of the screens
 * (menu-authority.ts groupHoldsScreen's rule): every API request asks both, and one round trip
 * instead of two is most of what authentication costs a fast list (bench/results/log.md, bench:api).
 */
export function findCallerSessionHolding(db: Db, sessionId: string, screens: string[], level: 'read' | 'write') {
  return (
    callerSessionQuery(db, sessionId)
      .select((eb) => {
        const holds: Expression<SqlBool> =
          screens.length === 0
            ? sql<SqlBool>`true`
            : eb.exists(
                eb
                  .selectFrom('menuAuth as a')
                  .innerJoin('menu as m', 'm.pgmId', 'a.pgmId')
                  .select('a.pgmId')
                  .whereRef('a.authGroupId', '=', 'u.authGroupId')
                  .where(level === 'write' ? 'a.canWrite' : 'a.canRead', '=', 'Y')
                  .where('m.useYn', '=', 'Y')
                  .where((w) => w.or([w('m.sspUrl', 'in', screens), w('m.sspSubUrls', '&&', w.val(screens))])),
              );
        return sql<boolean>`${holds}`.as('holdsScreen');
      })
      // An internal caller's employee row, kept with the answer (migration 0530 moves the version with it).
      .leftJoin('employee as e', 'e.singleid', 'u.singleid')
      .select([
        'e.singleid as employeeId',
        'e.hname as employeeName',
        'e.section as employeeSection',
        'e.deptcd as employeeDeptcd',
      ])
      // What a server keeps the answer by (caller-cache.ts): read in the same snapshot as the rows.
      .select((eb) => [
        eb.selectFrom('authVersion').select('version').where('id', '=', 1).as('authVersion'),
        's.expiredDate',
      ])
      .executeTakeFirst()
  );
}

/** The authority version (migration 0380): moves, at commit, with every change a cached caller answer depends on. */
export async function readAuthVersion(db: Db): Promise<string | null> {
  const [r] = await authVersionStatement(db);
  return r ? String(r.version) : null;
}

// Read before every authenticated request; the same text every time, so compiled once.
const authVersionStatement = compiledOnce((db: Db) =>
  db.selectFrom('authVersion').select('version').where('id', '=', 1),
);

function callerSessionQuery(db: Db, sessionId: string) {
  return (
    db
      .selectFrom('userSession as s')
      .innerJoin('appUser as u', 'u.userId', 's.userId')
      // A deactivated group grants nothing, not even a session (migration 0540 moves the version with its flag).
      .innerJoin('authGroup as g', 'g.authGroupId', 'u.authGroupId')
      .select(['s.sessionId', 's.userId', 's.portal', 'u.authGroupId', 'u.compNo'])
      .where('s.sessionId', '=', sessionId)
      .where('s.endedAt', 'is', null)
      .where('s.expiredDate', '>', sql<string>`now()`)
      .where('u.useFlag', '=', 'Y')
      .where('u.lockedAt', 'is', null)
      .where('g.useYn', '=', 'Y')
  );
}
