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
 * The received lines of 하도급 orders that a clock may still flag: no written inspection result, or not yet in a
 * posted settlement (the nearest the system knows of "paid" until the payment day is recorded).
 */
export function openClockLines(db: Db) {
  return db
    .selectFrom('whReceiptLine as l')
    .innerJoin('whReceipt as r', 'r.whReqNo', 'l.whReqNo')
    .innerJoin('poHeader as h', 'h.poNo', 'l.poNo')
    .innerJoin('company as c', 'c.compNo', 'h.compNo')
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
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('settlementLine as sl')
              .innerJoin('settlement as s', 's.settleNo', 'sl.settleNo')
              .select(sql.lit(1).as('one'))
              .whereRef('sl.whReqNo', '=', 'l.whReqNo')
              .whereRef('sl.whLineNo', '=', 'l.lineNo')
              .where('s.status', '=', 'POSTED'),
          )
          .as('paid'),
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
