import { sql } from 'kysely';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import type { Db } from '../../../db/connect.js';
import { likeEscape } from '../../../http/list-query.js';
import { isPurchasingManager, type Actor } from '../../../domain/actor.js';
import type { Instant } from '../../../domain/dates.js';
import { iso } from '../../../domain/values.js';
import { findQuotations } from './queries.js';
import { questionsOfRfq } from '../rfq-questions/queries.js';
import { selectionAllowed } from './workflow.js';
import { standings } from '../../evaluation/eligibility.js';

/**
 * What the caller may do with a quotation request now (the buttons of a screen): select once
 * bidding is over and someone has submitted, cancel while open, order once awarded and no order exists.
 */
export function rfqActionsFor(
  h: { status: string; buyerId: string; deadline: Instant },
  quotationStatuses: readonly string[],
  who: { actor: Actor; canWrite: boolean; canOrder: boolean; hasOrder: boolean },
  now = new Date(),
): string[] {
  const mine = h.buyerId === who.actor.singleid || isPurchasingManager(who.actor);
  const actions: string[] = [];
  if (h.status === 'OPEN' && who.canWrite && mine && selectionAllowed(h.deadline, now, quotationStatuses) && quotationStatuses.includes('SUBMITTED')) actions.push('select');
  if (h.status === 'OPEN' && who.canWrite && mine) actions.push('cancel');
  if (h.status === 'AWARDED' && !who.hasOrder && who.canOrder && mine) actions.push('order');
  return actions;
}

/** A PR's current quotation request (latest not cancelled) with its invited suppliers, as PrRfqFields. */
export async function rfqSummaryOfPr(db: Db, prNo: string, actor: Actor) {
  const h = await db
    .selectFrom('rfqHeader')
    .select(['rfqNo', 'status', 'version', 'deadline', 'buyerId', 'selectedCompNo', 'currency'])
    .where('prNo', '=', prNo)
    .where('status', '<>', 'CANCELLED')
    .orderBy('rfqNo', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!h) {
    return { rfqNo: null, rfqStatus: null, rfqVersion: null, rfqDeadline: null, rfqDeadlinePassed: false, rfqSelectionAllowed: false, rfqSelectedCompNo: null, rfqActions: [], quotations: [], rfqQuestions: [] };
  }
  const [quotes, canWrite, canOrder, po, rfqQuestions] = await Promise.all([
    findQuotations(db, h.rfqNo),
    groupHoldsScreen(db, actor.authGroupId, ['/prConfirmEdit'], 'write'),
    groupHoldsScreen(db, actor.authGroupId, ['/OrderRequestEdit'], 'write'),
    db.selectFrom('poHeader').select('poNo').where('rfqNo', '=', h.rfqNo).where('status', '<>', 'CANCELLED').executeTakeFirst(),
    questionsOfRfq(db, h.rfqNo),
  ]);
  const now = new Date();
  const statuses = quotes.map((q) => q.status);
  return {
    rfqNo: h.rfqNo,
    rfqStatus: h.status,
    rfqVersion: h.version,
    rfqDeadline: iso(h.deadline),
    rfqDeadlinePassed: Date.parse(h.deadline) < now.getTime(),
    rfqSelectionAllowed: h.status === 'OPEN' && selectionAllowed(h.deadline, now, statuses),
    rfqSelectedCompNo: h.selectedCompNo,
    rfqActions: rfqActionsFor(h, statuses, { actor, canWrite, canOrder, hasOrder: !!po }, now),
    quotations: quotes.map(({ remark: _r, fileId: _f, ...q }) => ({ ...q, currency: h.currency })),
    rfqQuestions,
  };
}

/** Suppliers a buyer may invite (trading, ACTIVE): by a part of the name, the company number or the business number. */
export async function searchSuppliers(db: Db, q: string | undefined, w: { limit: number; offset: number }) {
  const text = q?.trim() ?? '';
  let base = db.selectFrom('company as c').where('c.status', '=', 'ACTIVE');
  if (text) {
    const like = `%${likeEscape(text)}%`;
    // A business number is typed as digits (and hyphens): digits inside a name are part of the name.
    const digits = /^[\d\s-]+$/.test(text) ? text.replace(/[^0-9]/g, '') : '';
    base = base.where((eb) =>
      eb.or([eb('c.compNameKr', 'ilike', like), eb('c.compNo', 'ilike', like), ...(digits.length >= 3 ? [eb('c.taxNo', 'like', `%${digits}%`)] : [])]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select(['c.compNo', 'c.compNameKr', 'c.taxNo2', 'c.ceoName', 'c.forwardYn'])
      .orderBy(sql`case when c.comp_no = ${text.toUpperCase()} then 0 else 1 end`)
      .orderBy('c.compNameKr')
      .orderBy('c.compNo')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // Each candidate's evaluation standing, so the buyer sees a "warn" or "block" grade before inviting.
  const standing = await standings(db, rows.map((r) => r.compNo));
  return {
    rows: rows.map((r) => {
      const s = standing.get(r.compNo);
      return { ...r, grade: s?.grade ?? null, gradeAction: s?.action ?? null, gradePeriod: s?.periodName ?? null };
    }),
    total: Number(count.n),
  };
}
