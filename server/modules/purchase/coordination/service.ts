/**
 * 납품대금 조정협의 (상생협력법 §22의2, 하도급법 §16의2; docs/subcontracting.md "납품대금 조정협의"): the supplier asks
 * on its active 하도급 agreement or its running 하도급 order and may withdraw; the document's buyer (or a purchasing
 * manager) records that talks started, what was agreed, or that they failed. New prices are not written here: the
 * buyer writes them with the agreement's own price change (changeAgreementPrices) or the order's change order, which
 * keep their documents' rules.
 */
import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import { asOwner } from '../../../db/company-scope.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { internalActor, isPurchasingManager, supplierActor } from '../../../domain/actor.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import {
  checkVersion,
  failIf,
  missing,
  notAllowed,
  refused,
  wrongState,
  type FieldError,
} from '../../../domain/errors.js';
import { transition } from '../../../domain/machine.js';
import { AMOUNT, checkDecimal, iso, requireText, text, type DecimalRule } from '../../../domain/values.js';
import type { SupplierView } from '../../../http/supplier-view.js';
import {
  notifyCoordinationAnswered,
  notifyCoordinationRequested,
  notifyCoordinationWithdrawn,
} from '../../notifications/subcon.js';
import { agreementMissing } from '../agreement/consumption.js';
import { agreementSubconKind } from '../agreement/linkage.js';
import { findAgreement, findAgreementLines } from '../agreement/queries.js';
import { AGREEMENT_MACHINE, SUPPLIER_VISIBLE_AGREEMENT, effectiveAgreementStatus } from '../agreement/workflow.js';
import { findOrderForCoordination, writtenContractsOf } from '../po/queries-subcon.js';
import { poMissing } from '../po/service.js';
import { PO_MACHINE, SUPPLIER_VISIBLE, type PoStatus } from '../po/workflow.js';
import {
  findCoordination,
  findOpenCoordination,
  lockCoordinationTarget,
  type CoordinationFilter,
  insertCoordination,
  listCoordinations,
  lockCoordination,
  updateCoordination,
} from './queries.js';
import type { AgreeBody, CoordinationRequestBody, FailBody, StartTalksBody } from './schemas.js';
import {
  COORDINATION_MACHINE,
  COORDINATION_ORDER_STATUSES,
  coordinationClock,
  type CoordinationTarget,
} from './workflow.js';

const PCT: DecimalRule = { label: '요청 조정률', scale: 3, intDigits: 4, sign: 'positive' };
const REQUESTED_AMOUNT: DecimalRule = { ...AMOUNT, label: '요청 조정 금액' };

const coordinationMissing = () => missing('COORDINATION_NOT_FOUND', '납품대금 조정협의를 찾을 수 없습니다');

type Stored = NonNullable<Awaited<ReturnType<typeof findCoordination>>>;
type Contracts = Awaited<ReturnType<typeof writtenContractsOf>>;

/**
 * A request as the lists answer it: with its two clocks on the business day and, on an order, the order's written
 * contract (executed e-contract number, or the paper contract's reference).
 */
const present = (r: Stored, today: string, contracts: Contracts) => {
  const written = r.poNo ? contracts.get(r.poNo) : undefined;
  return {
    ...r,
    requestedAt: iso(r.requestedAt)!,
    contractNo: written?.kind === 'ECONTRACT' ? written.reference : null,
    paperContract: written?.kind === 'PAPER' ? written.reference : null,
    ...coordinationClock(r, today),
  };
};

/** The written contracts of the rows' orders, read as the owner (the supplier's role does not read paper contracts). */
const contractsOf = (db: Db, rows: readonly Stored[]) =>
  writtenContractsOf(
    asOwner(db),
    rows.flatMap((r) => (r.poNo ? [r.poNo] : [])),
  );

export async function listPriceCoordinations(
  db: Db,
  q: CoordinationFilter,
  page: { limit: number; offset: number },
  now: Date,
) {
  const today = todayKst(now);
  const list = await listCoordinations(db, q, page);
  const contracts = await contractsOf(db, list.rows);
  return { rows: list.rows.map((r) => present(r, today, contracts)), total: list.total };
}

/** A supplier's own requests (staff reading through the supplier view: every supplier's, or the one chosen). */
export function listMyPriceCoordinations(
  view: SupplierView,
  q: Omit<CoordinationFilter, 'compNo'> & { compNo?: string },
  page: { limit: number; offset: number },
  now: Date,
) {
  const { status, targetKind, agreementNo, poNo, coordinationNo } = q;
  return listPriceCoordinations(view.db, { status, targetKind, agreementNo, poNo, coordinationNo }, page, now);
}

async function coordinationOf(db: Db, coordinationNo: string, now: Date) {
  const r = await findCoordination(db, coordinationNo);
  if (!r) throw coordinationMissing();
  return present(r, todayKst(now), await contractsOf(db, [r]));
}

/**
 * Which document the request names: `targetKind` when given; without it (a body written before orders could be
 * named) an order when only `poNo` is given, else an agreement.
 */
function targetOf(b: Static<typeof CoordinationRequestBody>): CoordinationTarget {
  if (b.targetKind) return b.targetKind;
  return text(b.poNo) && !text(b.agreementNo) ? 'ORDER' : 'AGREEMENT';
}

/** The request checked field by field (400 with each field's Korean message). */
function checkedRequest(b: Static<typeof CoordinationRequestBody>) {
  const errors: FieldError[] = [];
  const targetKind = targetOf(b);
  if (targetKind === 'ORDER') requireText(errors, 'body/poNo', b.poNo, '발주 번호');
  else requireText(errors, 'body/agreementNo', b.agreementNo, '단가계약 번호');
  requireText(errors, 'body/reason', b.reason, '조정 요청 사유');
  requireText(errors, 'body/requestedChange', b.requestedChange, '요청 조정 내용');
  requireText(errors, 'body/costBasis', b.costBasis, '공급원가 변동 근거');
  const pct = text(b.requestedPct);
  const amount = text(b.requestedAmount);
  if (pct !== null) checkDecimal(errors, 'body/requestedPct', pct, PCT);
  if (amount !== null) checkDecimal(errors, 'body/requestedAmount', amount, REQUESTED_AMOUNT);
  failIf(errors);
  return {
    target:
      targetKind === 'ORDER' ? { targetKind, poNo: text(b.poNo)! } : { targetKind, agreementNo: text(b.agreementNo)! },
    fields: {
      reason: text(b.reason)!,
      requestedChange: text(b.requestedChange)!,
      requestedPct: pct,
      requestedAmount: amount,
      costBasis: text(b.costBasis)!,
    },
  };
}

const NOT_APPLICABLE = '납품대금 조정협의를 요청할 수 있습니다 (상생협력법 제22조의2, 하도급법 제16조의2)';

/**
 * The agreement a request names: the supplier's own (404 otherwise, as everywhere on its side), active on the
 * business day, and of a 하도급 kind by today's rules — which the request keeps.
 */
async function agreementTarget(trx: Db, agreementNo: string, today: string) {
  const a = await findAgreement(trx, agreementNo);
  if (!a || !(SUPPLIER_VISIBLE_AGREEMENT as readonly string[]).includes(a.status)) throw agreementMissing();
  const status = effectiveAgreementStatus(a.status, a.validTo, today);
  if (status !== 'ACTIVE')
    throw wrongState(
      `유효한 단가계약에만 납품대금 조정협의를 요청할 수 있습니다(${AGREEMENT_MACHINE.statusLabels[status as 'EXPIRED']})`,
      status,
    );
  // Which agreements are 하도급 is the buyer's rule table, which the supplier's role does not read.
  const kind = await agreementSubconKind(asOwner(trx), a, await findAgreementLines(trx, a.agreementNo));
  if (!kind) throw refused('SUBCON_NOT_APPLICABLE', `하도급 단가계약에만 ${NOT_APPLICABLE}`, { agreementNo });
  return { compNo: a.compNo, subconKind: kind, label: '단가계약' };
}

/**
 * The order a request names: the supplier's own and sent to it (404 otherwise, as its order view answers), still
 * running (COORDINATION_ORDER_STATUSES; cancelled or closed: 409), and 하도급 — by the kind fixed when the order was
 * made, as every other clock of the order reads it.
 */
async function orderTarget(trx: Db, poNo: string) {
  const o = await findOrderForCoordination(trx, poNo);
  if (!o || o.forwardedAt === null || !(SUPPLIER_VISIBLE as readonly string[]).includes(o.status)) throw poMissing();
  if (!COORDINATION_ORDER_STATUSES.includes(o.status))
    throw wrongState(
      `진행 중인 발주에만 납품대금 조정협의를 요청할 수 있습니다(${PO_MACHINE.statusLabels[o.status as PoStatus]})`,
      o.status,
    );
  if (!o.subconKind) throw refused('SUBCON_NOT_APPLICABLE', `하도급 발주에만 ${NOT_APPLICABLE}`, { poNo });
  return { compNo: o.compNo, subconKind: o.subconKind, label: '발주' };
}

/**
 * A supplier asks for talks on the price of its own agreement or order (checked as agreementTarget and orderTarget
 * say); the request keeps the document's 하도급 kind. A second request while one is open on the same document is 409.
 */
export async function requestPriceCoordination(
  db: Db,
  caller: Caller | null,
  b: Static<typeof CoordinationRequestBody>,
  now: Date,
) {
  const actor = supplierActor(caller);
  const { target, fields } = checkedRequest(b);
  const today = todayKst(now);
  const coordinationNo = await db.transaction().execute(async (trx) => {
    const doc =
      target.targetKind === 'ORDER'
        ? await orderTarget(trx, target.poNo)
        : await agreementTarget(trx, target.agreementNo, today);
    const key = target.targetKind === 'ORDER' ? { poNo: target.poNo } : { agreementNo: target.agreementNo };
    await lockCoordinationTarget(trx, key);
    const open = await findOpenCoordination(trx, key);
    if (open)
      throw refused(
        'COORDINATION_OPEN',
        `이 ${doc.label}에는 진행 중인 납품대금 조정협의(${open.coordinationNo})가 있습니다`,
        { coordinationNo: open.coordinationNo },
      );
    const no = await nextDocumentNumber(trx, 'PC', today);
    const values = {
      coordinationNo: no,
      ...target,
      compNo: doc.compNo,
      subconKind: doc.subconKind,
      status: 'REQUESTED' as const,
      ...fields,
      requestedBy: actor.userId,
      requestedOn: today,
      requestedAt: now,
      updatedAt: now,
    };
    await insertCoordination(trx, values);
    await writeAudit(trx, {
      entity: 'price_coordination',
      entityKey: no,
      action: 'REQUEST',
      actor: actor.userId,
      after: values,
    });
    // The buyer and the managers are staff, whom the supplier's handle does not read.
    const { talksDue, agreementDue } = coordinationClock({ ...values, talksStartedOn: null }, today);
    await notifyCoordinationRequested(asOwner(trx), no, { talksDue, agreementDue });
    return no;
  });
  return coordinationOf(db, coordinationNo, now);
}

/** The supplier takes back its request while it is open (another company's: 404). */
export async function withdrawPriceCoordination(
  db: Db,
  caller: Caller | null,
  coordinationNo: string,
  version: number,
  now: Date,
) {
  const actor = supplierActor(caller);
  const today = todayKst(now);
  await db.transaction().execute(async (trx) => {
    const c = await lockCoordination(trx, coordinationNo);
    if (!c) throw coordinationMissing();
    checkVersion(version, c.version);
    const status = transition(COORDINATION_MACHINE, 'withdraw', c.status);
    const after = { status, withdrawnOn: today, closedBy: actor.userId };
    await updateCoordination(trx, coordinationNo, { ...after, updatedAt: now, version: c.version + 1 });
    await writeAudit(trx, {
      entity: 'price_coordination',
      entityKey: coordinationNo,
      action: 'WITHDRAW',
      actor: actor.userId,
      before: { status: c.status },
      after,
    });
    // The buyer is staff, whom the supplier's handle does not read.
    await notifyCoordinationWithdrawn(asOwner(trx), coordinationNo, today);
  });
  return coordinationOf(db, coordinationNo, now);
}

type BuyerStep = 'startTalks' | 'agree' | 'fail';
/** What a step writes beside the state. */
interface StepValues {
  talksStartedOn?: string;
  talksStartedBy?: string;
  outcome?: string;
  agreedOn?: string;
  failReason?: string;
  failedOn?: string;
  closedBy?: string;
}
const AUDIT_ACTION: Record<BuyerStep, string> = { startTalks: 'TALKS_STARTED', agree: 'AGREED', fail: 'FAILED' };

/**
 * One step of the buyer's side: the agreement's or order's buyer or a purchasing manager (403 otherwise), the version read
 * (409), a step the state allows (409 INVALID_STATE), then `values` — checked against the locked request — written
 * with an audit row.
 */
async function buyerStep(
  db: Db,
  caller: Caller | null,
  coordinationNo: string,
  version: number,
  step: BuyerStep,
  values: (c: { requestedOn: string }, today: string, by: string) => StepValues,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const today = todayKst(now);
  await db.transaction().execute(async (trx) => {
    const c = await lockCoordination(trx, coordinationNo);
    if (!c) throw coordinationMissing();
    if (c.buyerId !== actor.singleid && !isPurchasingManager(actor))
      throw notAllowed(
        `${c.targetKind === 'ORDER' ? '발주' : '단가계약'}의 담당 구매자 또는 구매 관리자만 납품대금 조정협의를 처리할 수 있습니다`,
      );
    checkVersion(version, c.version);
    const status = transition(COORDINATION_MACHINE, step, c.status);
    const after = { status, ...values(c, today, actor.userId) };
    await updateCoordination(trx, coordinationNo, { ...after, updatedAt: now, version: c.version + 1 });
    await writeAudit(trx, {
      entity: 'price_coordination',
      entityKey: coordinationNo,
      action: AUDIT_ACTION[step],
      actor: actor.userId,
      before: { status: c.status },
      after,
    });
    await notifyCoordinationAnswered(trx, coordinationNo, step);
  });
  return coordinationOf(db, coordinationNo, now);
}

/**
 * 협의 개시: the day talks started — the business day, or an earlier day they did (a meeting held before it was
 * recorded), not before the request nor after today. A start after day 10 is recorded as it happened; the list
 * shows the request's talks due date beside it.
 */
export function startCoordinationTalks(
  db: Db,
  caller: Caller | null,
  coordinationNo: string,
  b: Static<typeof StartTalksBody>,
  now: Date,
) {
  return buyerStep(
    db,
    caller,
    coordinationNo,
    b.version,
    'startTalks',
    (c, today, by) => {
      const errors: FieldError[] = [];
      const day = text(b.talksStartedOn)
        ? checkDate(errors, 'body/talksStartedOn', b.talksStartedOn, '협의 개시일', {
            notBefore: c.requestedOn,
            notBeforeLabel: `협의 개시일은 조정 요청일(${c.requestedOn}) 이후여야 합니다`,
          })
        : today;
      if (day && day > today)
        errors.push({ path: 'body/talksStartedOn', message: '협의 개시일은 오늘 이후일 수 없습니다' });
      failIf(errors);
      return { talksStartedOn: day!, talksStartedBy: by };
    },
    now,
  );
}

/** 합의: what was agreed, on the business day. Prices change only through the agreement's own price change. */
export function agreePriceCoordination(
  db: Db,
  caller: Caller | null,
  coordinationNo: string,
  b: Static<typeof AgreeBody>,
  now: Date,
) {
  return buyerStep(
    db,
    caller,
    coordinationNo,
    b.version,
    'agree',
    (_c, today, by) => {
      const errors: FieldError[] = [];
      requireText(errors, 'body/outcome', b.outcome, '합의 내용');
      failIf(errors);
      return { outcome: text(b.outcome)!, agreedOn: today, closedBy: by };
    },
    now,
  );
}

/** 결렬 / 분쟁조정: why, on the business day. */
export function failPriceCoordination(
  db: Db,
  caller: Caller | null,
  coordinationNo: string,
  b: Static<typeof FailBody>,
  now: Date,
) {
  return buyerStep(
    db,
    caller,
    coordinationNo,
    b.version,
    'fail',
    (_c, today, by) => {
      const errors: FieldError[] = [];
      requireText(errors, 'body/reason', b.reason, '결렬 사유');
      failIf(errors);
      return { failReason: text(b.reason)!, failedOn: today, closedBy: by };
    },
    now,
  );
}
