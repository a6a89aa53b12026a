/**
 * Change orders of a sent PO as revisions (docs/agreements.md "Change orders"): a change of a sent,
 * acknowledged or partly delivered order (quantities, prices, due and delivery dates, lines added or
 * removed) makes revision n+1; the terms of every revision are kept read-only (po_revision.snapshot)
 * with the field-level difference from the one before. A change that crosses the re-approval rule
 * (SYSTEM_CONST PO_CHANGE_APPROVAL) is proposed and goes through the PO_CHANGE approval line; the
 * order keeps its terms until the last approval puts the revision in force. Once in force the
 * supplier is notified and acknowledges the revision. Lines keep their identity (po_no, line_no), so
 * deliveries, receipts and settlements made on an earlier revision stay matched; a quantity is
 * never reduced below what was delivered or received; call-off lines move their agreement and the
 * budget ledger follows the revision in the same transaction.
 */
import { josa } from '../../../../lib/josa.js';
import type { Static } from 'typebox';
import { compareDecimals } from '../../../../lib/money.js';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor, type Actor } from '../../../domain/actor.js';
import { failIf, invalid, refused, checkVersion, type FieldError } from '../../../domain/errors.js';
import {
  amt,
  fitsAmount,
  jpyRate,
  lineAmount,
  movesMoreThanPercent,
  qty,
  simpleOrderLimit,
  toKrw,
  totalOf,
  wonText,
} from '../../../domain/money.js';
import { transition } from '../../../domain/machine.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { QUANTITY, UNIT_PRICE, checkDecimal, iso, text } from '../../../domain/values.js';
import { recordBudgetMovement } from '../../budget/consumption/index.js';
import { notifyPoChanged } from '../../notifications/supplier.js';
import { approvalCovers, startApproval } from '../approval/queries.js';
import type { Outcome } from '../approval/outcome-handlers.js';
import { checkAgreementConsumption, giveBack, type CheckedConsumption } from '../agreement/consumption.js';
import { findItemForAgreement, unitExists } from '../agreement/queries.js';
import { minus } from '../agreement/workflow.js';
import {
  deletePoLine,
  findPoLineRows,
  findPoRow,
  findRevisions,
  insertPoChanges,
  insertPoLines,
  insertRevision,
  lineHasDocuments,
  lockPo,
  lockProposedRevision,
  nextChangeSeq,
  supersedeCurrentRevision,
  systemConsts,
  updatePoHeader,
  updatePoLine,
  updateRevision,
} from './queries.js';
import type { PoChangeBody } from './schemas.js';
import { PO_MACHINE, statusAfterChange } from './workflow.js';

type LineRow = Awaited<ReturnType<typeof findPoLineRows>>[number];
type PoRow = NonNullable<Awaited<ReturnType<typeof lockPo>>>;
export interface DiffEntry {
  field: string;
  lineNo: number | null;
  before: string | null;
  after: string | null;
}
interface Snapshot {
  dueDate: string | null;
  totalAmount: string;
  lines: Array<{
    lineNo: number;
    itemCode: string | null;
    itemName: string;
    spec: string | null;
    unitCode: string;
    sgCode: string | null;
    quantity: string;
    unitPrice: string;
    amount: string;
    deliveryDate: string | null;
    agreementNo: string | null;
    agreementLineNo: number | null;
  }>;
}

const snapshotOf = (dueDate: string | null, lines: readonly Snapshot['lines'][number][]): Snapshot => ({
  dueDate,
  totalAmount: amt(totalOf(lines.map((l) => l.amount))),
  lines: lines.map((l) => ({
    lineNo: l.lineNo,
    itemCode: l.itemCode,
    itemName: l.itemName,
    spec: l.spec,
    unitCode: l.unitCode,
    sgCode: l.sgCode,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    amount: l.amount,
    deliveryDate: l.deliveryDate,
    agreementNo: l.agreementNo,
    agreementLineNo: l.agreementLineNo,
  })),
});

const lineText = (l: Snapshot['lines'][number]) => `${l.itemName} ${l.quantity} × ${l.unitPrice}`.slice(0, 300);

/** The field-level difference between two revisions' terms. Pure. */
export function diffOf(before: Snapshot, after: Snapshot): DiffEntry[] {
  const out: DiffEntry[] = [];
  if (before.dueDate !== after.dueDate)
    out.push({ field: 'dueDate', lineNo: null, before: before.dueDate, after: after.dueDate });
  for (const a of after.lines) {
    const b = before.lines.find((x) => x.lineNo === a.lineNo);
    if (!b) {
      out.push({ field: 'line', lineNo: a.lineNo, before: null, after: lineText(a) });
      continue;
    }
    if (compareDecimals(a.quantity, b.quantity) !== 0)
      out.push({ field: 'quantity', lineNo: a.lineNo, before: b.quantity, after: a.quantity });
    if (compareDecimals(a.unitPrice, b.unitPrice) !== 0)
      out.push({ field: 'unitPrice', lineNo: a.lineNo, before: b.unitPrice, after: a.unitPrice });
    if (a.deliveryDate !== b.deliveryDate)
      out.push({ field: 'deliveryDate', lineNo: a.lineNo, before: b.deliveryDate, after: a.deliveryDate });
  }
  for (const b of before.lines)
    if (!after.lines.some((x) => x.lineNo === b.lineNo))
      out.push({ field: 'line', lineNo: b.lineNo, before: lineText(b), after: null });
  if (compareDecimals(before.totalAmount, after.totalAmount) !== 0)
    out.push({ field: 'totalAmount', lineNo: null, before: before.totalAmount, after: after.totalAmount });
  return out;
}

/**
 * Whether a change needs approval again, by the rule (comma-separated, any one): AMOUNT_UP — the
 * new total is above what the last approval covered; PRICE_UP — a unit price rises, or a line is
 * added; PCT:n — the total lies more than n percent away from the approved amount, either way, in
 * exact decimals (|Δ| × 100 > n × approved): measured from the approval, not from the revision before,
 * so a series of small changes crosses the threshold as one change would. No rule configured: AMOUNT_UP.
 */
export function needsReapproval(
  rule: string | null,
  ctx: { approvedAmount: string | null; before: Snapshot; after: Snapshot },
): string[] {
  const parts = (rule ?? 'AMOUNT_UP')
    .split(',')
    .map((p) => p.trim().toUpperCase())
    .filter(Boolean);
  const hits: string[] = [];
  const { before, after } = ctx;
  // What the last approval covered; an order approved before amounts were recorded, its terms now.
  const approved = ctx.approvedAmount ?? before.totalAmount;
  for (const p of parts) {
    if (p === 'AMOUNT_UP' && compareDecimals(after.totalAmount, approved) > 0) hits.push(p);
    if (
      p === 'PRICE_UP' &&
      after.lines.some((a) => {
        const b = before.lines.find((x) => x.lineNo === a.lineNo);
        return !b || compareDecimals(a.unitPrice, b.unitPrice) > 0;
      })
    )
      hits.push(p);
    const pct = /^PCT:(\d+(?:\.\d+)?)$/.exec(p);
    if (pct && movesMoreThanPercent(approved, after.totalAmount, pct[1])) hits.push(p);
  }
  return hits;
}

const proposalPending = (revision: number) =>
  refused('PO_CHANGE_PENDING', `결재 중인 발주 변경(${revision}차)이 있습니다. 결재가 끝난 뒤 다시 변경하세요`);

/** Revision 1: the order's terms before its first change, acknowledged as the order was. */
async function ensureFirstRevision(trx: Db, po: PoRow, lines: readonly LineRow[]) {
  if (po.revision !== 1) return;
  const existing = await findRevisions(trx, po.poNo);
  if (existing.some((r) => r.revision === 1)) return;
  const snapshot = snapshotOf(po.dueDate, lines);
  await insertRevision(trx, {
    poNo: po.poNo,
    revision: 1,
    compNo: po.compNo,
    status: 'CURRENT',
    snapshot: JSON.stringify(snapshot),
    diff: '[]',
    totalAmount: po.totalAmount,
    approvalId: po.approvalId,
    approvalStatus: po.approvalStatus,
    createdBy: po.createdBy ?? 'system',
    createdAt: po.forwardedAt ?? po.createdAt,
    acknowledgedAt: po.acknowledgedAt,
    acknowledgedBy: po.acknowledgedBy,
  });
}

/** Builds the terms after the change from the order's lines and the request; field errors collected. */
async function proposedTerms(trx: Db, po: PoRow, lines: readonly LineRow[], b: Static<typeof PoChangeBody>, now: Date) {
  const errors: FieldError[] = [];
  const currency = po.currency as 'KRW' | 'JPY';
  const removed = new Set(b.removeLines ?? []);
  const next: Snapshot['lines'] = [];
  for (const l of lines) {
    if (removed.has(l.lineNo)) continue;
    next.push({ ...l });
  }
  (b.lines ?? []).forEach((input, i) => {
    const line = next.find((l) => l.lineNo === input.lineNo);
    if (!line) {
      errors.push({ path: `body/lines/${i}/lineNo`, message: `발주에 없는 품목 줄입니다: ${input.lineNo}` });
      return;
    }
    if (input.quantity !== undefined && !errors.some((e) => e.path === `body/lines/${i}/quantity`))
      line.quantity = qty(input.quantity.trim());
    if (input.unitPrice !== undefined) line.unitPrice = amt(input.unitPrice.trim());
    if (input.deliveryDate !== undefined) line.deliveryDate = input.deliveryDate;
    line.amount = amt(lineAmount(line.quantity, line.unitPrice, currency));
    const old = lines.find((x) => x.lineNo === line.lineNo)!;
    const floor = compareDecimals(old.deliveredQty, old.receivedQty) >= 0 ? old.deliveredQty : old.receivedQty;
    if (compareDecimals(line.quantity, floor) < 0)
      errors.push({
        path: `body/lines/${i}/quantity`,
        message: `이미 납품·입고된 수량(${floor})보다 적게 바꿀 수 없습니다`,
      });
    if (!fitsAmount(line.amount))
      errors.push({ path: `body/lines/${i}/quantity`, message: '금액(수량 × 단가)이 너무 큽니다' });
  });
  for (const [i, lineNo] of [...removed].entries()) {
    const old = lines.find((l) => l.lineNo === lineNo);
    if (!old) errors.push({ path: `body/removeLines/${i}`, message: `발주에 없는 품목 줄입니다: ${lineNo}` });
    else if (
      compareDecimals(old.deliveredQty, '0') > 0 ||
      compareDecimals(old.receivedQty, '0') > 0 ||
      (await lineHasDocuments(trx, po.poNo, lineNo))
    )
      errors.push({ path: `body/removeLines/${i}`, message: `납품·입고된 품목 줄은 삭제할 수 없습니다: ${lineNo}` });
  }
  let nextNo = Math.max(0, ...lines.map((l) => l.lineNo));
  for (const [i, a] of (b.addLines ?? []).entries()) {
    const p = `body/addLines/${i}`;
    checkDecimal(errors, `${p}/quantity`, a.quantity, QUANTITY);
    checkDecimal(errors, `${p}/unitPrice`, a.unitPrice, UNIT_PRICE);
    checkDate(errors, `${p}/deliveryDate`, a.deliveryDate, '품목 납기일', { required: true, notBefore: todayKst(now) });
    let item: {
      itemCode: string | null;
      itemName: string;
      spec: string | null;
      unitCode: string;
      sgCode: string | null;
    } | null = null;
    const code = text(a.itemCode);
    if (code) {
      const found = await findItemForAgreement(trx, code);
      if (!found || found.useYn !== 'Y')
        errors.push({ path: `${p}/itemCode`, message: `사용 중인 품목이 아닙니다: ${code}` });
      else item = { ...found };
    } else {
      const name = text(a.itemName);
      const unit = text(a.unitCode);
      if (!name) errors.push({ path: `${p}/itemName`, message: '품목코드 또는 품명을 입력하세요' });
      if (!unit || !(await unitExists(trx, unit)))
        errors.push({ path: `${p}/unitCode`, message: `단위를 확인하세요: ${unit ?? ''}` });
      else if (name) item = { itemCode: null, itemName: name, spec: text(a.spec), unitCode: unit, sgCode: null };
    }
    if (!item || errors.some((e) => e.path.startsWith(p))) continue;
    const quantity = qty(a.quantity.trim());
    const unitPrice = amt(a.unitPrice.trim());
    next.push({
      lineNo: ++nextNo,
      ...item,
      quantity,
      unitPrice,
      amount: amt(lineAmount(quantity, unitPrice, currency)),
      deliveryDate: a.deliveryDate,
      agreementNo: null,
      agreementLineNo: null,
    });
  }
  if (next.length === 0)
    errors.push({ path: 'body/removeLines', message: '품목 줄을 모두 삭제할 수 없습니다. 발주를 취소하세요' });
  failIf(errors);
  next.sort((x, y) => x.lineNo - y.lineNo);
  return snapshotOf(b.dueDate ?? po.dueDate, next);
}

/**
 * What a change does to the agreements of its call-off lines: each changed line consumes by the
 * difference (checked as a call-off), a removed one gives all of it back. Undefined when it touches none.
 */
function agreementMoves(lines: readonly LineRow[], terms: Snapshot) {
  const consume = terms.lines.flatMap((l) => {
    const old = lines.find((x) => x.lineNo === l.lineNo);
    if (!old || !l.agreementNo) return [];
    if (compareDecimals(old.quantity, l.quantity) === 0 && compareDecimals(old.unitPrice, l.unitPrice) === 0) return [];
    return [
      {
        agreementNo: l.agreementNo,
        lineNo: l.agreementLineNo!,
        orderLineNo: l.lineNo,
        qty: minus(l.quantity, old.quantity),
        amount: minus(l.amount, old.amount),
        unitPrice: l.unitPrice,
      },
    ];
  });
  const release = lines
    .filter((l) => l.agreementNo && !terms.lines.some((x) => x.lineNo === l.lineNo))
    .map((l) => giveBack(l));
  return consume.length || release.length ? { consume, release } : undefined;
}

/** What an APPROVE agreement let a change go beyond, as its revision records it (null: nothing). */
const exceptionOf = (revision: number, checked: CheckedConsumption | undefined) =>
  checked?.accepted.length
    ? `${revision}차 변경: ${checked.accepted.map((p) => p.message).join(' / ')}`.slice(0, 500)
    : null;

/**
 * Puts terms in force as revision `revision`: lines changed in place (their identity kept), removed
 * and added; agreements and the budget follow; the supplier acknowledges again; po_change gets the
 * rows of poChangeInfo. Inside the caller's transaction, the order locked.
 */
async function putInForce(
  trx: Db,
  po: PoRow,
  lines: readonly LineRow[],
  terms: Snapshot,
  revision: number,
  ctx: {
    reason: string;
    actorUserId: string;
    reapproved: boolean;
    proposed: boolean;
    confirmBudgetWarning?: boolean | null;
    /** The business clock (app.clock): an agreement's validity is checked on its day. */
    now: Date;
    /** The agreements as changePo checked them before deciding (locked in this transaction). */
    checked?: CheckedConsumption;
  },
) {
  const before = snapshotOf(po.dueDate, lines);
  const diff = diffOf(before, terms);
  if (diff.length === 0) failIf([{ path: 'body', message: '변경된 내용이 없습니다' }]);
  // One check: every agreement locked in one order (a second call could deadlock against another
  // change), checked per line on the business clock's day — unless the change was checked before it was
  // decided on (changePo). What APPROVE let through is the order's exception, shown to its approvers.
  const moves = agreementMoves(lines, terms);
  const checked =
    ctx.checked ??
    (moves
      ? await checkAgreementConsumption(trx, moves, todayKst(ctx.now), { compNo: po.compNo, priceOn: po.poDate })
      : undefined);
  if (checked) {
    await checked.write();
    const exception = exceptionOf(revision, checked);
    if (exception) await updatePoHeader(trx, po.poNo, { agreementException: exception });
  }

  for (const l of lines)
    if (!terms.lines.some((x) => x.lineNo === l.lineNo)) await deletePoLine(trx, po.poNo, l.lineNo);
  for (const l of terms.lines) {
    const old = lines.find((x) => x.lineNo === l.lineNo);
    if (!old) continue;
    if (old.quantity === l.quantity && old.unitPrice === l.unitPrice && old.deliveryDate === l.deliveryDate) continue;
    await updatePoLine(trx, po.poNo, l.lineNo, {
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: l.amount,
      deliveryDate: l.deliveryDate,
    });
  }
  await insertPoLines(
    trx,
    terms.lines.filter((l) => !lines.some((x) => x.lineNo === l.lineNo)).map((l) => ({ poNo: po.poNo, ...l })),
  );
  const status = statusAfterChange(po.status as never);
  // The change's recorded moment (po_change.changed_at) is a document date: the business clock.
  const now = ctx.now;
  await updatePoHeader(trx, po.poNo, {
    totalAmount: terms.totalAmount,
    dueDate: terms.dueDate,
    status,
    revision,
    ...(ctx.reapproved ? { approvedAmount: terms.totalAmount } : {}),
    ...(status !== po.status ? { acknowledgedAt: null, acknowledgedBy: null } : {}),
    version: po.version + 1,
    updatedAt: now,
  });
  const changeSeq = await nextChangeSeq(trx, po.poNo);
  const rows = diff.map((d) => ({ field: d.field, lineNo: d.lineNo, beforeValue: d.before, afterValue: d.after }));
  if (status !== po.status) rows.push({ field: 'status', lineNo: null, beforeValue: po.status, afterValue: status });
  await insertPoChanges(
    trx,
    rows.map((c) => ({
      poNo: po.poNo,
      changeSeq,
      ...c,
      reason: ctx.reason,
      changedBy: ctx.actorUserId,
      changedAt: now,
    })),
  );
  await supersedeCurrentRevision(trx, po.poNo);
  if (ctx.proposed)
    await updateRevision(trx, po.poNo, revision, {
      status: 'CURRENT',
      changeSeq,
      diff: JSON.stringify(diff),
      snapshot: JSON.stringify(terms),
      totalAmount: terms.totalAmount,
    });
  else
    await insertRevision(trx, {
      poNo: po.poNo,
      revision,
      compNo: po.compNo,
      status: 'CURRENT',
      snapshot: JSON.stringify(terms),
      diff: JSON.stringify(diff),
      reason: ctx.reason,
      changeSeq,
      totalAmount: terms.totalAmount,
      createdBy: ctx.actorUserId,
    });
  await writeAudit(trx, {
    entity: 'po_header',
    entityKey: po.poNo,
    action: 'CHANGE',
    actor: ctx.actorUserId,
    before: { status: po.status, totalAmount: po.totalAmount, dueDate: po.dueDate, revision: po.revision },
    after: { status, totalAmount: terms.totalAmount, revision, changes: diff },
    reason: ctx.reason,
  });
  await recordBudgetMovement(trx, {
    event: 'CHANGE',
    docType: 'PO',
    docNo: po.poNo,
    actor: ctx.actorUserId,
    confirmWarning: ctx.confirmBudgetWarning,
  });
  // The supplier is told of the change (revision n, what changed: not a new order) and acknowledges the revision.
  await notifyPoChanged(trx, po.poNo, { revision, diff, reason: ctx.reason });
}

/**
 * Changes a sent order with a reason: revision n+1 at once, or — when the change crosses the
 * re-approval rule — proposed for approval (the order keeps its terms until then).
 */
export async function changePo(
  db: Db,
  caller: Caller | null,
  poNo: string,
  b: Static<typeof PoChangeBody>,
  lockOrder: (trx: Db, poNo: string, actor: Actor) => Promise<PoRow>,
  now: Date,
) {
  const reason = text(b.reason);
  const today = todayKst(now);
  const errors: FieldError[] = [];
  if (!reason) errors.push({ path: 'body/reason', message: '변경 사유를 입력하세요' });
  if (b.dueDate !== undefined)
    checkDate(errors, 'body/dueDate', b.dueDate, '납기일', { required: true, notBefore: today });
  (b.lines ?? []).forEach((l, i) => {
    if (l.quantity !== undefined) checkDecimal(errors, `body/lines/${i}/quantity`, l.quantity, QUANTITY);
    if (l.unitPrice !== undefined) checkDecimal(errors, `body/lines/${i}/unitPrice`, l.unitPrice, UNIT_PRICE);
    if (l.deliveryDate !== undefined)
      checkDate(errors, `body/lines/${i}/deliveryDate`, l.deliveryDate, '품목 납기일', {
        required: true,
        notBefore: today,
      });
  });
  failIf(errors);
  const actor = await internalActor(db, caller);
  const [rate, limit] = await Promise.all([jpyRate(db), simpleOrderLimit(db)]);
  const rule = (await systemConsts(db, ['PO_CHANGE_APPROVAL']))[0]?.attr1 ?? null;
  return db.transaction().execute(async (trx): Promise<{ outcome: 'APPLIED' | 'PROPOSED'; revision: number }> => {
    const po = await lockOrder(trx, poNo, actor);
    checkVersion(b.version, po.version);
    transition(PO_MACHINE, 'change', po.status);
    const open = await lockProposedRevision(trx, poNo);
    if (open) throw proposalPending(open.revision);
    const lines = await findPoLineRows(trx, poNo);
    const terms = await proposedTerms(trx, po, lines, b, now);
    const before = snapshotOf(po.dueDate, lines);
    const diff = diffOf(before, terms);
    if (diff.length === 0) failIf([{ path: 'body', message: '변경된 내용이 없습니다' }]);
    const totalKrw = toKrw(terms.totalAmount, po.currency as 'KRW' | 'JPY', rate);
    if (po.poType === 'SIMPLE' && compareDecimals(totalKrw, limit) >= 0)
      throw invalid('SIMPLE_ORDER_OVER_LIMIT', `소액발주는 ${wonText(limit)}원 미만이어야 합니다`);
    await ensureFirstRevision(trx, po, lines);
    // Numbers count proposals too: one rejected keeps its number, the next change takes the one after.
    const revision = Math.max(po.revision, ...(await findRevisions(trx, poNo)).map((r) => r.revision)) + 1;
    // The agreements are checked before the decision: REFUSE refuses the change here, and what an
    // APPROVE agreement lets through is a reason of its own to approve again — its approvers see it,
    // as they see a call-off's (docs/agreements.md "Change orders"). A proposal consumes nothing yet.
    // Prices are the agreement's in effect on the order's date: a later price change leaves this order's alone.
    const moves = agreementMoves(lines, terms);
    const checked = moves
      ? await checkAgreementConsumption(trx, moves, todayKst(now), { compNo: po.compNo, priceOn: po.poDate })
      : undefined;
    const exception = exceptionOf(revision, checked);
    const hits = [
      ...needsReapproval(rule, { approvedAmount: po.approvedAmount, before, after: terms }),
      ...(exception ? ['AGREEMENT_EXCEPTION'] : []),
    ];
    if (hits.length === 0) {
      await putInForce(trx, po, lines, terms, revision, {
        reason: reason!,
        actorUserId: actor.userId,
        reapproved: false,
        proposed: false,
        confirmBudgetWarning: b.confirmBudgetWarning,
        now,
        checked,
      });
      return { outcome: 'APPLIED', revision };
    }
    // Proposed: the approval line of PO_CHANGE decides; the order's terms stay as they are meanwhile.
    await insertRevision(trx, {
      poNo,
      revision,
      compNo: po.compNo,
      status: 'PROPOSED',
      snapshot: JSON.stringify(terms),
      diff: JSON.stringify(diff),
      reason,
      totalAmount: terms.totalAmount,
      needsApproval: true,
      approvalStatus: 'PENDING',
      agreementException: exception,
      createdBy: actor.userId,
    });
    const { approvalId } = await startApproval(
      trx,
      {
        docType: 'PO_CHANGE',
        docNo: `${poNo}-${revision}`,
        amountKrw: totalKrw,
        submitterId: actor.singleid,
        actorUserId: actor.userId,
      },
      now,
    );
    await updateRevision(trx, poNo, revision, { approvalId });
    await updatePoHeader(trx, poNo, { version: po.version + 1, updatedAt: new Date() });
    await writeAudit(trx, {
      entity: 'po_header',
      entityKey: poNo,
      action: 'CHANGE_PROPOSED',
      actor: actor.userId,
      before: { totalAmount: po.totalAmount, revision: po.revision },
      after: {
        revision,
        totalAmount: terms.totalAmount,
        rule: hits,
        approvalId,
        changes: diff,
        agreementException: exception,
      },
      reason,
    });
    return { outcome: 'PROPOSED', revision };
  });
}

/** The approval of a proposed change: the last one puts the revision in force; a rejection leaves the order as it was. */
export async function applyChangeOrderOutcome(
  trx: Db,
  a: { approvalId: number; docNo: string },
  outcome: Outcome,
  actorUserId: string,
  comment: string | null,
  options: { confirmBudgetWarning?: boolean | null; now: Date },
): Promise<string> {
  const poNo = a.docNo.replace(/-\d+$/, '');
  const revision = Number(a.docNo.slice(poNo.length + 1));
  const po = await lockPo(trx, poNo);
  const proposed = po ? await lockProposedRevision(trx, poNo) : undefined;
  if (!po || !proposed || proposed.revision !== revision || proposed.approvalId !== a.approvalId)
    throw refused('APPROVAL_DOCUMENT_MISMATCH', '결재 문서의 상태가 결재와 맞지 않습니다. 다시 조회하세요');
  if (outcome === 'NEXT') {
    await updateRevision(trx, poNo, revision, { approvalStatus: 'IN_PROGRESS' });
    return 'PROPOSED';
  }
  if (outcome === 'REJECTED') {
    await updateRevision(trx, poNo, revision, { status: 'REJECTED', approvalStatus: 'REJECTED' });
    await updatePoHeader(trx, poNo, { version: po.version + 1, updatedAt: options.now });
    await writeAudit(trx, {
      entity: 'po_header',
      entityKey: poNo,
      action: 'CHANGE_REJECTED',
      actor: actorUserId,
      after: { revision },
      reason: comment,
    });
    return 'REJECTED';
  }
  if (!PO_MACHINE.transitions.change.from.includes(po.status as never))
    throw refused(
      'PO_CHANGE_STALE',
      `발주 상태(${PO_MACHINE.statusLabels[po.status as never] ?? po.status})가 바뀌어 변경을 적용할 수 없습니다. 반려하세요`,
    );
  const lines = await findPoLineRows(trx, poNo);
  const terms = (typeof proposed.snapshot === 'string' ? JSON.parse(proposed.snapshot) : proposed.snapshot) as Snapshot;
  // What was delivered or received since the proposal still bounds the quantities.
  for (const l of terms.lines) {
    const old = lines.find((x) => x.lineNo === l.lineNo);
    if (old && (compareDecimals(l.quantity, old.deliveredQty) < 0 || compareDecimals(l.quantity, old.receivedQty) < 0))
      throw refused(
        'PO_CHANGE_STALE',
        `${l.lineNo}번 품목의 변경 수량이 이미 납품·입고된 수량보다 적습니다. 반려하세요`,
      );
  }
  for (const l of lines)
    if (
      !terms.lines.some((x) => x.lineNo === l.lineNo) &&
      (compareDecimals(l.deliveredQty, '0') > 0 || compareDecimals(l.receivedQty, '0') > 0)
    )
      throw refused('PO_CHANGE_STALE', `${l.lineNo}번 품목이 이미 납품·입고되어 삭제할 수 없습니다. 반려하세요`);
  await updateRevision(trx, poNo, revision, { approvalStatus: 'APPROVED' });
  await putInForce(trx, po, lines, terms, revision, {
    reason: proposed.reason ?? '',
    actorUserId,
    reapproved: true,
    proposed: true,
    confirmBudgetWarning: options.confirmBudgetWarning,
    now: options.now,
  });
  return 'APPROVED';
}

/** The revisions as an order's screens show them (proposals to staff only), from their rows as its detail reads them (json). */
export function revisionViews(
  rows: ReadonlyArray<{
    revision: number;
    status: string;
    reason: string | null;
    totalAmount: string;
    needsApproval: boolean;
    approvalStatus: string;
    changeSeq: number | null;
    diff: unknown;
    snapshot: unknown;
    agreementException: string | null;
    createdBy: string;
    createdAt: string;
    acknowledgedAt: string | null;
    acknowledgedBy: string | null;
  }>,
  opts: { supplier: boolean },
) {
  return rows
    .filter((r) => !opts.supplier || r.status === 'CURRENT' || r.status === 'SUPERSEDED')
    .map((r) => ({
      revision: r.revision,
      status: r.status,
      reason: r.reason,
      totalAmount: r.totalAmount,
      needsApproval: r.needsApproval,
      approvalStatus: r.approvalStatus,
      changeSeq: r.changeSeq,
      diff: (typeof r.diff === 'string' ? JSON.parse(r.diff) : r.diff) as DiffEntry[],
      snapshot: (typeof r.snapshot === 'string' ? JSON.parse(r.snapshot) : r.snapshot) as Snapshot,
      // What it went beyond an APPROVE agreement is for the buyer's side and its approvers, not the supplier.
      ...(opts.supplier ? {} : { agreementException: r.agreementException }),
      createdBy: r.createdBy,
      createdAt: iso(r.createdAt)!,
      acknowledgedAt: iso(r.acknowledgedAt),
      acknowledgedBy: r.acknowledgedBy,
    }));
}

type AgreedChange = Pick<Static<typeof PoChangeBody>, 'dueDate' | 'lines'>;

/** What an agreed change makes of the order's terms now, checked as the change path checks them. */
async function agreedTerms(trx: Db, po: PoRow, change: AgreedChange, reason: string, now: Date) {
  const lines = await findPoLineRows(trx, po.poNo);
  const terms = await proposedTerms(trx, po, lines, { version: po.version, reason, ...change }, now);
  const before = snapshotOf(po.dueDate, lines);
  const [rate, limit] = await Promise.all([jpyRate(trx), simpleOrderLimit(trx)]);
  const totalKrw = toKrw(terms.totalAmount, po.currency as 'KRW' | 'JPY', rate);
  if (po.poType === 'SIMPLE' && compareDecimals(totalKrw, limit) >= 0)
    throw invalid('SIMPLE_ORDER_OVER_LIMIT', `소액발주는 ${wonText(limit)}원 미만이어야 합니다`);
  const rule = (await systemConsts(trx, ['PO_CHANGE_APPROVAL']))[0]?.attr1 ?? null;
  const hits = needsReapproval(rule, { approvedAmount: po.approvedAmount, before, after: terms });
  return { lines, before, terms, totalKrw, hits };
}

/**
 * How an amendment (변경계약) agreeing this change must be approved, rated on what it does to the
 * order as it stands: its new total in KRW (the amount of the amendment's approval line), and
 * whether the re-approval rule (PO_CHANGE_APPROVAL, against the approved amount) asks for the
 * PO_CHANGE tier of that total — which the amendment's approval must then include.
 */
export async function rateAgreedChange(trx: Db, poNo: string, change: AgreedChange, now: Date) {
  const po = await findPoRow(trx, poNo);
  if (!po) throw refused('PO_NOT_FOUND', `발주 ${josa(poNo, '을/를')} 찾을 수 없습니다`);
  const { terms, totalKrw, hits } = await agreedTerms(trx, po, change, '변경계약', now);
  return {
    totalBefore: po.totalAmount,
    totalAfter: terms.totalAmount,
    currency: po.currency,
    amountKrw: totalKrw,
    reapproval: hits.length > 0 ? { docType: 'PO_CHANGE' as const, amountKrw: totalKrw, rule: hits } : null,
  };
}

/**
 * A change both parties agreed in an executed amendment (변경계약) of the order's contract, put in
 * force as revision n+1 inside the contract's execution transaction, by the order's own rules:
 * `lockOrder` — who may change the order (its buyer or a purchasing manager with write on its edit
 * screen), asked of the contract's creator; the state, a pending proposal (409 PO_CHANGE_PENDING),
 * the quantity floor, the simple-order limit; agreements, the budget ledger and the supplier's
 * acknowledgement of the new revision follow as for any change. The re-approval rule is asked on the
 * new total against the approved amount: the revision is recorded as re-approved (the approved
 * amount moves) only when the amendment's approval included every approver of the PO_CHANGE tier of
 * that total; a change the rule sends to approval that the amendment's approval did not cover is
 * refused (409 CONTRACT_CHANGE_NOT_APPROVED) and the execution with it. A budget WARN counts as
 * confirmed by the amendment's approval, made on the order's new total; a STOP account refuses.
 */
export async function applyAgreedChange(
  trx: Db,
  poNo: string,
  change: AgreedChange,
  ctx: {
    reason: string;
    actor: Actor;
    approvalId: number | null;
    lockOrder: (trx: Db, poNo: string, actor: Actor) => Promise<PoRow>;
    /** The business clock (app.clock): the agreements are checked on its day. */
    now: Date;
  },
): Promise<{ revision: number; reapproved: boolean }> {
  const po = await ctx.lockOrder(trx, poNo, ctx.actor);
  transition(PO_MACHINE, 'change', po.status);
  const open = await lockProposedRevision(trx, poNo);
  if (open) throw proposalPending(open.revision);
  const { lines, terms, totalKrw, hits } = await agreedTerms(trx, po, change, ctx.reason, ctx.now);
  const covered = await approvalCovers(trx, ctx.approvalId, { docType: 'PO_CHANGE', amountKrw: totalKrw });
  if (hits.length > 0 && !covered)
    throw refused(
      'CONTRACT_CHANGE_NOT_APPROVED',
      `발주 ${poNo}의 변경(총액 ${wonText(totalKrw)}원)은 발주변경 결재가 필요한데 변경계약의 결재에 그 결재자가 모두 포함되지 않았습니다. 변경계약을 취소하고 다시 작성해 결재받으세요`,
      { poNo, totalKrw, rule: hits },
    );
  await ensureFirstRevision(trx, po, lines);
  const revision = Math.max(po.revision, ...(await findRevisions(trx, poNo)).map((r) => r.revision)) + 1;
  await putInForce(trx, po, lines, terms, revision, {
    reason: ctx.reason,
    actorUserId: ctx.actor.userId,
    reapproved: covered,
    proposed: false,
    confirmBudgetWarning: true,
    now: ctx.now,
  });
  return { revision, reapproved: covered };
}
