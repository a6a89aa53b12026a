import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import type { SortSpec } from '../../../http/list-query.js';

type RuleSort = SortSpec<'matchKind' | 'matchValue' | 'subconKind' | 'updatedAt'>;

/** The rules with the names of what they match (a sourcing group, a supplier) and of who last changed them. */
function ruleRows(db: Db) {
  return db
    .selectFrom('subconRule as r')
    .leftJoin('sourcingGroup as g', (j) =>
      j.on('r.matchKind', '=', sql.lit('SG_CODE')).onRef('g.sgCode', '=', 'r.matchValue'),
    )
    .leftJoin('company as c', (j) =>
      j.on('r.matchKind', '=', sql.lit('COMP_NO')).onRef('c.compNo', '=', 'r.matchValue'),
    )
    .leftJoin('appUser as e', 'e.userId', 'r.updatedBy')
    .select([
      'r.ruleId',
      'r.matchKind',
      'r.matchValue',
      sql<string | null>`coalesce(${sql.ref('g.sgName')}, ${sql.ref('c.compNameKr')})`.as('matchName'),
      'r.subconKind',
      'r.remark',
      'r.updatedBy',
      'e.hname as updatedByName',
      'r.updatedAt',
      'r.version',
    ]);
}

export async function listRules(
  db: Db,
  filter: { matchKind?: string; subconKind?: string },
  sort: RuleSort,
  page: { limit: number; offset: number },
) {
  let q = ruleRows(db);
  if (filter.matchKind) q = q.where('r.matchKind', '=', filter.matchKind as 'PO_TYPE');
  if (filter.subconKind) q = q.where('r.subconKind', '=', filter.subconKind as 'NONE');
  const [rows, count] = await Promise.all([
    q.orderBy(`r.${sort.field}`, sort.direction).orderBy('r.ruleId').limit(page.limit).offset(page.offset).execute(),
    db
      .selectFrom('subconRule as r')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .$if(!!filter.matchKind, (w) => w.where('r.matchKind', '=', filter.matchKind as 'PO_TYPE'))
      .$if(!!filter.subconKind, (w) => w.where('r.subconKind', '=', filter.subconKind as 'NONE'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const findRule = (db: Db, ruleId: number) => ruleRows(db).where('r.ruleId', '=', ruleId).executeTakeFirst();

export const lockRule = (trx: Db, ruleId: number) =>
  trx.selectFrom('subconRule').selectAll().where('ruleId', '=', ruleId).forUpdate().executeTakeFirst();

/** The rule already naming this thing, if any (the pair is unique). */
export const findRuleByMatch = (trx: Db, matchKind: string, matchValue: string) =>
  trx
    .selectFrom('subconRule')
    .select(['ruleId'])
    .where('matchKind', '=', matchKind as 'PO_TYPE')
    .where('matchValue', '=', matchValue)
    .executeTakeFirst();

export async function insertRule(trx: Db, row: Insertable<Database['subconRule']>) {
  return (await trx.insertInto('subconRule').values(row).returning('ruleId').executeTakeFirstOrThrow()).ruleId;
}

export async function updateRule(trx: Db, ruleId: number, values: Updateable<Database['subconRule']>) {
  await trx.updateTable('subconRule').set(values).where('ruleId', '=', ruleId).execute();
}

export async function deleteRule(trx: Db, ruleId: number) {
  await trx.deleteFrom('subconRule').where('ruleId', '=', ruleId).execute();
}

export const sourcingGroupExists = async (db: Db, sgCode: string) =>
  !!(await db.selectFrom('sourcingGroup').select('sgCode').where('sgCode', '=', sgCode).executeTakeFirst());

export const companyExists = async (db: Db, compNo: string) =>
  !!(await db.selectFrom('company').select('compNo').where('compNo', '=', compNo).executeTakeFirst());

/**
 * The received lines of 하도급 orders that a clock may still flag, with whether a recorded payment covers them (the
 * settlement they are in has its payment day) and what they will be paid in won: their settlement line's amount
 * once settled, else the receipt's amount when the order is in won (null: a foreign-currency line not yet
 * settled, whose won amount waits for the month's rate).
 */
export function openClockLines(db: Db) {
  return db
    .selectFrom('whReceiptLine as l')
    .innerJoin('whReceipt as r', 'r.whReqNo', 'l.whReqNo')
    .innerJoin('poHeader as h', 'h.poNo', 'l.poNo')
    .innerJoin('company as c', 'c.compNo', 'h.compNo')
    .leftJoin('settlementLine as sl', (j) =>
      j.onRef('sl.whReqNo', '=', 'l.whReqNo').onRef('sl.whLineNo', '=', 'l.lineNo'),
    )
    .leftJoin('settlement as s', 's.settleNo', 'sl.settleNo')
    .select([
      'l.whReqNo',
      'l.lineNo',
      'l.poNo',
      'l.itemName',
      'r.whReqDate',
      'h.subconKind',
      'h.paymentTermDays',
      'h.ownerPaidDate',
      'c.compNameKr',
      'l.inspectionResult',
      'sl.settleNo',
      sql<string | null>`case when ${sql.ref('sl.krwAmount')} is not null then ${sql.ref('sl.krwAmount')}::text
        when ${sql.ref('h.currency')} = ${sql.lit('KRW')} then ${sql.ref('l.amount')}::text end`.as('krwAmount'),
      sql<boolean>`${sql.ref('s.paidOn')} is not null`.as('paid'),
    ])
    .where('h.subconKind', 'is not', null)
    .where('r.status', '<>', 'CANCELLED')
    .orderBy('l.whReqNo')
    .orderBy('l.lineNo')
    .execute();
}

/**
 * 하도급 orders that reached their supplier before any written contract existed (possible while the gate was off,
 * or for orders sent before the gate came): no e-contract executed and no paper contract recorded by then.
 */
export function ordersSentBeforeContract(db: Db) {
  return db
    .selectFrom('poHeader as h')
    .innerJoin('company as c', 'c.compNo', 'h.compNo')
    .select(['h.poNo', 'h.subconKind', 'c.compNameKr', 'h.forwardedAt'])
    .where('h.subconKind', 'is not', null)
    .where('h.forwardedAt', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('econtract as e')
            .select(sql.lit(1).as('one'))
            .where('e.sourceKind', '=', 'PO')
            .whereRef('e.sourceNo', '=', 'h.poNo')
            .where('e.status', '=', 'EXECUTED')
            .whereRef('e.executedAt', '<=', 'h.forwardedAt'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('poPaperContract as p')
            .select(sql.lit(1).as('one'))
            .whereRef('p.poNo', '=', 'h.poNo')
            .whereRef('p.recordedAt', '<=', 'h.forwardedAt'),
        ),
      ),
    )
    .orderBy('h.forwardedAt')
    .execute();
}

/** The FTC's rates (지연이자, 어음할인율, 어음대체결제 수수료율), each in force from its date. */
export async function subconRateRows(db: Db) {
  const rows = await db
    .selectFrom('subconRate')
    .select(['rateKind', 'effectiveFrom', 'ratePct'])
    .orderBy('rateKind')
    .orderBy('effectiveFrom')
    .execute();
  return rows.map((r) => ({ ...r, ratePct: String(Number(r.ratePct)) }));
}

/** The kind of a settlement's first 하도급 line's order; null when none of its lines is 하도급. */
const settlementKind = sql<string | null>`(select h.subcon_kind from settlement_line sl
  join po_header h on h.po_no = sl.po_no
  where sl.settle_no = s.settle_no and h.subcon_kind is not null
  order by sl.line_no limit 1)`;

/**
 * 하도급 settlements whose recorded payment owed 지연이자 (§13⑧) or an 어음 할인료 / 어음대체결제 수수료 (§13⑥⑦), with the
 * voucher posting them to the ERP.
 */
export function paymentsWithCharges(db: Db) {
  return db
    .selectFrom('settlement as s')
    .innerJoin('company as c', 'c.compNo', 's.compNo')
    .leftJoin('erpVoucher as v', (j) =>
      j.onRef('v.settleNo', '=', 's.settleNo').on('v.kind', '=', sql.lit('SUBCON_CHARGE')),
    )
    .select([
      's.settleNo',
      'c.compNameKr',
      's.paidOn',
      sql<string>`${sql.ref('s.lateInterest')}::text`.as('lateInterest'),
      sql<string>`${sql.ref('s.billFee')}::text`.as('billFee'),
      'v.voucherNo',
      'v.status as voucherStatus',
      settlementKind.as('subconKind'),
    ])
    .where('s.paidOn', 'is not', null)
    .where((eb) => eb.or([eb('s.lateInterest', '>', '0'), eb('s.billFee', '>', '0')]))
    .where(settlementKind, 'is not', null)
    .orderBy('s.paidOn')
    .orderBy('s.settleNo')
    .execute();
}

/**
 * Reductions of 하도급 settlements that count or wait to (approved or requested negative adjustments) without the
 * 감액 서면 §11 asks for: none named, or one not acknowledged by the supplier, of another settlement or of another
 * amount. The adjustment commands refuse these (settlement/subcon.ts); they come from before the rule or from data
 * loaded around it.
 */
export function reductionsWithoutWriting(db: Db) {
  return db
    .selectFrom('settlementAdjustment as a')
    .innerJoin('settlement as s', 's.settleNo', 'a.settleNo')
    .innerJoin('company as c', 'c.compNo', 's.compNo')
    .leftJoin('settlementReduction as d', 'd.reductionNo', 'a.reductionNo')
    .select([
      'a.adjNo',
      'a.settleNo',
      'a.status',
      'c.compNameKr',
      sql<string>`(-${sql.ref('a.amount')})::text`.as('amount'),
      settlementKind.as('subconKind'),
    ])
    .where('a.amount', '<', '0')
    .where('a.status', 'in', ['REQUESTED', 'APPROVED'])
    .where(settlementKind, 'is not', null)
    .where((eb) =>
      eb.or([
        eb('d.reductionNo', 'is', null),
        eb('d.status', '<>', 'ACKNOWLEDGED'),
        eb('d.settleNo', '<>', eb.ref('a.settleNo')),
        eb('d.amount', '<>', sql<string>`-${sql.ref('a.amount')}`),
      ]),
    )
    .orderBy('a.adjNo')
    .execute();
}

/** Every FTC rate with who entered it: by kind, newest first. */
export async function rateRows(db: Db) {
  const rows = await db
    .selectFrom('subconRate as r')
    .leftJoin('appUser as e', 'e.userId', 'r.updatedBy')
    .select([
      'r.rateKind',
      'r.effectiveFrom',
      'r.ratePct',
      'r.source',
      'r.updatedBy',
      'e.hname as updatedByName',
      'r.updatedAt',
    ])
    .orderBy('r.rateKind')
    .orderBy('r.effectiveFrom', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, ratePct: String(Number(r.ratePct)) }));
}

export const findRate = (trx: Db, rateKind: string, effectiveFrom: string) =>
  trx
    .selectFrom('subconRate')
    .select(['rateKind'])
    .where('rateKind', '=', rateKind as 'LATE_INTEREST')
    .where('effectiveFrom', '=', effectiveFrom)
    .executeTakeFirst();

export async function insertRate(trx: Db, row: Insertable<Database['subconRate']>) {
  await trx.insertInto('subconRate').values(row).execute();
}
