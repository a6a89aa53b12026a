import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, scopeToCompany } from '../../../server/db/company-scope.js';
import { RequestConnection } from '../../../server/db/supplier-role.js';
import type { StatementTally } from '../../../server/db/statement-count.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { sessionAs } from '../../helpers/session.js';

/**
 * A supplier's request on PostgreSQL holds one connection (supplier-role.ts RequestConnection): its
 * reads share one transaction with the role and company set LOCAL once. What must hold: the pool's
 * connections never carry the role or the company to their next user, whatever way the request
 * ended; row-level security still applies to every supplier statement; a statement of the request's
 * owner view runs as the owner; a write is committed at once; nothing waits forever.
 */
const OWN = 'C00001';
const OTHER = 'C00002';

describe('a supplier request’s one connection (PostgreSQL)', () => {
  let t: TestApp;
  let pool: pg.Pool;
  let owner: string;
  beforeAll(async () => {
    t = await buildTestApp();
    pool = t.db.pgPool!;
    owner = (await sql<{ u: string }>`select session_user as u`.execute(t.db.db)).rows[0].u;
  });
  afterAll(() => t.close());

  /** Every connection of the pool, each checked: no role, no company, no open transaction, none held. */
  async function poolIsClean() {
    expect(pool.totalCount - pool.idleCount).toBe(0);
    const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
    try {
      for (const c of clients) {
        expect((c as unknown as { getTransactionStatus(): string }).getTransactionStatus()).toBe('I');
        const r = await c.query<{ u: string; comp: string }>(
          `select current_user as u, coalesce(current_setting('app.comp_no', true), '') as comp`,
        );
        expect(r.rows[0]).toEqual({ u: owner, comp: '' });
      }
    } finally {
      for (const c of clients) c.release();
    }
  }

  /** Runs `fn` as a request holding one connection does, and gives it back at the end. */
  async function asRequest<T>(fn: (held: RequestConnection) => Promise<T>): Promise<T> {
    const held = new RequestConnection();
    const tally: StatementTally = { n: 0, held };
    try {
      return await t.db.statements.run(tally, () => fn(held));
    } finally {
      await t.db.statements.run(tally, () => held.end());
    }
  }

  it('a supplier’s list and document: own rows only, in one transaction, and the pool clean after', async () => {
    const s = await sessionAs(t.app, 'supplier1');
    for (let i = 0; i < 3; i++) {
      const list = await t.app.inject({ method: 'GET', url: '/api/v1/cyber/pos?page=1&size=50', headers: s.headers });
      expect(list.statusCode).toBe(200);
      const rows = list.json().rows as Array<{ poNo: string; compNo?: string }>;
      expect(rows.length).toBeGreaterThan(0);
      const other = await sql<{ poNo: string }>`select po_no from po_header where comp_no = ${OTHER}`.execute(t.db.db);
      const others = new Set(other.rows.map((r) => r.poNo));
      expect(rows.filter((r) => others.has(r.poNo))).toEqual([]);
      const one = await t.app.inject({ method: 'GET', url: `/api/v1/cyber/pos/${rows[0].poNo}`, headers: s.headers });
      expect(one.statusCode).toBe(200);
      // Another company's PO: not found, and the connection still given back clean.
      const theirs = await t.app.inject({
        method: 'GET',
        url: `/api/v1/cyber/pos/${[...others][0]}`,
        headers: s.headers,
      });
      expect(theirs.statusCode).toBe(404);
      await poolIsClean();
    }
  });

  it('inside: the supplier’s statements run as its role under RLS, the owner view as the owner; one begin for all', async () => {
    const scoped = scopeToCompany(t.db.db, OWN);
    const texts: string[] = [];
    const seen = await asRequest(async (held) => {
      const who = () =>
        sql<{ u: string; comp: string | null }>`select current_user as u, current_setting('app.comp_no', true) as comp`;
      const first = (await who().execute(scoped)).rows[0];
      // Raw SQL passes the plugin unrewritten: only the policies keep the other company out.
      const foreign = (
        await sql<{ n: number }>`select count(*)::int as n from po_header where comp_no = ${OTHER}`.execute(scoped)
      ).rows[0].n;
      const asOwnerNow = (await who().execute(asOwner(scoped))).rows[0];
      const again = (await who().execute(scoped)).rows[0];
      texts.push(held.connection ? 'held' : 'none');
      return { first, foreign, asOwnerNow, again, open: held.connection?.requestTransaction };
    });
    expect(seen.first).toEqual({ u: 'gpms_supplier', comp: OWN });
    expect(seen.foreign).toBe(0);
    expect(seen.asOwnerNow.u).toBe(owner);
    expect(seen.again).toEqual({ u: 'gpms_supplier', comp: OWN });
    expect(seen.open).toBe(true);
    expect(texts).toEqual(['held']);
    await poolIsClean();
  });

  it('a failed statement rolls back and the next opens another transaction; the pool is clean after', async () => {
    const scoped = scopeToCompany(t.db.db, OWN);
    await asRequest(async () => {
      await expect(sql`select 1 / 0`.execute(scoped)).rejects.toThrow();
      const r = await sql<{
        u: string;
        comp: string;
      }>`select current_user as u, current_setting('app.comp_no', true) as comp`.execute(scoped);
      expect(r.rows[0]).toEqual({ u: 'gpms_supplier', comp: OWN });
    });
    await poolIsClean();
  });

  it('the request ending while a read runs: that read finishes, later ones take their own connection, all clean', async () => {
    const scoped = scopeToCompany(t.db.db, OWN);
    const held = new RequestConnection();
    const tally: StatementTally = { n: 0, held };
    await t.db.statements.run(tally, async () => {
      const slow = sql<{ n: number }>`select count(*)::int as n from po_header, pg_sleep(0.2)`.execute(scoped);
      await new Promise((r) => setImmediate(r));
      await held.end();
      const after = await sql<{ comp: string }>`select current_setting('app.comp_no', true) as comp`.execute(scoped);
      expect(after.rows[0].comp).toBe(OWN);
      expect((await slow).rows[0].n).toBeGreaterThan(0);
    });
    await held.end();
    await poolIsClean();
  });

  it('a write is committed at once; a transaction of the request’s own and a statement sent inside it through another Db do not wait on each other', async () => {
    const scoped = scopeToCompany(t.db.db, OWN);
    const po = (
      await sql<{ poNo: string }>`select po_no from po_header where comp_no = ${OWN} order by po_no limit 1`.execute(
        t.db.db,
      )
    ).rows[0];
    await asRequest(async (held) => {
      await sql`select 1`.execute(scoped);
      expect(held.connection?.requestTransaction).toBe(true);
      // A write inside the request transaction (here the owner view's) is committed at once.
      await sql`update po_header set remark = remark where po_no = ${po.poNo}`.execute(asOwner(scoped));
      expect(held.connection?.requestTransaction).toBe(false);
      // So is a SELECT of a function that changes something (here a notification).
      await sql`select 1`.execute(scoped);
      await sql`select pg_notify('gpms_test_supplier_connection', 'x')`.execute(asOwner(scoped));
      expect(held.connection?.requestTransaction).toBe(false);
      const [inside, concurrent] = await Promise.all([
        scoped.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          // Through the request's other Db while its transaction holds the connection: another connection.
          return (await sql<{ u: string }>`select current_user as u`.execute(asOwner(scoped))).rows[0].u;
        }),
        sql<{ comp: string }>`select current_setting('app.comp_no', true) as comp`.execute(scoped),
      ]);
      expect(inside).toBe(owner);
      expect(concurrent.rows[0].comp).toBe(OWN);
    });
    await poolIsClean();
  });
});
