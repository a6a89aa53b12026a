import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import type { SortSpec } from '../../../http/list-query.js';
import { internalActor, isPurchasingManager, type Actor } from '../../../domain/actor.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { loadAttachments, loadHistory } from '../../../domain/documents.js';
import { checkVersion, failIf, notAllowed, refused, type FieldError } from '../../../domain/errors.js';
import { transition } from '../../../domain/machine.js';
import { lineAmount, totalOf } from '../../../domain/money.js';
import type { ReasonBody, VersionBody } from '../../../domain/schemas.js';
import { iso, text } from '../../../domain/values.js';
import { checkSourcingEligibility } from '../../evaluation/eligibility.js';
import { mayBindGroup } from '../../files/owners.js';
import { notifyTenderInvitations, notifyTenderResult } from '../../notifications/supplier.js';
import { createAwardedPo } from '../../purchase/po/service.js';
import { releasePrOfBidding } from '../../purchase/pr/service.js';
import { assertSuppliersEligible, checkInvitedSuppliers } from '../../suppliers/eligibility.js';
import { instant, linesFromPr, ownLines, ownedAtVersion } from '../drafts.js';
import {
  findAwards,
  findBidders,
  findKey,
  findOpenedLines,
  findOpenings,
  findTender,
  findTenderLines,
  insertAward,
  insertKey,
  liveKeyRefs,
  insertOpenedLines,
  insertOpening,
  insertTender,
  listTenders,
  lockBids,
  lockTender,
  markKey,
  replaceInvited,
  updateBid,
  updateTender,
  type TenderFilter,
} from './queries.js';
import type { AwardBody, TENDER_SORT, TenderCreateBody, TenderUpdateBody } from './schemas.js';
import { masterKeyOf, newWrappedKey, openBid, sameMasterKey, unwrapKey, type MasterKey } from './sealing.js';
import {
  OPENING_CONFIRMATIONS,
  OPENING_WINDOW_MINUTES,
  TENDER_MACHINE,
  byClock,
  liveConfirmations,
  rankBids,
  winnersByLine,
  type AwardRule,
  type OpenedBid,
} from './workflow.js';
import { tenderMissing } from './workflow.js';
import { followClock } from './tender-clock.js';
import { SYSTEM_JOB_ACTOR } from '../../../../schemas/system-actor.js';
export { listSupplierTenders, getSupplierTender, submitBid } from './supplier-side.js';
export { advanceTenderClock, dueLead, remindClosingTenders } from './tender-clock.js';

export type Sort = SortSpec<(typeof TENDER_SORT)[number]>;
export type Window = { limit: number; offset: number };
export type KeySource = Parameters<typeof masterKeyOf>[0];

export const TENDER_SCREENS = { list: '/bid/tenderList', edit: '/bid/tenderEdit', open: '/bid/tenderOpen' } as const;

/* ------------------------------ reading (staff) ------------------------------ */

export async function listTenderRows(db: Db, q: TenderFilter, sort: Sort, w: Window, now: Date) {
  const { rows, total } = await listTenders(db, q, sort, w, new Date(now.getTime() - OPENING_WINDOW_MINUTES * 60_000));
  return {
    rows: rows.map((r) => ({
      ...r,
      status: byClock(r, now),
      invitedCount: Number(r.invitedCount),
      submittedCount: Number(r.submittedCount),
      confirmations: confirmationCount(byClock(r, now), Number(r.confirmations)),
      openAt: iso(r.openAt)!,
      closeAt: iso(r.closeAt)!,
      createdAt: iso(r.createdAt)!,
    })),
    total,
  };
}

/** The confirmations a list row shows: the live ones while it waits for its opening; an opened tender was opened by two. */
function confirmationCount(status: string, live: number): number {
  if (status === 'CLOSED') return live;
  return status === 'OPENED' || status === 'AWARDED' ? OPENING_CONFIRMATIONS : 0;
}

/** One tender as staff see it; prices and ranks only once opened. */
async function detail(db: Db, tenderNo: string, actor: Actor, now: Date) {
  const t = await findTender(db, tenderNo);
  if (!t) throw tenderMissing();
  const status = byClock(t, now);
  const [lines, bidders, openings, orders, attachments, history, canWrite, canOpen, canAgree] = await Promise.all([
    findTenderLines(db, tenderNo),
    findBidders(db, tenderNo),
    findOpenings(db, tenderNo),
    findAwards(db, tenderNo),
    loadAttachments(db, t.fileId),
    loadHistory(db, 'tender', tenderNo),
    groupHoldsScreen(db, actor.authGroupId, [TENDER_SCREENS.edit], 'write'),
    groupHoldsScreen(db, actor.authGroupId, [TENDER_SCREENS.open], 'write'),
    // A framework agreement from the award is written under the agreement screen's authority.
    groupHoldsScreen(db, actor.authGroupId, ['/AgreementEdit'], 'write'),
  ]);
  const live = status === 'CLOSED' ? liveConfirmations(openings, now) : [];
  const owner = t.buyerId === actor.singleid || isPurchasingManager(actor);
  const isBuyer = t.buyerId === actor.singleid;
  const opened = status === 'OPENED' || status === 'AWARDED';
  const actions: string[] = [];
  if (canWrite && owner && status === 'DRAFT') actions.push('update', 'publish');
  if (canOpen && !isBuyer && status === 'CLOSED' && !live.some((o) => samePerson(o, actor))) actions.push('open');
  if (canWrite && owner && status === 'OPENED' && bidders.some((b) => b.revision > 0)) actions.push('award');
  if (canWrite && owner && (TENDER_MACHINE.transitions.cancel.from as readonly string[]).includes(status))
    actions.push('cancel');
  if (canAgree && status === 'AWARDED' && orders.length > 0) actions.push('agreement');
  return {
    tenderNo: t.tenderNo,
    prNo: t.prNo,
    title: t.title,
    description: t.description,
    status,
    awardRule: t.awardRule,
    currency: t.currency,
    openAt: iso(t.openAt)!,
    closeAt: iso(t.closeAt)!,
    buyerId: t.buyerId,
    buyerName: t.buyerName,
    fileId: t.fileId,
    cancelReason: t.cancelReason,
    openedAt: iso(t.openedAt),
    awardedAt: iso(t.awardedAt),
    version: t.version,
    lines: lines.map(({ prLineNo: _p, sgCode: _s, ...l }) => l),
    suppliers: bidders.map((b) => ({
      compNo: b.compNo,
      compNameKr: b.compName,
      status: b.status,
      submitted: b.revision > 0,
      submittedAt: iso(b.submittedAt),
      totalAmount: opened ? b.totalAmount : null,
      rank: opened ? b.bidRank : null,
    })),
    openings: openings.map((o) => ({
      confirmedBy: o.confirmedBy,
      confirmerName: o.confirmerName,
      confirmedAt: iso(o.confirmedAt)!,
      live: live.includes(o),
    })),
    orders,
    attachments,
    history,
    actions,
  };
}

export async function getTender(db: Db, caller: Caller | null, tenderNo: string, now: Date) {
  return detail(db, tenderNo, await internalActor(db, caller), now);
}

/**
 * The opened bids with their prices and ranks. Before the opening nobody — the buyer, a manager,
 * an administrator — may read them: 409 BID_SEALED, and the attempt is audited (in its own
 * transaction, so the refusal does not roll the record back).
 */
export async function getTenderBids(db: Db, caller: Caller | null, tenderNo: string, now: Date) {
  const actor = await internalActor(db, caller);
  const t = await findTender(db, tenderNo);
  if (!t) throw tenderMissing();
  const status = byClock(t, now);
  if (status !== 'OPENED' && status !== 'AWARDED') {
    await db.transaction().execute((trx) =>
      writeAudit(trx, {
        entity: 'tender',
        entityKey: tenderNo,
        action: 'SEALED_READ_REFUSED',
        actor: actor.userId,
        after: { status },
      }),
    );
    throw refused(
      'BID_SEALED',
      '개찰 전에는 투찰 금액을 볼 수 없습니다. 두 명의 담당자가 개찰을 확인한 뒤에 공개됩니다',
      { status },
    );
  }
  const [bidders, lines] = await Promise.all([findBidders(db, tenderNo), findOpenedLines(db, tenderNo)]);
  return {
    tenderNo,
    currency: t.currency,
    awardRule: t.awardRule,
    bids: bidders
      .filter((b) => b.bidRank !== null)
      .sort((a, b) => a.bidRank! - b.bidRank!)
      .map((b) => ({
        compNo: b.compNo,
        compName: b.compName,
        rank: b.bidRank!,
        totalAmount: b.totalAmount!,
        submittedAt: iso(b.submittedAt)!,
        lines: lines
          .filter((l) => l.compNo === b.compNo)
          .map((l) => ({ lineNo: l.lineNo, unitPrice: l.unitPrice, amount: l.amount, rank: l.lineRank! })),
      })),
  };
}

/* ------------------------------ writing (staff) ------------------------------ */

type TenderInput = Static<typeof TenderUpdateBody> | Static<typeof TenderCreateBody>;

/** Window, suppliers (no repeats, registered, trading) and attachments of a create or update. */
async function checkTenderFields(
  db: Db,
  caller: Caller | null,
  tenderNo: string | null,
  b: TenderInput,
  errors: FieldError[],
  now: Date,
) {
  const openAt = instant(errors, 'body/openAt', b.openAt, '입찰 시작일시');
  const closeAt = instant(errors, 'body/closeAt', b.closeAt, '입찰 마감일시');
  if (openAt && closeAt && closeAt.getTime() <= openAt.getTime())
    errors.push({ path: 'body/closeAt', message: '입찰 마감일시는 시작일시 이후여야 합니다' });
  if (closeAt && closeAt.getTime() <= now.getTime())
    errors.push({ path: 'body/closeAt', message: '입찰 마감일시는 현재 이후여야 합니다' });
  const suppliers = await checkInvitedSuppliers(db, b.suppliers, errors);
  // The tender's documents: its own group, or one the caller uploaded that no other document holds
  // (the invited suppliers will read them, files/owners.ts TENDER).
  if (b.fileId && !(caller && (await mayBindGroup(db, caller, b.fileId, { docType: 'TENDER', docNo: tenderNo })))) {
    failIf([
      {
        path: 'body/fileId',
        message: '첨부파일을 찾을 수 없습니다. 입찰 문서는 이 화면에서 직접 올린 파일만 첨부할 수 있습니다',
      },
    ]);
  }
  return { openAt: openAt!, closeAt: closeAt!, suppliers };
}

/** A draft tender from a received PR (its lines; the PR moves to quotation requested) or from the buyer's own lines. */
export async function createTender(db: Db, caller: Caller | null, b: Static<typeof TenderCreateBody>, now: Date) {
  const actor = await internalActor(db, caller);
  const errors: FieldError[] = [];
  const prNo = text(b.prNo);
  const lines = prNo ? [] : await ownLines(db, b.lines ?? [], errors, now);
  if (!prNo && !text(b.title)) errors.push({ path: 'body/title', message: '제목을 입력하세요' });
  const fields = await checkTenderFields(db, caller, null, b, errors, now);
  const tenderNo = await db.transaction().execute(async (trx) => {
    const tenderNo = await nextDocumentNumber(trx, 'BD', todayKst(now));
    let header = {
      tenderNo,
      prNo: null as string | null,
      title: text(b.title) ?? '',
      description: text(b.description),
      section: actor.section,
      deptcd: actor.deptcd,
      buyerId: actor.singleid,
      currency: b.currency ?? ('KRW' as const),
      awardRule: b.awardRule,
      openAt: fields.openAt,
      closeAt: fields.closeAt,
      status: 'DRAFT' as const,
      fileId: b.fileId ?? null,
      createdBy: actor.userId,
    };
    let tenderLines = lines.map((l) => ({ ...l, tenderNo }));
    if (prNo) {
      const fromPr = await linesFromPr(trx, actor, prNo, b.prVersion, tenderNo);
      header = { ...header, ...fromPr.header, title: text(b.title) ?? fromPr.header.title };
      tenderLines = fromPr.lines.map(({ line }) => ({ ...line, tenderNo }));
    }
    await checkSourcingEligibility(trx, fields.suppliers, {
      docType: 'TENDER',
      docNo: tenderNo,
      confirmWarning: b.confirmEvaluationWarning,
      actor: actor.userId,
    });
    await insertTender(trx, header, tenderLines, fields.suppliers);
    await writeAudit(trx, {
      entity: 'tender',
      entityKey: tenderNo,
      action: 'CREATE',
      actor: actor.userId,
      after: { ...header, suppliers: fields.suppliers, lines: tenderLines.length },
    });
    return tenderNo;
  });
  return detail(db, tenderNo, actor, now);
}

/** The tender locked by its buyer or a purchasing manager, at the version read. */
async function lockOwned(trx: Db, tenderNo: string, actor: Actor, version: number) {
  return ownedAtVersion(await lockTender(trx, tenderNo), actor, version, tenderMissing, '입찰');
}

/** A draft's title, window, award rule, invited suppliers and attachments. */
export async function updateTenderDraft(
  db: Db,
  caller: Caller | null,
  tenderNo: string,
  b: Static<typeof TenderUpdateBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const fields = await checkTenderFields(db, caller, tenderNo, b, [], now);
  await db.transaction().execute(async (trx) => {
    const t = await lockOwned(trx, tenderNo, actor, b.version);
    transition(TENDER_MACHINE, 'update', t.status);
    await checkSourcingEligibility(trx, fields.suppliers, {
      docType: 'TENDER',
      docNo: tenderNo,
      confirmWarning: b.confirmEvaluationWarning,
      actor: actor.userId,
    });
    const after = {
      title: text(b.title) ?? t.title,
      description: text(b.description),
      awardRule: b.awardRule,
      openAt: fields.openAt,
      closeAt: fields.closeAt,
      fileId: b.fileId ?? null,
    };
    await updateTender(trx, tenderNo, { ...after, version: t.version + 1, updatedAt: now });
    await replaceInvited(trx, tenderNo, fields.suppliers);
    await writeAudit(trx, {
      entity: 'tender',
      entityKey: tenderNo,
      action: 'UPDATE',
      actor: actor.userId,
      before: { title: t.title, openAt: t.openAt, closeAt: t.closeAt, awardRule: t.awardRule },
      after: { ...after, suppliers: fields.suppliers },
    });
  });
  return detail(db, tenderNo, actor, now);
}

/** Publishes a draft: the data key is made (wrapped), the suppliers invited; bidding opens at its time. */
export async function publishTender(
  db: Db,
  caller: Caller | null,
  keys: KeySource,
  tenderNo: string,
  body: Static<typeof VersionBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const master = masterKeyOf(keys);
  await db.transaction().execute(async (trx) => {
    const t = await lockOwned(trx, tenderNo, actor, body.version);
    transition(TENDER_MACHINE, 'publish', t.status);
    if (Date.parse(t.closeAt) <= now.getTime())
      throw refused('TENDER_WINDOW_PASSED', '입찰 마감일시가 지났습니다. 일정을 바꾼 뒤 공고하세요');
    const invited = (await findBidders(trx, tenderNo)).map((b) => b.compNo);
    await assertSuppliersEligible(trx, invited, 'rfq', 'body/version');
    // A server with a master key of its own would publish a tender no other server can seal or open.
    if ((await liveKeyRefs(trx)).some((ref) => !sameMasterKey(ref, master))) {
      throw refused(
        'TENDER_KEY_MISMATCH',
        '진행 중인 입찰의 마스터 키(BID_MASTER_KEY)가 이 서버의 키와 다릅니다. 모든 서버에 같은 키를 설정한 뒤 공고하세요',
      );
    }
    await insertKey(trx, tenderNo, newWrappedKey(master, tenderNo), master.ref);
    await updateTender(trx, tenderNo, {
      status: 'PUBLISHED',
      publishedAt: now,
      version: t.version + 1,
      updatedAt: now,
    });
    await notifyTenderInvitations(trx, tenderNo, invited);
    await writeAudit(trx, {
      entity: 'tender',
      entityKey: tenderNo,
      action: 'PUBLISH',
      actor: actor.userId,
      before: { status: t.status },
      after: { status: 'PUBLISHED', suppliers: invited },
    });
    // Published inside its window: bidding opens now, recorded as the clock job would.
    await followClock(trx, { ...t, status: 'PUBLISHED', publishedAt: now }, now, actor.userId);
  });
  return detail(db, tenderNo, actor, now);
}

/** Cancels a tender before its opening: its bids are cancelled unread, its key destroyed, its PR given back. */
export async function cancelTender(
  db: Db,
  caller: Caller | null,
  tenderNo: string,
  body: Static<typeof ReasonBody>,
  now: Date,
) {
  const reason = text(body.reason);
  if (!reason) failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const t = await lockOwned(trx, tenderNo, actor, body.version);
    const status = transition(TENDER_MACHINE, 'cancel', byClock(t, now));
    for (const b of await lockBids(trx, tenderNo))
      await updateBid(trx, tenderNo, b.compNo, { status: 'CANCELLED', sealed: null, version: b.version + 1 });
    // Without its key nothing sealed for this tender can ever be opened.
    await markKey(trx, tenderNo, { wrappedKey: null, destroyedAt: now });
    await updateTender(trx, tenderNo, { status, cancelReason: reason, version: t.version + 1, updatedAt: now });
    if (t.prNo) await releasePrOfBidding(trx, actor, t.prNo, tenderNo, reason!);
    await writeAudit(trx, {
      entity: 'tender',
      entityKey: tenderNo,
      action: 'CANCEL',
      actor: actor.userId,
      before: { status: t.status },
      after: { status },
      reason,
    });
  });
  return detail(db, tenderNo, actor, now);
}

/** A confirmation by the same person: the same employee, whichever of its accounts gave it (or the same account). */
const samePerson = (
  o: { confirmedBy: string; confirmerSingleid: string | null },
  actor: { userId: string; singleid: string },
) => o.confirmedBy === actor.userId || (o.confirmerSingleid !== null && o.confirmerSingleid === actor.singleid);

/**
 * 개찰 under dual control: each call is one person's confirmation. The tender's buyer may not be
 * one of them, nor may one person confirm twice (a person is an employee: two accounts of one
 * employee are one person); a confirmation lapses after
 * OPENING_WINDOW_MINUTES. The second live confirmation releases the key, decrypts every bid,
 * ranks them and records the ceremony (who, when) in the tender's history.
 */
export async function confirmOpening(
  db: Db,
  caller: Caller | null,
  keys: KeySource,
  tenderNo: string,
  body: Static<typeof VersionBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const master = masterKeyOf(keys);
  await db.transaction().execute(async (trx) => {
    const t = await lockTender(trx, tenderNo);
    if (!t) throw tenderMissing();
    const status = byClock(t, now);
    if (status === 'PUBLISHED' || status === 'OPEN')
      throw refused('BID_NOT_CLOSED', '입찰 마감 전에는 개찰할 수 없습니다', { closeAt: iso(t.closeAt) });
    transition(TENDER_MACHINE, 'open', status);
    if (t.buyerId === actor.singleid)
      throw notAllowed(
        '입찰 담당 구매자는 개찰 확인자가 될 수 없습니다. 다른 두 명의 담당자가 확인하세요',
        'OPENING_BY_BUYER',
      );
    checkVersion(body.version, t.version);
    const live = liveConfirmations(await findOpenings(trx, tenderNo), now);
    if (live.some((o) => samePerson(o, actor))) {
      throw refused(
        'OPENING_SAME_PERSON',
        `이미 개찰을 확인했습니다. 다른 담당자가 ${OPENING_WINDOW_MINUTES}분 안에 확인해야 개찰됩니다`,
      );
    }
    // The close the clock job has not recorded yet is recorded here, once (the buyer's notice with it).
    await followClock(trx, t, now, SYSTEM_JOB_ACTOR);
    await insertOpening(trx, {
      tenderNo,
      confirmedBy: actor.userId,
      confirmerSingleid: actor.singleid,
      confirmerName: actor.hname,
      confirmedAt: now,
    });
    if (live.length === 0) {
      await updateTender(trx, tenderNo, { status, version: t.version + 1, updatedAt: now });
      await writeAudit(trx, {
        entity: 'tender',
        entityKey: tenderNo,
        action: 'OPEN_CONFIRM',
        actor: actor.userId,
        after: { windowMinutes: OPENING_WINDOW_MINUTES },
      });
      return;
    }
    const ranking = await openAll(trx, master, t, now);
    await updateTender(trx, tenderNo, { status: 'OPENED', openedAt: now, version: t.version + 1, updatedAt: now });
    const confirmers = [
      ...live.map((o) => ({ userId: o.confirmedBy, name: o.confirmerName, at: iso(o.confirmedAt) })),
      { userId: actor.userId, name: actor.hname, at: iso(now) },
    ];
    await writeAudit(trx, {
      entity: 'tender',
      entityKey: tenderNo,
      action: 'OPEN',
      actor: actor.userId,
      before: { status },
      after: { status: 'OPENED', confirmers, ranking },
    });
  });
  return detail(db, tenderNo, actor, now);
}

/** Releases the key, decrypts each submitted bid into tender_bid_line and ranks; answers the ranking (no prices). */
async function openAll(trx: Db, master: MasterKey, t: { tenderNo: string; currency: string }, now: Date) {
  const tenderNo = t.tenderNo;
  const keyRow = await findKey(trx, tenderNo);
  if (!keyRow?.wrappedKey)
    throw refused('TENDER_KEY_MISSING', '입찰 키가 없어 개찰할 수 없습니다. 관리자에게 문의하세요');
  const mismatch = () =>
    refused('TENDER_KEY_MISMATCH', '입찰 키를 열 수 없습니다. 마스터 키(BID_MASTER_KEY)가 공고 때와 다릅니다');
  if (!sameMasterKey(keyRow.keyRef, master)) throw mismatch();
  let key: Buffer;
  try {
    key = unwrapKey(master, keyRow.wrappedKey, tenderNo);
  } catch {
    throw mismatch();
  }
  const quantities = new Map((await findTenderLines(trx, tenderNo)).map((l) => [l.lineNo, l.quantity]));
  const bids = (await lockBids(trx, tenderNo)).filter((b) => b.sealed && b.revision > 0);
  const opened: OpenedBid[] = [];
  try {
    for (const b of bids) {
      const prices = openBid(key, b.sealed!, { tenderNo, compNo: b.compNo, revision: b.revision });
      const lines = prices.lines.map((l) => ({
        lineNo: l.lineNo,
        unitPrice: l.unitPrice,
        amount: lineAmount(quantities.get(l.lineNo) ?? '0', l.unitPrice, t.currency as 'KRW'),
      }));
      opened.push({ compNo: b.compNo, submittedAt: b.submittedAt!, lines, total: totalOf(lines.map((l) => l.amount)) });
    }
  } finally {
    key.fill(0);
  }
  const ranks = rankBids(opened);
  for (const o of opened) {
    await insertOpenedLines(
      trx,
      o.lines.map((l) => ({
        tenderNo,
        compNo: o.compNo,
        lineNo: l.lineNo,
        unitPrice: l.unitPrice,
        amount: l.amount,
        lineRank: ranks.perLine.get(l.lineNo)?.get(o.compNo) ?? null,
      })),
    );
    const b = bids.find((x) => x.compNo === o.compNo)!;
    await updateBid(trx, tenderNo, o.compNo, {
      totalAmount: o.total,
      bidRank: ranks.total.get(o.compNo)!,
      version: b.version + 1,
    });
  }
  await markKey(trx, tenderNo, { releasedAt: now });
  return opened.map((o) => ({ compNo: o.compNo, rank: ranks.total.get(o.compNo)! })).sort((a, b) => a.rank - b.rank);
}

/** Awards an opened tender by its rule: one draft PO per winning supplier through the PO flow; every bidder is told the result, never a price. */
export async function awardTender(
  db: Db,
  caller: Caller | null,
  tenderNo: string,
  b: Static<typeof AwardBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const errors: FieldError[] = [];
  checkDate(errors, 'body/dueDate', b.dueDate, '납기일', { required: true, notBefore: todayKst(now) });
  failIf(errors);
  await db.transaction().execute(async (trx) => {
    const t = await lockOwned(trx, tenderNo, actor, b.version);
    const status = transition(TENDER_MACHINE, 'award', t.status);
    const [lines, opened, bids] = await Promise.all([
      findTenderLines(trx, tenderNo),
      findOpenedLines(trx, tenderNo),
      lockBids(trx, tenderNo),
    ]);
    if (opened.length === 0)
      throw refused('NO_BIDS', '투찰한 협력사가 없어 낙찰할 수 없습니다. 입찰을 취소하고 다시 공고하세요');
    const perLine = new Map<number, Map<string, number>>();
    for (const l of opened) perLine.set(l.lineNo, (perLine.get(l.lineNo) ?? new Map()).set(l.compNo, l.lineRank ?? 0));
    const total = new Map(bids.filter((x) => x.bidRank !== null).map((x) => [x.compNo, x.bidRank!]));
    const winners = winnersByLine(t.awardRule as AwardRule, { total, perLine });
    const byWinner = new Map<string, number[]>();
    for (const [lineNo, compNo] of winners) byWinner.set(compNo, [...(byWinner.get(compNo) ?? []), lineNo]);
    const orders: Array<{ compNo: string; poNo: string }> = [];
    for (const [compNo, lineNos] of [...byWinner.entries()].sort(([a], [c]) => a.localeCompare(c))) {
      const poNo = await createAwardedPo(trx, actor, {
        tenderNo,
        compNo,
        prNo: t.prNo,
        section: t.section,
        deptcd: t.deptcd,
        buyerId: t.buyerId,
        title: t.title,
        currency: t.currency as 'KRW' | 'JPY',
        dueDate: b.dueDate,
        now,
        confirmEvaluationWarning: b.confirmEvaluationWarning,
        confirmBudgetWarning: b.confirmBudgetWarning,
        lines: lines
          .filter((l) => lineNos.includes(l.lineNo))
          .map((l) => ({
            ...l,
            deliveryDate: l.deliveryDate,
            unitPrice: opened.find((o) => o.compNo === compNo && o.lineNo === l.lineNo)!.unitPrice,
          })),
      });
      await insertAward(trx, tenderNo, compNo, poNo);
      orders.push({ compNo, poNo });
    }
    for (const bid of bids) {
      if (bid.revision === 0) continue;
      const won = byWinner.has(bid.compNo);
      await updateBid(trx, tenderNo, bid.compNo, { status: won ? 'WON' : 'LOST', version: bid.version + 2 });
      await notifyTenderResult(trx, tenderNo, bid.compNo, won);
    }
    await updateTender(trx, tenderNo, { status, awardedAt: now, version: t.version + 1, updatedAt: now });
    await writeAudit(trx, {
      entity: 'tender',
      entityKey: tenderNo,
      action: 'AWARD',
      actor: actor.userId,
      before: { status: t.status },
      after: { status, orders },
    });
  });
  return detail(db, tenderNo, actor, now);
}
