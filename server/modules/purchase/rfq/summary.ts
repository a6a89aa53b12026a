import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import type { Db } from '../../../db/connect.js';
import { isPurchasingManager, type Actor } from '../../../domain/actor.js';
import type { Instant } from '../../../domain/dates.js';
import { iso } from '../../../domain/values.js';
import { activeSuppliersMatching, currentRfqOfPr, findQuotations, liveOrderOfRfq } from './queries.js';
import { questionsOfRfq } from '../rfq-questions/queries.js';
import { selectionAllowed } from './workflow.js';
import { standings } from '../../evaluation/eligibility.js';

/**
 * What the caller may do with a quotation request now (the buttons of a screen): select once
 * bidding is over and someone has submitted, cancel while open, order once awarded and no order exists,
 * make a framework agreement from it once awarded (`agreement`: who may write agreements, order or not).
 */
export function rfqActionsFor(
  h: { status: string; buyerId: string; deadline: Instant },
  quotationStatuses: readonly string[],
  who: { actor: Actor; canWrite: boolean; canOrder: boolean; hasOrder: boolean; canAgree?: boolean },
  now: Date,
): string[] {
  const mine = h.buyerId === who.actor.singleid || isPurchasingManager(who.actor);
  const actions: string[] = [];
  if (
    h.status === 'OPEN' &&
    who.canWrite &&
    mine &&
    selectionAllowed(h.deadline, now, quotationStatuses) &&
    quotationStatuses.includes('SUBMITTED')
  )
    actions.push('select');
  if (h.status === 'OPEN' && who.canWrite && mine) actions.push('cancel');
  if (h.status === 'AWARDED' && !who.hasOrder && who.canOrder && mine) actions.push('order');
  if (h.status === 'AWARDED' && who.canAgree) actions.push('agreement');
  return actions;
}

/** A PR's current quotation request (latest not cancelled) with its invited suppliers, as PrRfqFields. */
export type CurrentRfq = NonNullable<Awaited<ReturnType<typeof currentRfqOfPr>>>;

/** What the summary reads of the current request, when its caller read it already (a PR's detail, in its own statement). */
export interface CurrentRfqParts {
  quotations: Awaited<ReturnType<typeof findQuotations>>;
  liveOrder: Awaited<ReturnType<typeof liveOrderOfRfq>>;
  questions: Awaited<ReturnType<typeof questionsOfRfq>>;
}

/**
 * `current`: the request as the caller already read it (null: none), else it is read here; `parts`:
 * its quotations, live order and questions as the caller read them, else they are read here.
 */
export async function rfqSummaryOfPr(
  db: Db,
  prNo: string,
  actor: Actor,
  /** The business clock the deadline is read on (as the quotation's submission decides). */
  now: Date,
  current?: CurrentRfq | null,
  parts?: CurrentRfqParts,
) {
  const h = current === undefined ? await currentRfqOfPr(db, prNo) : current;
  if (!h) {
    return {
      rfqNo: null,
      rfqStatus: null,
      rfqVersion: null,
      rfqDeadline: null,
      rfqDeadlinePassed: false,
      rfqSelectionAllowed: false,
      rfqSelectedCompNo: null,
      rfqActions: [],
      quotations: [],
      rfqQuestions: [],
    };
  }
  const [quotes, canWrite, canOrder, canAgree, po, rfqQuestions] = await Promise.all([
    parts?.quotations ?? findQuotations(db, h.rfqNo),
    groupHoldsScreen(db, actor.authGroupId, ['/prConfirmEdit'], 'write'),
    groupHoldsScreen(db, actor.authGroupId, ['/OrderRequestEdit'], 'write'),
    // createAgreementFromAward's own authority: write on the agreement screen.
    groupHoldsScreen(db, actor.authGroupId, ['/AgreementEdit'], 'write'),
    parts ? parts.liveOrder : liveOrderOfRfq(db, h.rfqNo),
    parts?.questions ?? questionsOfRfq(db, h.rfqNo),
  ]);
  const statuses = quotes.map((q) => q.status);
  return {
    rfqNo: h.rfqNo,
    rfqStatus: h.status,
    rfqVersion: h.version,
    rfqDeadline: iso(h.deadline),
    rfqDeadlinePassed: Date.parse(h.deadline) < now.getTime(),
    rfqSelectionAllowed: h.status === 'OPEN' && selectionAllowed(h.deadline, now, statuses),
    rfqSelectedCompNo: h.selectedCompNo,
    rfqActions: rfqActionsFor(h, statuses, { actor, canWrite, canOrder, canAgree, hasOrder: !!po }, now),
    quotations: quotes.map(({ remark: _r, fileId: _f, ...q }) => ({ ...q, currency: h.currency })),
    rfqQuestions,
  };
}

/** Suppliers a buyer may invite (trading, ACTIVE): by a part of the name, the company number or the business number. */
export async function searchSuppliers(db: Db, q: string | undefined, w: { limit: number; offset: number }) {
  const text = q?.trim() ?? '';
  const [rows, count] = await activeSuppliersMatching(db, text, w);
  // Each candidate's evaluation standing, so the buyer sees a "warn" or "block" grade before inviting.
  const standing = await standings(
    db,
    rows.map((r) => r.compNo),
  );
  return {
    rows: rows.map((r) => {
      const s = standing.get(r.compNo);
      return { ...r, grade: s?.grade ?? null, gradeAction: s?.action ?? null, gradePeriod: s?.periodName ?? null };
    }),
    total: Number(count.n),
  };
}
