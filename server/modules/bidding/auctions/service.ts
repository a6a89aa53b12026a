import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import type { SortSpec } from '../../../http/list-query.js';
import { HttpError } from '../../../http/errors.js';
import { internalActor, isPurchasingManager, supplierActor, type Actor } from '../../../domain/actor.js';
import { checkDate, todayKst, type Instant } from '../../../domain/dates.js';
import { loadHistory } from '../../../domain/documents.js';
import { failIf, refused, type FieldError } from '../../../domain/errors.js';
import { transition } from '../../../domain/machine.js';
import { fitsAmount } from '../../../domain/money.js';
import type { ReasonBody, VersionBody } from '../../../domain/schemas.js';
import { iso, text } from '../../../domain/values.js';
import {
  CURRENCY_DECIMALS,
  compareDecimals,
  formatMoney,
  multiplyQtyPrice,
  roundDecimal,
  sumDecimals,
} from '../../../../lib/money.js';
import { checkSourcingEligibility, standings } from '../../evaluation/eligibility.js';
import { createAwardedPo } from '../../purchase/po/service.js';
import { releasePrOfBidding } from '../../purchase/pr/service.js';
import { assertSuppliersEligible, checkInvitedSuppliers } from '../../suppliers/eligibility.js';
import { notifyAuctionCancelled, notifyAuctionInvitations, notifyAuctionResult } from '../../notifications/auction.js';
import { instant, linesFromPr, ownLines, ownedAtVersion } from '../drafts.js';
import type { StaffBidEvent } from '../../../../schemas/auction-feed.js';
import type { Gate } from './gate.js';
import {
  claimBidSlot,
  findAuction,
  findBids,
  findLines,
  findOwnBids,
  findOwnParticipant,
  findParticipant,
  findParticipants,
  insertAuction,
  insertEvent,
  placeBidIfValid,
  lastEventId,
  listAuctions,
  listOwnAuctions,
  lockAuction,
  updateAuction,
  updateParticipant,
  type AuctionFilter,
} from './queries.js';
import type { AUCTION_SORT, AuctionAwardBody, AuctionBidBody, AuctionCreateBody } from './schemas.js';
import { AUCTION_MACHINE, afterBid, byClock, cents, nextLimit, obeysRule, rankOf } from './workflow.js';
import { replaceLines, replaceParticipants, setRefPrices } from './queries.js';
import type { AuctionUpdateBody } from './schemas.js';
import { checkVersion } from '../../../domain/errors.js';
import { auctionMissing } from './workflow.js';
export { project, readFeed, checkWatcher } from './feed.js';
export { moveAuctionsByClock, dueAuctionLead, remindClosingAuctions } from './auction-clock.js';

type Sort = SortSpec<(typeof AUCTION_SORT)[number]>;
type Window = { limit: number; offset: number };

export const AUCTION_SCREENS = { list: '/bid/auctionList', monitor: '/bid/auctionMonitor' } as const;

/* ------------------------------ reading (staff) ------------------------------ */

export async function listAuctionRows(db: Db, q: AuctionFilter, sort: Sort, w: Window, now: Date) {
  const { rows, total } = await listAuctions(db, q, sort, w);
  return {
    rows: rows.map((r) => ({
      ...r,
      status: byClock(r, now),
      invitedCount: Number(r.invitedCount),
      bidCount: Number(r.bidCount),
      bestAmount: r.bestAmount === null ? null : String(r.bestAmount),
      startAt: iso(r.startAt)!,
      endAt: iso(r.endAt)!,
      createdAt: iso(r.createdAt)!,
    })),
    total,
  };
}

/** The ranking of every invited company (the monitor's; the server's own when projecting). */
async function ranking(db: Db, auctionNo: string) {
  return rankOf(await findParticipants(db, auctionNo));
}

function terms(a: NonNullable<Awaited<ReturnType<typeof findAuction>>>, now: Date, lastId: number) {
  return {
    auctionNo: a.auctionNo,
    title: a.title,
    description: a.description,
    status: byClock(a, now),
    currency: a.currency,
    startPrice: a.startPrice,
    decrementKind: a.decrementKind,
    decrementValue: a.decrementValue,
    startAt: iso(a.startAt)!,
    plannedEndAt: iso(a.plannedEndAt)!,
    endAt: iso(a.endAt)!,
    softCloseMinutes: a.softCloseMinutes,
    maxExtensions: a.maxExtensions,
    extensions: a.extensions,
    serverTime: now.toISOString(),
    lastEventId: lastId,
  };
}

async function detail(db: Db, auctionNo: string, actor: Actor, now: Date) {
  const lastId = await lastEventId(db, auctionNo);
  const a = await findAuction(db, auctionNo);
  if (!a) throw auctionMissing();
  const status = byClock(a, now);
  const [lines, ranks, bids, history, canWrite, canAgree] = await Promise.all([
    findLines(db, auctionNo),
    ranking(db, auctionNo),
    findBids(db, auctionNo),
    loadHistory(db, 'auction', auctionNo),
    groupHoldsScreen(db, actor.authGroupId, [AUCTION_SCREENS.list], 'write'),
    // A framework agreement from the award is written under the agreement screen's authority.
    groupHoldsScreen(db, actor.authGroupId, ['/AgreementEdit'], 'write'),
  ]);
  const owner = canWrite && (a.buyerId === actor.singleid || isPurchasingManager(actor));
  const actions: string[] = [];
  if (owner && status === 'DRAFT') actions.push('update', 'publish');
  if (owner && status === 'CLOSED' && ranks.some((r) => r.rank === 1)) actions.push('award');
  if (owner && ['DRAFT', 'PUBLISHED', 'OPEN', 'CLOSED'].includes(status)) actions.push('cancel');
  if (canAgree && status === 'AWARDED' && a.poNo) actions.push('agreement');
  return {
    ...terms(a, now, lastId),
    prNo: a.prNo,
    buyerId: a.buyerId,
    buyerName: a.buyerName,
    cancelReason: a.cancelReason,
    winnerCompNo: a.winnerCompNo,
    winningAmount: a.winningAmount,
    poNo: a.poNo,
    version: a.version,
    lines: lines.map(({ prLineNo: _p, sgCode: _s, ...l }) => l),
    suppliers: [...ranks]
      .sort((x, y) => x.compNo.localeCompare(y.compNo))
      .map((r) => ({ compNo: r.compNo, compNameKr: r.compName })),
    ranking: ranks.map((r) => ({
      compNo: r.compNo,
      compName: r.compName,
      rank: r.rank,
      bestAmount: r.bestAmount,
      bestAt: iso(r.bestAt),
      bidCount: r.bidCount,
      result: r.result,
    })),
    bids: bids.map((b) => ({ ...b, bidAt: iso(b.bidAt)!, endAtAfter: iso(b.endAtAfter)! })),
    history,
    actions,
  };
}

export async function getAuction(db: Db, caller: Caller | null, auctionNo: string, now: Date) {
  return detail(db, auctionNo, await internalActor(db, caller), now);
}

/* ------------------------------ writing (staff) ------------------------------ */

type CreateBody = Static<typeof AuctionCreateBody>;
type UpdateBody = Static<typeof AuctionUpdateBody>;
/** The terms a draft is made or changed with (the same checks for both). */
type TermsInput = Pick<
  CreateBody,
  'startAt' | 'endAt' | 'startPrice' | 'decrementKind' | 'decrementValue' | 'suppliers'
>;

async function checkFields(db: Db, b: TermsInput, errors: FieldError[], now: Date) {
  const startAt = instant(errors, 'body/startAt', b.startAt, '경매 시작일시');
  const endAt = instant(errors, 'body/endAt', b.endAt, '경매 종료일시');
  if (startAt && endAt && endAt.getTime() <= startAt.getTime())
    errors.push({ path: 'body/endAt', message: '경매 종료일시는 시작일시 이후여야 합니다' });
  if (endAt && endAt.getTime() <= now.getTime())
    errors.push({ path: 'body/endAt', message: '경매 종료일시는 현재 이후여야 합니다' });
  if (compareDecimals(b.startPrice, '0') <= 0)
    errors.push({ path: 'body/startPrice', message: '시작가는 0보다 커야 합니다' });
  if (!fitsAmount(b.startPrice)) errors.push({ path: 'body/startPrice', message: '시작가가 너무 큽니다' });
  if (compareDecimals(b.decrementValue, '0') <= 0)
    errors.push({ path: 'body/decrementValue', message: '최소 인하폭은 0보다 커야 합니다' });
  else if (b.decrementKind === 'PERCENT' && compareDecimals(b.decrementValue, '100') >= 0)
    errors.push({ path: 'body/decrementValue', message: '최소 인하율은 100% 미만이어야 합니다' });
  else if (b.decrementKind === 'AMOUNT' && compareDecimals(b.decrementValue, b.startPrice) >= 0)
    errors.push({ path: 'body/decrementValue', message: '최소 인하폭은 시작가보다 작아야 합니다' });
  const suppliers = await checkInvitedSuppliers(db, b.suppliers, errors);
  return { startAt: startAt!, endAt: endAt!, suppliers };
}

/** The buyer's own lines, each with its reference unit price. */
async function draftLines(db: Db, b: Pick<CreateBody, 'lines'>, errors: FieldError[], now: Date) {
  const input = b.lines ?? [];
  return (await ownLines(db, input, errors, now)).map((l, i) => ({ ...l, refUnitPrice: input[i].refUnitPrice }));
}

/** A draft auction from a received PR (its lines and estimates; the PR moves to quotation requested) or from the buyer's own lines. */
export async function createAuction(db: Db, caller: Caller | null, b: CreateBody, now: Date) {
  const actor = await internalActor(db, caller);
  const errors: FieldError[] = [];
  const prNo = text(b.prNo);
  const lines = prNo ? [] : await draftLines(db, b, errors, now);
  if (!prNo && !text(b.title)) errors.push({ path: 'body/title', message: '제목을 입력하세요' });
  const fields = await checkFields(db, b, errors, now);
  const auctionNo = await db.transaction().execute(async (trx) => {
    const auctionNo = await nextDocumentNumber(trx, 'RA', todayKst(now));
    let header = {
      auctionNo,
      prNo: null as string | null,
      title: text(b.title) ?? '',
      description: text(b.description),
      section: actor.section,
      deptcd: actor.deptcd,
      buyerId: actor.singleid,
      currency: b.currency ?? ('KRW' as const),
      startPrice: b.startPrice,
      decrementKind: b.decrementKind,
      decrementValue: b.decrementValue,
      startAt: fields.startAt,
      plannedEndAt: fields.endAt,
      endAt: fields.endAt,
      softCloseMinutes: b.softCloseMinutes,
      maxExtensions: b.maxExtensions,
      status: 'DRAFT' as const,
      createdBy: actor.userId,
    };
    let auctionLines = lines.map((l) => ({ ...l, auctionNo }));
    if (prNo) {
      // The PR moves as a tender takes it (its audit names this auction's number); its estimates are the reference prices.
      const fromPr = await linesFromPr(trx, actor, prNo, b.prVersion, auctionNo);
      header = { ...header, ...fromPr.header, title: text(b.title) ?? fromPr.header.title };
      auctionLines = fromPr.lines.map(({ line, estUnitPrice }) => ({ ...line, auctionNo, refUnitPrice: estUnitPrice }));
    }
    await checkSourcingEligibility(trx, fields.suppliers, {
      docType: 'AUCTION',
      docNo: auctionNo,
      confirmWarning: b.confirmEvaluationWarning,
      actor: actor.userId,
    });
    await insertAuction(trx, header, auctionLines, fields.suppliers);
    await writeAudit(trx, {
      entity: 'auction',
      entityKey: auctionNo,
      action: 'CREATE',
      actor: actor.userId,
      after: { ...header, suppliers: fields.suppliers, lines: auctionLines.length },
    });
    return auctionNo;
  });
  return detail(db, auctionNo, actor, now);
}

/**
 * A draft from a PR keeps the PR's lines (their PR line numbers, items, quantities): the form sends
 * them back as loaded, and only each line's reference unit price may differ.
 */
function prLinePrices(
  current: ReadonlyArray<{ lineNo: number; itemName: string; quantity: string }>,
  input: NonNullable<UpdateBody['lines']>,
) {
  const errors: FieldError[] = [];
  if (input.length !== current.length)
    errors.push({
      path: 'body/lines',
      message: '구매요청에서 만든 역경매의 품목은 바꿀 수 없습니다. 기준 단가만 수정할 수 있습니다',
    });
  else {
    input.forEach((l, i) => {
      const was = current[i];
      if (compareDecimals(String(l.quantity), was.quantity) !== 0)
        errors.push({
          path: `body/lines/${i}/quantity`,
          message: `구매요청의 수량(${was.quantity})은 바꿀 수 없습니다`,
        });
      if (text(l.itemName) && text(l.itemName) !== was.itemName)
        errors.push({
          path: `body/lines/${i}/itemName`,
          message: `구매요청의 품목(${was.itemName})은 바꿀 수 없습니다`,
        });
    });
  }
  failIf(errors);
  return current.map((l, i) => ({ lineNo: l.lineNo, refUnitPrice: input[i].refUnitPrice }));
}

/**
 * Changes a draft auction (issue 30): its terms, lines, times, decrement, soft close and invited
 * suppliers, checked as when it was made, at the version read (stale: 409 VERSION_CONFLICT), by
 * its buyer or a purchasing manager. Once published it is refused (409 INVALID_STATE): the
 * suppliers were invited to the terms as announced — cancel it and make another. The invited
 * suppliers of a draft never heard of it, so nobody is told.
 */
export async function updateAuctionDraft(db: Db, caller: Caller | null, auctionNo: string, b: UpdateBody, now: Date) {
  const actor = await internalActor(db, caller);
  // Who and which state first, then the version: a form left open over a publish hears that it
  // was published, not that someone changed it or what is wrong with its fields.
  const editable = <T extends { buyerId: string; version: number; status: string; startAt: Instant; endAt: Instant }>(
    row: T | undefined,
  ) => {
    const a = ownedAtVersion(row, actor, row?.version ?? 0, auctionMissing, '역경매');
    transition(AUCTION_MACHINE, 'update', byClock(a, now));
    checkVersion(b.version, a.version);
    return a;
  };
  const seen = editable(await findAuction(db, auctionNo));
  const fromPr = seen.prNo !== null;
  const errors: FieldError[] = [];
  const lines = !fromPr && b.lines ? await draftLines(db, b, errors, now) : null;
  if (!fromPr && !text(b.title)) errors.push({ path: 'body/title', message: '제목을 입력하세요' });
  if (fromPr && b.currency && b.currency !== seen.currency)
    errors.push({
      path: 'body/currency',
      message: `구매요청에서 만든 역경매의 통화는 구매요청의 통화(${seen.currency})입니다`,
    });
  const fields = await checkFields(db, b, errors, now);
  await db.transaction().execute(async (trx) => {
    const a = editable(await lockAuction(trx, auctionNo));
    const prices = fromPr && b.lines ? prLinePrices(await findLines(trx, auctionNo), b.lines) : null;
    await checkSourcingEligibility(trx, fields.suppliers, {
      docType: 'AUCTION',
      docNo: auctionNo,
      confirmWarning: b.confirmEvaluationWarning,
      actor: actor.userId,
    });
    const after = {
      title: text(b.title) ?? a.title,
      description: text(b.description),
      currency: fromPr ? a.currency : (b.currency ?? a.currency),
      startPrice: b.startPrice,
      decrementKind: b.decrementKind,
      decrementValue: b.decrementValue,
      startAt: fields.startAt,
      plannedEndAt: fields.endAt,
      endAt: fields.endAt,
      softCloseMinutes: b.softCloseMinutes,
      maxExtensions: b.maxExtensions,
    };
    await updateAuction(trx, auctionNo, { ...after, version: a.version + 1, updatedAt: now });
    if (lines)
      await replaceLines(
        trx,
        auctionNo,
        lines.map((l) => ({ ...l, auctionNo })),
      );
    if (prices) await setRefPrices(trx, auctionNo, prices);
    await replaceParticipants(trx, auctionNo, fields.suppliers);
    await writeAudit(trx, {
      entity: 'auction',
      entityKey: auctionNo,
      action: 'UPDATE',
      actor: actor.userId,
      before: {
        title: a.title,
        startPrice: a.startPrice,
        decrementKind: a.decrementKind,
        decrementValue: a.decrementValue,
        startAt: a.startAt,
        endAt: a.endAt,
        softCloseMinutes: a.softCloseMinutes,
        maxExtensions: a.maxExtensions,
      },
      after: {
        ...after,
        suppliers: fields.suppliers,
        ...(lines ? { lines: lines.length } : {}),
        ...(prices ? { refUnitPrices: prices.map((p) => p.refUnitPrice) } : {}),
      },
    });
  });
  return detail(db, auctionNo, actor, now);
}

/** The auction locked by its buyer or a purchasing manager, at the version read. */
async function lockOwned(trx: Db, auctionNo: string, actor: Actor, version: number) {
  return ownedAtVersion(await lockAuction(trx, auctionNo), actor, version, auctionMissing, '역경매');
}

/** Publishes a draft: the invited suppliers may see it; bidding opens at its start; the feed says so. */
export async function publishAuction(
  db: Db,
  caller: Caller | null,
  auctionNo: string,
  body: Static<typeof VersionBody>,
  notify: Notify,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const a = await lockOwned(trx, auctionNo, actor, body.version);
    transition(AUCTION_MACHINE, 'publish', a.status);
    if (Date.parse(a.endAt) <= now.getTime())
      throw refused('AUCTION_WINDOW_PASSED', '경매 종료일시가 지났습니다. 새로 만들어 공고하세요');
    const invited = (await findParticipants(trx, auctionNo)).map((p) => p.compNo);
    await assertSuppliersEligible(trx, invited, 'rfq', 'body/version');
    await updateAuction(trx, auctionNo, {
      status: 'PUBLISHED',
      publishedAt: now,
      version: a.version + 1,
      updatedAt: now,
    });
    await insertEvent(trx, auctionNo, 'PUBLISH', { status: 'PUBLISHED', endAt: iso(a.endAt) });
    await writeAudit(trx, {
      entity: 'auction',
      entityKey: auctionNo,
      action: 'PUBLISH',
      actor: actor.userId,
      before: { status: a.status },
      after: { status: 'PUBLISHED', suppliers: invited },
    });
    await notifyAuctionInvitations(trx, auctionNo, invited);
  });
  await notify(auctionNo);
  return detail(db, auctionNo, actor, now);
}

/** Cancels an auction before its award, with a reason; its PR is given back; the feed says so. */
export async function cancelAuction(
  db: Db,
  caller: Caller | null,
  auctionNo: string,
  body: Static<typeof ReasonBody>,
  notify: Notify,
  now: Date,
) {
  const reason = text(body.reason);
  if (!reason) failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const a = await lockOwned(trx, auctionNo, actor, body.version);
    const status = transition(AUCTION_MACHINE, 'cancel', byClock(a, now));
    await updateAuction(trx, auctionNo, { status, cancelReason: reason, version: a.version + 1, updatedAt: now });
    if (a.prNo) await releasePrOfBidding(trx, actor, a.prNo, auctionNo, reason!);
    await insertEvent(trx, auctionNo, 'CANCEL', { status, endAt: iso(a.endAt) });
    // The suppliers of a published auction were invited: they are told; a draft's never knew of it.
    if (a.status !== 'DRAFT')
      await notifyAuctionCancelled(
        trx,
        auctionNo,
        (await findParticipants(trx, auctionNo)).map((p) => p.compNo),
        reason!,
      );
    await writeAudit(trx, {
      entity: 'auction',
      entityKey: auctionNo,
      action: 'CANCEL',
      actor: actor.userId,
      before: { status: a.status },
      after: { status },
      reason,
    });
  });
  await notify(auctionNo);
  return detail(db, auctionNo, actor, now);
}

/**
 * The lot price split over the lines in proportion to their estimates: unit = estimate × bid /
 * Σ(quantity × estimate), rounded to the currency's decimals — the PO totals the bid within that
 * rounding. Without estimates (all zero) the whole price goes on the first line's unit.
 */
function splitLot(
  lines: ReadonlyArray<{ quantity: string; refUnitPrice: string }>,
  amount: string,
  currency: 'KRW' | 'JPY',
): string[] {
  const scale = CURRENCY_DECIMALS[currency] ?? 0;
  const refTotal = cents(sumDecimals(lines.map((l) => multiplyQtyPrice(l.quantity, l.refUnitPrice, 2))));
  const bid = cents(amount);
  return lines.map((l, i) => {
    const unitCents =
      refTotal === 0n
        ? i === 0
          ? (bid * 100n) / cents(roundDecimal(l.quantity, 2))
          : 0n
        : (cents(l.refUnitPrice) * bid) / refTotal;
    return roundDecimal(`${unitCents / 100n}.${String(unitCents % 100n).padStart(2, '0')}`, scale);
  });
}

/** Awards a closed auction to its rank 1: one draft PO through the PO flow at the lot price; every participant gets its result. */
export async function awardAuction(
  db: Db,
  caller: Caller | null,
  auctionNo: string,
  b: Static<typeof AuctionAwardBody>,
  notify: Notify,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const errors: FieldError[] = [];
  checkDate(errors, 'body/dueDate', b.dueDate, '납기일', { required: true, notBefore: todayKst(now) });
  failIf(errors);
  await db.transaction().execute(async (trx) => {
    const a = await lockOwned(trx, auctionNo, actor, b.version);
    const status = byClock(a, now);
    if (status === 'PUBLISHED' || status === 'OPEN')
      throw refused('AUCTION_NOT_CLOSED', '경매가 끝나기 전에는 낙찰할 수 없습니다', { endAt: iso(a.endAt) });
    transition(AUCTION_MACHINE, 'award', status);
    const ranks = await ranking(trx, auctionNo);
    const winner = ranks.find((r) => r.rank === 1);
    if (!winner) throw refused('NO_BIDS', '입찰한 협력사가 없어 낙찰할 수 없습니다. 역경매를 취소하고 다시 공고하세요');
    const lines = await findLines(trx, auctionNo);
    const prices = splitLot(lines, winner.bestAmount!, a.currency as 'KRW');
    const poNo = await createAwardedPo(trx, actor, {
      auctionNo,
      compNo: winner.compNo,
      prNo: a.prNo,
      section: a.section,
      deptcd: a.deptcd,
      buyerId: a.buyerId,
      title: a.title,
      currency: a.currency as 'KRW' | 'JPY',
      dueDate: b.dueDate,
      now,
      confirmEvaluationWarning: b.confirmEvaluationWarning,
      confirmBudgetWarning: b.confirmBudgetWarning,
      lines: lines.map((l, i) => ({ ...l, unitPrice: prices[i] })),
    });
    for (const r of ranks) {
      if (r.bidCount === 0) continue;
      await updateParticipant(trx, auctionNo, r.compNo, { result: r.compNo === winner.compNo ? 'WON' : 'LOST' });
      await notifyAuctionResult(trx, auctionNo, r.compNo, r.compNo === winner.compNo);
    }
    await updateAuction(trx, auctionNo, {
      status: 'AWARDED',
      winnerCompNo: winner.compNo,
      winningAmount: winner.bestAmount,
      poNo,
      awardedAt: now,
      closedAt: a.closedAt ?? now,
      version: a.version + 1,
      updatedAt: now,
    });
    await insertEvent(trx, auctionNo, 'AWARD', { status: 'AWARDED', winnerCompNo: winner.compNo });
    await writeAudit(trx, {
      entity: 'auction',
      entityKey: auctionNo,
      action: 'AWARD',
      actor: actor.userId,
      before: { status },
      after: { status: 'AWARDED', winner: winner.compNo, amount: winner.bestAmount, poNo },
    });
  });
  await notify(auctionNo);
  return detail(db, auctionNo, actor, now);
}

/* ------------------------------ bidding ------------------------------ */

export type Notify = (auctionNo: string) => Promise<void>;

/** What a bid needs of its server: the notice after the commit, the per-auction gate, and (optional) the lock's timing. */
export interface BidContext {
  notify: Notify;
  /** At most a few bids of one auction at the database from this server (gate.ts); none: no limit. */
  gate?: Gate;
  /** How long the bid held the auction's lock, ms (claim answered → commit answered): the Server-Timing header. */
  timing?: (t: { lockMs: number }) => void;
  /** How far the app's clock is ahead of the real time (server/clock.ts), ms: added to the database's. */
  clockOffsetMs?: number;
}

/**
 * One bid. `server` is the server's own Db (not the supplier's scoped one): ranking a bid needs
 * every company's best, and only the company's own figures leave this function.
 *
 * Bids on one auction are taken one at a time (the auction row's lock, held to the commit), so an
 * auction takes 1 / (time a bid holds the lock) bids a second; everything that can be done without
 * the lock is done before it. Before: the invitation (it does not change once published) and the
 * supplier's standing, on one connection. Then the gate (at most two bids of one auction at the
 * database from this server; the rest wait without a connection). Under the lock, two statements and the commit: claimBidSlot
 * (the lock, the bid's place `seq` and the database's clock) — its answer decides the refusals by
 * the clock and the soft close —, then placeBidIfValid, one statement that writes the bid only if
 * it obeys the rule and with it the company's best, the extension, the feed's event (the ranking
 * after the bid) and the audit row. A refusal changes nothing (the transaction rolls back) and is
 * audited on its own.
 */
export async function placeBid(
  server: Db,
  caller: Caller | null,
  auctionNo: string,
  b: Static<typeof AuctionBidBody>,
  ctx: BidContext,
) {
  const supplier = supplierActor(caller);
  let ack;
  try {
    // On one connection: a bid takes one of the pool's connections at a time.
    const grade = await server.connection().execute(async (c) => {
      if (!(await findParticipant(c, auctionNo, supplier.compNo))) throw auctionMissing();
      await assertSuppliersEligible(c, [supplier.compNo], 'rfq', 'body/amount');
      return (await standings(c, [supplier.compNo])).get(supplier.compNo);
    });
    const gate = ctx.gate ?? ((_key, task) => task());
    let locked = 0;
    ack = await gate(auctionNo, () =>
      server.transaction().execute(async (trx) => {
        const a = await claimBidSlot(trx, auctionNo, ctx.clockOffsetMs ?? 0);
        locked = performance.now();
        if (!a) throw auctionMissing();
        const now = new Date(a.now);
        const status = byClock(a, now);
        if (status === 'PUBLISHED')
          throw refused('AUCTION_NOT_OPEN', '경매 시작 전에는 입찰할 수 없습니다', { startAt: iso(a.startAt) });
        if (status !== 'OPEN')
          throw refused('AUCTION_CLOSED', '경매가 종료되어 입찰할 수 없습니다', { endAt: iso(a.endAt), status });
        if (grade?.action === 'BLOCK')
          throw refused(
            'EVAL_BLOCKED',
            `협력사 평가 결과(${grade.periodName} ${grade.grade}등급)로 거래가 제한되어 입찰할 수 없습니다`,
          );
        // The sentence is shown to the supplier as it is: amounts in the money format (20,000), the details exact.
        if (compareDecimals(b.amount, a.startPrice) >= 0)
          throw refused(
            'BID_ABOVE_START',
            `입찰가는 시작가(${formatMoney(a.startPrice, a.currency)})보다 낮아야 합니다`,
            { startPrice: a.startPrice },
          );
        const soft = afterBid(a, now);
        const seq = a.lastSeq;
        const event: Omit<StaffBidEvent, 'ranking'> = {
          seq,
          compNo: supplier.compNo,
          amount: b.amount,
          bidAt: now.toISOString(),
          endAt: soft.endAt,
          extended: soft.extended,
          extensions: soft.extensions,
        };
        const placed = await placeBidIfValid(trx, {
          auctionNo,
          seq,
          compNo: supplier.compNo,
          amount: b.amount,
          bidAt: now,
          bidBy: supplier.userId,
          endAtAfter: soft.endAt,
          extended: soft.extended,
          extensions: soft.extensions,
          event,
          audit: {
            entity: 'auction_bid',
            entityKey: `${auctionNo}/${supplier.compNo}`,
            action: 'BID',
            after: { seq, amount: b.amount, extended: soft.extended },
          },
        });
        if (!placed.placed) {
          // The statement read the company's best under the lock (current): it says why.
          if (!obeysRule(a, placed.ownBest, b.amount)) {
            const next = nextLimit(a, placed.ownBest).limit;
            const best = placed.ownBest === null ? '' : formatMoney(placed.ownBest, a.currency);
            throw refused(
              'BID_DECREMENT',
              `직전 입찰가(${best})보다 최소 인하폭 이상 낮아야 합니다. ${formatMoney(next, a.currency)} 이하로 입찰하세요`,
              { ownBest: placed.ownBest, nextLimit: next },
            );
          }
          throw refused('BID_RULE', '입찰 규칙(시작가 미만, 최소 인하폭)에 맞지 않아 접수되지 않았습니다');
        }
        return {
          auctionNo,
          seq,
          amount: roundDecimal(b.amount, 2),
          bidAt: now.toISOString(),
          endAt: soft.endAt,
          extended: soft.extended,
          myRank: placed.myRank!,
          nextLimit: nextLimit(a, b.amount).limit,
        };
      }),
    );
    ctx.timing?.({ lockMs: performance.now() - locked });
  } catch (err) {
    // One insert, its own transaction (the bid's rolled back): no BEGIN/COMMIT round trips around it.
    if (err instanceof HttpError && err.statusCode < 500) {
      await writeAudit(server, {
        entity: 'auction_bid',
        entityKey: `${auctionNo}/${supplier.compNo}`,
        action: 'BID_REFUSED',
        actor: supplier.userId,
        after: { code: err.code, amount: b.amount },
      });
    }
    throw err;
  }
  // The answer does not wait for the notice: the bid is committed, and the feed's rows are the
  // truth (a watcher reads every row after its last id whichever notice wakes it).
  void ctx.notify(auctionNo);
  return ack;
}

/* ------------------------------ the supplier's side ------------------------------ */

export async function listSupplierAuctions(db: Db, q: AuctionFilter, sort: Sort, w: Window, now: Date) {
  const { rows, total } = await listOwnAuctions(db, q, sort, w);
  return {
    rows: rows.map((r) => ({
      auctionNo: r.auctionNo,
      title: r.title,
      status: byClock(r, now),
      currency: r.currency,
      startPrice: r.startPrice,
      startAt: iso(r.startAt)!,
      endAt: iso(r.endAt)!,
      myBest: r.bestAmount,
      myBidCount: r.bidCount,
      result: r.result,
    })),
    total,
  };
}

/**
 * What the company sees: the terms, its own best, bids and rank, the time left. `scoped` is the
 * company's own Db (another company's auction answers 404 through it); the rank is computed on
 * `server` over every company and only the number leaves.
 */
export async function getSupplierAuction(scoped: Db, server: Db, caller: Caller | null, auctionNo: string, now: Date) {
  const supplier = supplierActor(caller);
  const own = await findOwnParticipant(scoped, auctionNo);
  const a = own ? await findAuction(server, auctionNo) : undefined;
  if (!own || !a || a.status === 'DRAFT') throw auctionMissing();
  const lastId = await lastEventId(server, auctionNo);
  const [ranks, lines, myBids] = await Promise.all([
    ranking(server, auctionNo),
    findLines(server, auctionNo),
    findOwnBids(scoped, auctionNo),
  ]);
  const mine = ranks.find((r) => r.compNo === supplier.compNo)!;
  const t = terms(a, now, lastId);
  const next = nextLimit(a, own.bestAmount === null ? null : String(own.bestAmount));
  return {
    ...t,
    compNo: supplier.compNo,
    invitedCount: ranks.length,
    bidderCount: ranks.filter((r) => r.bestAmount !== null).length,
    myBest: own.bestAmount,
    myRank: mine.rank,
    myBidCount: own.bidCount,
    nextLimit: next.limit,
    nextLimitInclusive: !next.strict,
    canBid: t.status === 'OPEN' && compareDecimals(next.limit, '0') > 0,
    result: own.result,
    myBids: myBids.map((x) => ({ amount: x.amount, bidAt: iso(x.bidAt)! })),
    lines: lines.map(({ prLineNo: _p, sgCode: _s, refUnitPrice: _r, ...l }) => l),
  };
}
