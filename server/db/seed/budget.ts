import { sql } from 'kysely';
import type { Db } from '../connect.js';
import { insertAll } from './insert.js';
import { JPY_RATE_PER_100 } from './codes.js';
import { SEED_ANCHOR } from './rng.js';

/**
 * The demo budgets (docs/budget.md). The accounts are the BUDGET_ACCOUNT codes
 * (server/db/seed/codes.ts); migration 0430 adds the same rows to a database seeded before.
 * - each seeded PR line gets the account its item's category maps to;
 * - the ledger is what the documents hold, computed as server/modules/budget/consumption/plan.ts
 *   does (pre-committed approved PRs not ordered, committed orders less received, received actual);
 * - every department has a budget for every account and month of the anchor's year and the year
 *   before, sized to what the documents consume (so the report's bars are comparable): a key that
 *   consumed something gets 130 % of it (rounded up to a million) plus the account's base, one
 *   that consumed nothing the base alone (10–40 million won a month: room for the journeys' small
 *   requests); every seventh key that consumed something gets what it consumed plus 10 % and
 *   5,000,000 won (near its limit); the STOP account RND (시험연구) has 0 this year everywhere:
 *   exhausted, so a PR charged to it is refused until a transfer (예산전용) gives it some;
 * - two approved transfers of this year (BT…-000001/2, without approval rounds, as the older
 *   orders), already moved into the lines' `transferred`.
 */
const BUDGET_ACCOUNTS = [
  { accountCode: 'RAW', policy: 'WARN' },
  { accountCode: 'SUP', policy: 'STOP' },
  { accountCode: 'EQP', policy: 'STOP' },
  { accountCode: 'OUT', policy: 'WARN' },
  { accountCode: 'PKG', policy: 'IGNORE' },
  { accountCode: 'RND', policy: 'STOP' },
] as const;

const BUDGET_CATEGORY_MAP = [
  ['MRO', 'SUP'],
  ['ELC', 'RAW'],
  ['RAW', 'RAW'],
  ['OFC', 'SUP'],
  ['ITE', 'EQP'],
  ['PKG', 'PKG'],
  ['FAC', 'EQP'],
] as const;

/** Monthly budget per department and account on top of 130 % of what the key consumed (whole won). */
const BASE: Record<string, bigint> = {
  RAW: 40_000_000n,
  SUP: 15_000_000n,
  EQP: 30_000_000n,
  OUT: 20_000_000n,
  PKG: 10_000_000n,
  RND: 10_000_000n,
};
const MILLION = 1_000_000n;

export const BUDGET_TABLES = [
  'budgetAccount',
  'budgetAccountCategory',
  'budgetLine',
  'budgetLedger',
  'budgetTransfer',
] as const;

export async function seedBudgets(trx: Db): Promise<void> {
  const created = new Date(`${SEED_ANCHOR}T00:00:00+09:00`);
  await insertAll(
    trx,
    'budgetAccount',
    BUDGET_ACCOUNTS.map((a) => ({ ...a, updatedBy: 'tfadmin', updatedAt: created })),
  );
  const cats = new Set((await trx.selectFrom('itemCategory').select('catCode').execute()).map((c) => c.catCode));
  await insertAll(
    trx,
    'budgetAccountCategory',
    BUDGET_CATEGORY_MAP.filter(([cat]) => cats.has(cat)).map(([catCode, accountCode]) => ({ catCode, accountCode })),
  );

  await sql`
    update pr_line l set budget_account = coalesce(m1.account_code, m2.account_code, m3.account_code)
    from item i
    join item_category c1 on c1.cat_code = i.cat_code
    left join item_category c2 on c2.cat_code = c1.parent_code
    left join budget_account_category m1 on m1.cat_code = c1.cat_code
    left join budget_account_category m2 on m2.cat_code = c2.cat_code
    left join budget_account_category m3 on m3.cat_code = c2.parent_code
    where i.item_code = l.item_code`.execute(trx);

  const krw = (amount: string, currency: string) =>
    sql`(case when ${sql.ref(currency)} = 'JPY' then round(${sql.raw(amount)} * ${JPY_RATE_PER_100}::numeric / 100, 0) else round(${sql.raw(amount)}, 0) end)`;
  // Pre-committed: approved PRs that nothing was ordered from.
  await sql`
    insert into budget_ledger (fiscal_year, month, deptcd, account_code, doc_type, doc_no, line_no, kind, event, amount, created_by, created_at)
    select extract(year from h.pr_date::date)::int, extract(month from h.pr_date::date)::int, h.deptcd, l.budget_account, 'PR', h.pr_no, l.line_no, 'PRE_COMMIT', 'APPROVE',
           ${krw('l.est_amount', 'h.currency')}, 'tfadmin', ${created}
    from pr_header h join pr_line l on l.pr_no = h.pr_no
    where h.status in ('APPROVED', 'RECEIVED', 'QUOT_REQUESTED') and l.budget_account is not null
      and not exists (select 1 from po_header p where p.pr_no = h.pr_no and p.status <> 'CANCELLED')
      and not exists (select 1 from loi x where x.pr_no = h.pr_no and x.status in ('DRAFT', 'IN_APPROVAL', 'ISSUED', 'ACCEPTED'))`.execute(
    trx,
  );
  // Orders taken from a PR: what was received is actual, the rest committed while the order is open.
  const received = krw('round(o.received_qty * o.unit_price, 0)', 'p.currency');
  for (const [kind, event, amount, where] of [
    ['ACTUAL', 'RECEIPT', received, sql`o.received_qty > 0`],
    [
      'COMMIT',
      'ORDER',
      sql`${krw('o.amount', 'p.currency')} - ${received}`,
      sql`p.status not in ('CANCELLED', 'CLOSED') and ${krw('o.amount', 'p.currency')} > ${received}`,
    ],
  ] as const) {
    await sql`
      insert into budget_ledger (fiscal_year, month, deptcd, account_code, doc_type, doc_no, line_no, kind, event, amount, created_by, created_at)
      select extract(year from h.pr_date::date)::int, extract(month from h.pr_date::date)::int, h.deptcd, l.budget_account, 'PO', p.po_no, o.line_no, ${kind}, ${event}, ${amount}, 'tfadmin', ${created}
      from po_header p
      join pr_header h on h.pr_no = p.pr_no
      join po_line o on o.po_no = p.po_no
      join pr_line l on l.pr_no = h.pr_no and l.line_no = coalesce(
        o.pr_line_no,
        (select min(f.line_no) from pr_line f where f.pr_no = h.pr_no and f.budget_account is not null)
      )
      where l.budget_account is not null and ${where}`.execute(trx);
  }

  const year = Number(SEED_ANCHOR.slice(0, 4));
  const consumed = new Map(
    (
      await trx
        .selectFrom('budgetLedger')
        .select(['fiscalYear', 'month', 'deptcd', 'accountCode', (eb) => eb.fn.sum<string>('amount').as('amount')])
        .groupBy(['fiscalYear', 'month', 'deptcd', 'accountCode'])
        .execute()
    ).map((r) => [`${r.fiscalYear}|${r.month}|${r.deptcd}|${r.accountCode}`, BigInt(String(r.amount))]),
  );
  const depts = await trx.selectFrom('department').select('deptcd').orderBy('deptcd').execute();
  const lines: Array<{
    fiscalYear: number;
    month: number;
    deptcd: string;
    accountCode: string;
    amount: string;
    transferred?: string;
    createdBy: string;
    createdAt: Date;
    updatedBy: string;
    updatedAt: Date;
  }> = [];
  let turn = 0;
  for (const fiscalYear of [year - 1, year]) {
    for (const { deptcd } of depts) {
      for (const { accountCode } of BUDGET_ACCOUNTS) {
        for (let month = 1; month <= 12; month++) {
          const used = consumed.get(`${fiscalYear}|${month}|${deptcd}|${accountCode}`) ?? 0n;
          let amount = (((used * 13n) / 10n + MILLION - 1n) / MILLION) * MILLION + BASE[accountCode];
          if (accountCode === 'RND' && fiscalYear === year) amount = 0n;
          else if (used > 0n && turn++ % 7 === 0) amount = used + used / 10n + 5_000_000n;
          lines.push({
            fiscalYear,
            month,
            deptcd,
            accountCode,
            amount: String(amount),
            createdBy: 'tfadmin',
            createdAt: created,
            updatedBy: 'tfadmin',
            updatedAt: created,
          });
        }
      }
    }
  }
  // Two approved transfers of this year (the demo's 예산전용 history), moved into the lines.
  const month = Number(SEED_ANCHOR.slice(5, 7));
  const [d1, d2] = [depts[0].deptcd, depts[1].deptcd];
  const transfers = [
    {
      transferNo: `BT${year}-000001`,
      fiscalYear: year,
      fromMonth: month,
      fromDeptcd: d1,
      fromAccount: 'RAW',
      toMonth: month,
      toDeptcd: d1,
      toAccount: 'SUP',
      amount: '5000000',
      reason: '소모품 추가 구매분 전용',
    },
    {
      transferNo: `BT${year}-000002`,
      fiscalYear: year,
      fromMonth: month,
      fromDeptcd: d1,
      fromAccount: 'EQP',
      toMonth: month,
      toDeptcd: d2,
      toAccount: 'EQP',
      amount: '3000000',
      reason: '설비 예산 부서 간 이관',
    },
  ];
  for (const t of transfers) {
    const shift = (m: number, deptcd: string, accountCode: string, delta: bigint) => {
      const l = lines.find(
        (x) => x.fiscalYear === t.fiscalYear && x.month === m && x.deptcd === deptcd && x.accountCode === accountCode,
      )!;
      l.transferred = String(BigInt(l.transferred ?? '0') + delta);
    };
    shift(t.fromMonth, t.fromDeptcd, t.fromAccount, -BigInt(t.amount));
    shift(t.toMonth, t.toDeptcd, t.toAccount, BigInt(t.amount));
  }
  await insertAll(trx, 'budgetLine', lines);
  await insertAll(
    trx,
    'budgetTransfer',
    transfers.map((t) => ({
      ...t,
      status: 'APPROVED' as const,
      approvalStatus: 'APPROVED',
      requesterId: 'E000004',
      requestedAt: created,
      approvedAt: created,
      createdBy: 'operator',
      updatedAt: created,
    })),
  );
  await sql`
    insert into document_sequence (prefix, period, last_value) values ('BT', ${String(year)}, ${transfers.length})
    on conflict (prefix, period) do update set last_value = greatest(document_sequence.last_value, excluded.last_value)`.execute(
    trx,
  );
}
