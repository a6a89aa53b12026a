import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { given, likeEscape, type SortSpec } from '../../../http/list-query.js';
import { effectiveStatus } from './queries.js';
import type { CONSUMPTION_SORT } from './schemas.js';
import { pageTotal } from '../../../db/lists/page-total.js';

type Window = { limit: number; offset: number };

export interface ConsumptionFilter {
  agreementNo?: string;
  compNo?: string;
  compName?: string;
  status?: string[];
  validOn?: string;
  itemCode?: string;
  itemName?: string;
}

type Scope = ExpressionBuilder<
  Database & { a: Database['agreement']; c: Database['company']; l: Database['agreementLine'] },
  'a' | 'c' | 'l'
>;

/**
 * The consumption report: one row per agreement line — agreed quantity and amount, what was
 * ordered (the live call-offs' counters), what remains, the share consumed — with its agreement's
 * supplier, state (an active one past its last day reads EXPIRED), last valid day and ceiling.
 * Without a state asked, the approved agreements (a draft has nothing ordered against it).
 */
export async function listAgreementConsumption(
  db: Db,
  f: ConsumptionFilter,
  sort: SortSpec<(typeof CONSUMPTION_SORT)[number]>,
  w: Window,
  today: string,
) {
  const status = effectiveStatus(today);
  const agreedAmount = sql<string | null>`round(l.agreed_qty * l.unit_price, 2)`;
  const remainingQty = sql<string | null>`l.agreed_qty - l.ordered_qty`;
  const remainingAmount = sql<string | null>`round(l.agreed_qty * l.unit_price, 2) - l.ordered_amount`;
  const consumedPct = sql<string | null>`round(l.ordered_qty * 100 / nullif(l.agreed_qty, 0), 1)`;
  const ceilingPct = sql<string | null>`round(a.ordered_amount * 100 / nullif(a.ceiling_amount, 0), 1)`;
  const cond = (eb: Scope) => {
    const parts = [eb(status, 'in', f.status?.length ? f.status : ['ACTIVE', 'EXPIRED', 'TERMINATED'])];
    if (given(f.agreementNo)) parts.push(eb('a.agreementNo', 'ilike', `%${likeEscape(f.agreementNo!.trim())}%`));
    if (given(f.compNo)) parts.push(eb('a.compNo', '=', f.compNo!.trim().toUpperCase()));
    if (given(f.compName)) parts.push(eb('c.compNameKr', 'like', `%${likeEscape(f.compName!.trim())}%`));
    if (given(f.validOn)) parts.push(eb.and([eb('a.validFrom', '<=', f.validOn!), eb('a.validTo', '>=', f.validOn!)]));
    if (given(f.itemCode)) parts.push(eb('l.itemCode', '=', f.itemCode!.trim()));
    if (given(f.itemName)) parts.push(eb('l.itemName', 'ilike', `%${likeEscape(f.itemName!.trim())}%`));
    return eb.and(parts);
  };
  const columns = {
    agreementNo: sql`a.agreement_no`,
    compNameKr: sql`c.comp_name_kr`,
    itemName: sql`l.item_name`,
    validTo: sql`a.valid_to`,
    agreedQty: sql`l.agreed_qty`,
    orderedQty: sql`l.ordered_qty`,
    orderedAmount: sql`l.ordered_amount`,
    remainingQty: remainingQty,
    consumedPct: consumedPct,
    status,
  } as const;
  const base = db
    .selectFrom('agreementLine as l')
    .innerJoin('agreement as a', 'a.agreementNo', 'l.agreementNo')
    .innerJoin('company as c', 'c.compNo', 'a.compNo')
    .where(cond);
  const counted = () => base.select((eb) => eb.fn.countAll<number>().as('n'));
  // The page and the list's count in one statement: the count an uncorrelated subquery of the same
  // filter (PostgreSQL runs it once, an InitPlan). Only a page found empty past the first sends its own.
  const rows = await base
    .select([
      'a.agreementNo',
      'a.compNo',
      'c.compNameKr',
      'a.title',
      'a.currency',
      'a.validFrom',
      'a.validTo',
      'a.ceilingAmount',
      'a.orderedAmount as agreementOrderedAmount',
      'l.lineNo',
      'l.itemCode',
      'l.itemName',
      'l.unitCode',
      'l.unitPrice',
      'l.agreedQty',
      'l.orderedQty',
      'l.orderedAmount',
    ])
    .select([
      status.as('status'),
      agreedAmount.as('agreedAmount'),
      remainingQty.as('remainingQty'),
      remainingAmount.as('remainingAmount'),
      consumedPct.as('consumedPct'),
      ceilingPct.as('ceilingPct'),
      counted().as('listTotal'),
    ])
    .orderBy(columns[sort.field], (ob) => (sort.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy('a.agreementNo', 'desc')
    .orderBy('l.lineNo')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  const total = await pageTotal(rows, w.offset, () => counted().executeTakeFirstOrThrow());
  return { rows: rows.map(({ listTotal: _, ...r }) => ({ lineKey: `${r.agreementNo}-${r.lineNo}`, ...r })), total };
}
