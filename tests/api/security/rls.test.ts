import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_OWNED_TABLES, scopeToCompany } from '../../../server/db/company-scope.js';
import type { Db } from '../../../server/db/connect.js';
import { createSeededTestDb, type TestDb } from '../../helpers/test-db.js';
import {
  POLICY,
  privilegesOf,
  REFUSED_TO_SUPPLIER,
  rlsGaps,
  supplierGrants,
  SUPPLIER_ROLE,
  tablesWithCompNo,
  THROUGH_ORDER,
} from './rls-catalogue.js';

/**
 * Supplier isolation's second layer (docs/security.md): row-level security on
 * every company-owned table, for the role a supplier's statements run as. Raw `sql` on a
 * supplier's Db — the one request.db is for a supplier (server/auth/plugin.ts: scopeToCompany
 * over the app's Db) — passes the Kysely plugin unrewritten, so what it sees here is the
 * policies' work alone. Both databases.
 */
const OWN = 'C00001';
const OTHER = 'C00002';
const TABLES = Object.keys(COMPANY_OWNED_TABLES).sort();

class RolledBack extends Error {}

/** Runs a statement in a supplier transaction of its own, always rolled back: writes leave nothing. */
async function attempt(scoped: Db, statement: RawBuilder<unknown>): Promise<bigint> {
  let affected = 0n;
  try {
    await scoped.transaction().execute(async (trx) => {
      affected = (await statement.execute(trx)).numAffectedRows ?? 0n;
      throw new RolledBack();
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) throw err;
  }
  return affected;
}

async function counts(db: Db, table: string) {
  const { rows } = await sql<{ own: number; others: number }>`
    select count(*) filter (where comp_no = ${OWN})::int as own, count(*) filter (where comp_no is distinct from ${OWN})::int as others
      from ${sql.table(table)}`.execute(db);
  return rows[0];
}

/**
 * The seed leaves five company-owned tables without rows of one company or the other; a row of
 * each company makes every table's test mean something. A new table the seed leaves empty fails
 * the per-table test ("no rows of …") until it gets a line here.
 */
async function fillEmpty(db: Db): Promise<void> {
  for (const comp of [OWN, OTHER]) {
    const user = (
      await sql<{
        userId: string;
      }>`select user_id from app_user where comp_no = ${comp} order by user_id limit 1`.execute(db)
    ).rows[0].userId;
    const rfq = (
      await sql<{
        rfqNo: string;
      }>`select rfq_no from quotation where comp_no = ${comp} order by rfq_no limit 1`.execute(db)
    ).rows[0].rfqNo;
    const total = (
      await sql<{
        totalId: number;
        periodId: number;
      }>`select total_id, period_id from eva_total where comp_no = ${comp} order by total_id limit 1`.execute(db)
    ).rows[0];
    await sql`insert into company_status_request (req_no, comp_no, from_status, to_status, reason, status, requested_by)
      values (${`RLS-${comp}`}, ${comp}, 'ACTIVE', 'SUSPENDED', 'rls test', 'REQUESTED', ${user})`.execute(db);
    await sql`insert into eva_warn_confirm (comp_no, period_id, total_id, grade, doc_type, doc_no, confirmed_by)
      values (${comp}, ${total.periodId}, ${total.totalId}, 'C', 'PO', 'PO-RLS', 'admin')`.execute(db);
    await sql`insert into rfq_question (rfq_no, comp_no, question, asked_by) values (${rfq}, ${comp}, 'rls test', ${user})`.execute(
      db,
    );
    await sql`insert into report_spend_month (month, currency, section, deptcd, comp_no, buyer_id, dim, dim_key, po_count, line_count, amount)
      values ('202601', 'KRW', 'S', 'D', ${comp}, 'b', 'P', ${comp}, 1, 1, 1)`.execute(db);
    await sql`insert into report_price_month (month, currency, section, deptcd, comp_no, buyer_id, item_name, line_count, quantity, amount,
        min_price, max_price, first_key, last_key, ref_line_count, ref_line_amount, ref_amount, above_count, excess)
      values ('202601', 'KRW', 'S', 'D', ${comp}, 'b', 'rls', 1, 1, 1, 1, 1, 'a', 'a', 0, 0, 0, 0, 0)`.execute(db);
    // A tender (0440) with the company's bid, its opened price and the order it was awarded.
    const po = (
      await sql<{
        poNo: string;
        section: string;
        deptcd: string;
        buyerId: string;
      }>`select po_no, section, deptcd, buyer_id from po_header where comp_no = ${comp} order by po_no limit 1`.execute(
        db,
      )
    ).rows[0];
    const tenderNo = `RLS-${comp}`;
    await sql`insert into tender (tender_no, title, section, deptcd, buyer_id, currency, award_rule, open_at, close_at, status, created_by)
      values (${tenderNo}, 'rls', ${po.section}, ${po.deptcd}, ${po.buyerId}, 'KRW', 'LOWEST_TOTAL', now() - interval '2 hours', now() - interval '1 hour', 'AWARDED', 'admin')`.execute(
      db,
    );
    await sql`insert into tender_bid (tender_no, comp_no, status, revision) values (${tenderNo}, ${comp}, 'WON', 1)`.execute(
      db,
    );
    await sql`insert into tender_bid_line (tender_no, comp_no, line_no, unit_price, amount) values (${tenderNo}, ${comp}, 1, 1, 1)`.execute(
      db,
    );
    await sql`insert into tender_award (tender_no, comp_no, po_no) values (${tenderNo}, ${comp}, ${po.poNo})`.execute(
      db,
    );
    // A reverse auction (0460) with the company's place and one bid.
    await sql`insert into auction (auction_no, title, section, deptcd, buyer_id, currency, start_price, decrement_kind, decrement_value, start_at, planned_end_at, end_at, status, last_seq, created_by)
      values (${tenderNo}, 'rls', ${po.section}, ${po.deptcd}, ${po.buyerId}, 'KRW', 1000, 'AMOUNT', 1, now() - interval '2 hours', now() - interval '1 hour', now() - interval '1 hour', 'CLOSED', 1, 'admin')`.execute(
      db,
    );
    await sql`insert into auction_participant (auction_no, comp_no, best_amount, best_seq, best_at, bid_count) values (${tenderNo}, ${comp}, 900, 1, now(), 1)`.execute(
      db,
    );
    await sql`insert into auction_bid (auction_no, seq, comp_no, amount, bid_at, bid_by, end_at_after) values (${tenderNo}, 1, ${comp}, 900, now(), ${user}, now())`.execute(
      db,
    );
    // A tax invoice (0600) of one of the company's settlements, with a line, an event and its XML.
    const settleNo = (
      await sql<{
        settleNo: string;
      }>`select settle_no from settlement where comp_no = ${comp} order by settle_no limit 1`.execute(db)
    ).rows[0].settleNo;
    const mgtKey = `RLS-${comp}`;
    // A 감액 서면 put to the company on the same settlement (1120).
    await sql`insert into settlement_reduction (reduction_no, settle_no, comp_no, amount, reason, status, created_by)
      values (${`RD-RLS-${comp}`}, ${settleNo}, ${comp}, 1000, 'rls test', 'REQUESTED', 'admin')`.execute(db);
    await sql`insert into tax_invoice (mgt_key, buyer_corp_num, settle_no, comp_no, supplier_corp_num, period, write_date, tax_type, status, supply_amount, tax_amount, total_amount, provider)
      values (${mgtKey}, '1208147521', ${settleNo}, ${comp}, '1208147521', '202601', '2026-01-31', 'TAXABLE', 'DRAFT', 10, 1, 11, 'file')`.execute(
      db,
    );
    await sql`insert into tax_invoice_line (mgt_key, line_no, comp_no, month_day, item_name, supply_amount, tax_amount) values (${mgtKey}, 1, ${comp}, '01-31', 'rls', 10, 1)`.execute(
      db,
    );
    await sql`insert into tax_invoice_event (mgt_key, comp_no, action, to_status, outcome, actor) values (${mgtKey}, ${comp}, 'create', 'DRAFT', 'DONE', 'admin')`.execute(
      db,
    );
    await sql`insert into tax_invoice_file (mgt_key, comp_no, kind, storage_key, content_sha, size_bytes, retain_until)
      values (${mgtKey}, ${comp}, 'XML', ${`rls/${comp}.xml`}, ${'0'.repeat(64)}, 0, '2031-07-25')`.execute(db);
    // A framework agreement (0670) with one line, and a revision (0680) of the company's order.
    await sql`insert into agreement (agreement_no, comp_no, title, currency, valid_from, valid_to, status, buyer_id, section, deptcd, created_by)
      values (${`RLS-${comp}`}, ${comp}, 'rls', 'KRW', '2026-01-01', '2026-12-31', 'ACTIVE', ${po.buyerId}, ${po.section}, ${po.deptcd}, 'admin')`.execute(
      db,
    );
    await sql`insert into agreement_line (agreement_no, line_no, comp_no, item_name, unit_code, unit_price) values (${`RLS-${comp}`}, 1, ${comp}, 'rls', 'EA', 1)`.execute(
      db,
    );
    // The line's dated price (1123).
    await sql`insert into agreement_line_price (agreement_no, line_no, comp_no, effective_from, unit_price, source, created_by)
      values (${`RLS-${comp}`}, 1, ${comp}, '2026-01-01', 1, 'ORIGINAL', 'admin')`.execute(db);
    // Its 납품대금 연동 answer (1121): a 미연동 agreement.
    await sql`insert into agreement_linkage (agreement_no, comp_no, kind, exception_type, reason, updated_by)
      values (${`RLS-${comp}`}, ${comp}, 'NOT_LINKED', 'AGREED_NONE', 'rls', 'admin')`.execute(db);
    // A 연동 proposal (1124) of the agreement, with its line.
    await sql`insert into linkage_index (index_code, index_name, unit, source, updated_by)
      values ('RLS', 'rls', 'pt', 'rls', 'admin') on conflict do nothing`.execute(db);
    await sql`insert into linkage_proposal (proposal_no, agreement_no, comp_no, compare_date, compare_basis, value_from, value_to, value_count,
        index_code, base_date, base_value, compare_value, change_pct, share_pct, trigger_pct, effective_from, created_by)
      values (${`RLS-${comp}`}, ${`RLS-${comp}`}, ${comp}, '2026-02-01', 'DAY', '2026-02-01', '2026-02-01', 1,
        'RLS', '2026-01-01', 100, 110, 10, 50, 5, '2026-02-01', 'admin')`.execute(db);
    await sql`insert into linkage_proposal_line (proposal_no, line_no, comp_no, current_price, proposed_price)
      values (${`RLS-${comp}`}, 1, ${comp}, 1, 1.05)`.execute(db);
    // A 납품대금 조정협의 request on it (1127), and one on the company's order (1137).
    await sql`insert into price_coordination (coordination_no, target_kind, agreement_no, comp_no, subcon_kind, status, reason, requested_change, cost_basis, requested_by, requested_on)
      values (${`PC-RLS-${comp}`}, 'AGREEMENT', ${`RLS-${comp}`}, ${comp}, 'MANUFACTURE', 'REQUESTED', 'rls', 'rls', 'rls', 'admin', '2026-01-02')`.execute(
      db,
    );
    await sql`insert into price_coordination (coordination_no, target_kind, po_no, comp_no, subcon_kind, status, reason, requested_change, cost_basis, requested_by, requested_on)
      values (${`PO-RLS-${comp}`}, 'ORDER', ${po.poNo}, ${comp}, 'MANUFACTURE', 'REQUESTED', 'rls', 'rls', 'rls', 'admin', '2026-01-02')`.execute(
      db,
    );
    await sql`insert into po_revision (po_no, revision, comp_no, status, snapshot, total_amount, created_by)
      values (${po.poNo}, 1, ${comp}, 'CURRENT', '{}'::jsonb, 0, 'admin')`.execute(db);
    // An electronic contract (0700) with its document, one evidence event and a stamp.
    await sql`insert into econtract_template (template_no, version, name, contract_type, sign_order, body, created_by)
      values ('RLS', 1, 'rls', 'CONSTRUCT', 'SUPPLIER_FIRST', 'x', 'admin') on conflict do nothing`.execute(db);
    const contractNo = `RLS-${comp}`;
    await sql`insert into econtract (contract_no, comp_no, template_no, template_version, contract_type, sign_order, title, supply_amount, vat_amount, total_amount, contract_date, sign_deadline, variables, status, buyer_signer_id, created_by)
      values (${contractNo}, ${comp}, 'RLS', 1, 'CONSTRUCT', 'SUPPLIER_FIRST', 'rls', 10, 1, 11, '2026-01-01', '2026-01-31', '{}', 'DRAFT', 'admin', 'admin')`.execute(
      db,
    );
    // Its 납품대금 연동 answer (1129). A draft: past it the database refuses any change of the answer (and of the
    // draft's copy) before row-level security is asked, and this test asks row-level security.
    await sql`insert into econtract_linkage (contract_no, comp_no, kind, exception_type, reason, updated_by)
      values (${contractNo}, ${comp}, 'NOT_LINKED', 'AGREED_NONE', 'rls', 'admin')`.execute(db);
    await sql`insert into econtract_document (contract_no, kind, comp_no, content_sha, size_bytes, content)
      values (${contractNo}, 'DRAFT', ${comp}, ${'0'.repeat(64)}, 1, '\\x00')`.execute(db);
    await sql`insert into econtract_event (contract_no, comp_no, seq, kind, occurred_at, prev_hash, hash)
      values (${contractNo}, ${comp}, 1, 'CREATED', now(), ${'0'.repeat(64)}, ${'0'.repeat(64)})`.execute(db);
    await sql`insert into econtract_stamp (contract_no, party, comp_no, amount, stamp_no, recorded_by)
      values (${contractNo}, 'SUPPLIER', ${comp}, 0, 'RLS', 'admin')`.execute(db);
    // A 연동 proposal on the contract (1135), with its line.
    await sql`insert into contract_linkage_proposal (proposal_no, contract_no, chain_no, comp_no, po_no, compare_date, compare_basis, value_from, value_to, value_count,
        index_code, base_date, base_value, compare_value, change_pct, share_pct, trigger_pct, effective_from, created_by)
      values (${`CLP-RLS-${comp}`}, ${contractNo}, ${contractNo}, ${comp}, ${po.poNo}, '2026-02-01', 'DAY', '2026-02-01', '2026-02-01', 1,
        'RLS', '2026-01-01', 100, 110, 10, 50, 5, '2026-02-01', 'admin')`.execute(db);
    await sql`insert into contract_linkage_proposal_line (proposal_no, line_no, comp_no, current_price, proposed_price)
      values (${`CLP-RLS-${comp}`}, 1, ${comp}, 1, 1.05)`.execute(db);
  }
}

describe('row-level security on company-owned tables', () => {
  let t: TestDb;
  let supplier: Db;
  beforeAll(async () => {
    t = await createSeededTestDb();
    await fillEmpty(t.db);
    supplier = scopeToCompany(t.db, OWN);
  }, 120_000);
  afterAll(() => t?.drop());

  it('the company-owned tables of the catalogue are the plugin’s COMPANY_OWNED_TABLES, each scoped by comp_no', async () => {
    expect(await tablesWithCompNo(t.db)).toEqual(TABLES);
    expect(new Set(Object.values(COMPANY_OWNED_TABLES))).toEqual(new Set(['comp_no']));
  });

  it('every company-owned table has row-level security and its policy; the supplier role holds exactly its list', async () => {
    expect(await rlsGaps(t.db)).toEqual([]);
    // Both ways: nothing beyond the list (company-owned, reference data, three shared writes), all of it.
    const held = await privilegesOf(t.db);
    expect(held).toEqual(supplierGrants(TABLES));
    for (const table of REFUSED_TO_SUPPLIER) expect(held[table], table).toBeUndefined();
  });

  it.each(REFUSED_TO_SUPPLIER)('%s: refused to a supplier’s raw SQL', async (table) => {
    await expect(attempt(supplier, sql`select * from ${sql.table(table)} limit 1`)).rejects.toMatchObject({
      code: '42501',
    });
    await expect(attempt(supplier, sql`delete from ${sql.table(table)}`)).rejects.toMatchObject({ code: '42501' });
  });

  it('a supplier’s raw SQL reads reference data but cannot change it', async () => {
    expect((await sql<{ n: number }>`select count(*)::int as n from code`.execute(supplier)).rows[0].n).toBeGreaterThan(
      0,
    );
    await expect(attempt(supplier, sql`update code set text_ko = text_ko`)).rejects.toMatchObject({ code: '42501' });
    await expect(attempt(supplier, sql`update po_line set item_name = item_name`)).rejects.toMatchObject({
      code: '42501',
    });
    await expect(attempt(supplier, sql`delete from audit_log`)).rejects.toMatchObject({ code: '42501' });
  });

  it('names a table added without a policy or grant, a dropped policy, row-level security turned off, a widening policy, a missing grant, a grant beyond the list, a trigger running as the supplier', async () => {
    // In a transaction rolled back, so the shared database keeps its policies.
    await t.db
      .transaction()
      .execute(async (trx) => {
        await sql`create table rls_probe (id integer primary key, comp_no varchar(10))`.execute(trx);
        await sql`drop policy ${sql.raw(POLICY)} on loi`.execute(trx);
        await sql`alter table quotation disable row level security`.execute(trx);
        await sql`create policy rls_probe_all on delivery using (true)`.execute(trx);
        await sql`revoke delete on delivery from ${sql.raw(SUPPLIER_ROLE)}`.execute(trx);
        await sql`grant select on signing_key to ${sql.raw(SUPPLIER_ROLE)}`.execute(trx);
        await sql`grant update on code to ${sql.raw(SUPPLIER_ROLE)}`.execute(trx);
        await sql`alter function bump_auth_version() security invoker`.execute(trx);
        expect((await rlsGaps(trx)).sort()).toEqual(
          [
            'app_user: trigger app_user_auth_version runs bump_auth_version() as gpms_supplier (not SECURITY DEFINER)',
            'app_user: trigger app_user_employee_auth_version runs bump_auth_version() as gpms_supplier (not SECURITY DEFINER)',
            'app_user: trigger app_user_removed_auth_version runs bump_auth_version() as gpms_supplier (not SECURITY DEFINER)',
            'code: gpms_supplier holds "select, update", should hold "select"',
            'delivery: gpms_supplier holds "select, insert, update", should hold "select, insert, update, delete"',
            'delivery: policy rls_probe_all may widen what gpms_supplier sees',
            'loi: no company_isolation policy',
            'quotation: row-level security is not enabled',
            'rls_probe: gpms_supplier holds "nothing", should hold "select, insert, update, delete"',
            'rls_probe: row-level security is not enabled',
            'rls_probe: no company_isolation policy',
            'signing_key: gpms_supplier holds "select", should hold "nothing"',
          ].sort(),
        );
        throw new RolledBack();
      })
      .catch((err) => {
        if (!(err instanceof RolledBack)) throw err;
      });
    expect(await rlsGaps(t.db)).toEqual([]);
  });

  it.each(TABLES)(
    '%s: a supplier’s raw SQL reads only its company’s rows and cannot write another’s',
    async (table) => {
      const staff = await counts(t.db, table);
      expect(staff.own, `no rows of ${OWN} in ${table}: add one in fillEmpty`).toBeGreaterThan(0);
      expect(staff.others, `no rows of other companies in ${table}: add one in fillEmpty`).toBeGreaterThan(0);
      const T = sql.table(table);

      // Reads: every own row, nothing else, whatever the statement asks for.
      const seen = (
        await sql<{ total: number; foreign: number }>`
      select count(*)::int as total, count(*) filter (where comp_no is distinct from ${OWN})::int as foreign from ${T}`.execute(
          supplier,
        )
      ).rows[0];
      expect(seen).toEqual({ total: staff.own, foreign: 0 });
      expect((await sql`select * from ${T} where comp_no = ${OTHER}`.execute(supplier)).rows).toEqual([]);

      // Other companies' rows cannot be reached to update or delete.
      expect(
        await attempt(supplier, sql`update ${T} set comp_no = comp_no where comp_no is distinct from ${OWN}`),
      ).toBe(0n);
      expect(await attempt(supplier, sql`delete from ${T} where comp_no is distinct from ${OWN}`)).toBe(0n);
      // An own row cannot be given to another company, nor another company's row be written.
      await expect(
        attempt(
          supplier,
          sql`update ${T} set comp_no = ${OTHER} where ctid = (select ctid from ${T} where comp_no = ${OWN} limit 1)`,
        ),
      ).rejects.toMatchObject({ code: '42501' });
      await expect(
        attempt(
          supplier,
          sql`insert into ${T} select (jsonb_populate_record(null::${T}, to_jsonb(r) || jsonb_build_object('comp_no', ${OTHER}::text))).* from ${T} r where r.comp_no = ${OWN} limit 1`,
        ),
      ).rejects.toMatchObject({ code: '42501' });

      expect(await counts(t.db, table)).toEqual(staff);
    },
  );

  it.each(THROUGH_ORDER)(
    '%s (no comp_no): a supplier’s raw SQL reaches only the rows of its own orders',
    async (table) => {
      const T = sql.table(table);
      const byOwner = (db: Db) =>
        sql<{ own: number; others: number }>`
        select count(*) filter (where h.comp_no = ${OWN})::int as own, count(*) filter (where h.comp_no is distinct from ${OWN})::int as others
          from ${T} x join po_header h on h.po_no = x.po_no`
          .execute(db)
          .then((r) => r.rows[0]);
      const staff = await byOwner(t.db);
      if (table === 'po_change' && (staff.own === 0 || staff.others === 0)) {
        for (const comp of [OWN, OTHER]) {
          await sql`insert into po_change (po_no, change_seq, field, before_value, after_value, reason, changed_by)
          select po_no, 1, 'due_date', null, null, 'rls test', 'admin' from po_header where comp_no = ${comp} order by po_no limit 1`.execute(
            t.db,
          );
        }
      }
      const before = await byOwner(t.db);
      expect(before.own).toBeGreaterThan(0);
      expect(before.others).toBeGreaterThan(0);
      const seen = (await sql<{ total: number }>`select count(*)::int as total from ${T}`.execute(supplier)).rows[0];
      expect(seen.total).toBe(before.own);
      const foreignPo = (
        await sql<{
          poNo: string;
        }>`select po_no from po_header where comp_no = ${OTHER} and exists (select 1 from ${T} x where x.po_no = po_header.po_no) limit 1`.execute(
          t.db,
        )
      ).rows[0].poNo;
      expect((await sql`select * from ${T} where po_no = ${foreignPo}`.execute(supplier)).rows).toEqual([]);
      if (table === 'po_line')
        expect(
          await attempt(supplier, sql`update po_line set delivered_qty = delivered_qty where po_no = ${foreignPo}`),
        ).toBe(0n);
      expect(await byOwner(t.db)).toEqual(before);
    },
  );

  it('the role and company hold for the supplier’s statement or transaction only; staff statements are untouched', async () => {
    const who = (db: Db) =>
      sql<{
        role: string;
        comp: string | null;
      }>`select current_user as role, nullif(current_setting('app.comp_no', true), '') as comp`
        .execute(db)
        .then((r) => r.rows[0]);
    const staff = await who(t.db);
    expect(staff.role).not.toBe(SUPPLIER_ROLE);
    expect(await who(supplier)).toEqual({ role: SUPPLIER_ROLE, comp: OWN });
    expect(await who(t.db)).toEqual(staff);
    const inside = await supplier
      .transaction()
      .execute(async (trx) => [await who(trx), await who(scopeToCompany(trx, OTHER)), await who(trx)]);
    expect(inside).toEqual([
      { role: SUPPLIER_ROLE, comp: OWN },
      { role: SUPPLIER_ROLE, comp: OTHER },
      { role: SUPPLIER_ROLE, comp: OWN },
    ]);
    // A statement that fails rolls its transaction back and leaves the connection as it was.
    await expect(sql`select 1 / 0`.execute(supplier)).rejects.toThrow();
    expect(await who(t.db)).toEqual(staff);
    await expect(supplier.transaction().execute(async (trx) => sql`select 1 / 0`.execute(trx))).rejects.toThrow();
    expect(await who(t.db)).toEqual(staff);
  });
});
