import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { supplierActor } from '../../../domain/actor.js';
import { msOf } from '../../../domain/dates.js';
import { loadAttachments } from '../../../domain/documents.js';
import { checkVersion, failIf, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { amt, fitsAmount, lineAmount, totalOf } from '../../../domain/money.js';
import { iso } from '../../../domain/values.js';
import { standings } from '../../evaluation/eligibility.js';
import { assertSuppliersEligible } from '../../suppliers/eligibility.js';
import {
  findKey,
  findOwnBid,
  findOwnOpenedLines,
  findTenderLines,
  listOwnTenders,
  lockOwnBid,
  updateBid,
  type TenderFilter,
} from './queries.js';
import type { BidBody } from './schemas.js';
import { masterKeyOf, openBid, sameMasterKey, sealBid, unwrapKey } from './sealing.js';
import { byClock } from './workflow.js';

import { tenderMissing } from './workflow.js';
import type { KeySource, Sort, Window } from './service.js';

/**
 * The supplier's side of a sealed-bid tender (its scoped Db): the tenders it is invited to, one of
 * them, and its sealed bid. Split from service.ts by job; routes import it through service.ts.
 */

/* ------------------------------ the supplier's side (its scoped Db) ------------------------------ */

export async function listSupplierTenders(db: Db, q: TenderFilter, sort: Sort, w: Window, now: Date) {
  const { rows, total } = await listOwnTenders(db, q, sort, w);
  return {
    rows: rows.map((r) => ({
      ...r,
      status: byClock(r, now),
      openAt: iso(r.openAt)!,
      closeAt: iso(r.closeAt)!,
      submittedAt: iso(r.submittedAt),
    })),
    total,
  };
}

/**
 * The company's invitation: the lines, its own bid — when it was submitted, its receipt, and its
 * own prices and total (what the company sent, read back for it alone: the sealed copy is opened
 * in memory for this answer, nothing is stored in clear) —, the time left to the close on the
 * server's clock, and its result after the award. Never another company's price; another
 * company's tender answers 404.
 */
export async function getSupplierTender(db: Db, caller: Caller | null, keys: KeySource, tenderNo: string, now: Date) {
  supplierActor(caller);
  const own = await findOwnBid(db, tenderNo);
  if (!own) throw tenderMissing();
  const status = byClock(own, now);
  const opened = status === 'OPENED' || status === 'AWARDED';
  const [lines, attachments] = await Promise.all([findTenderLines(db, tenderNo), loadAttachments(db, own.fileId)]);
  const prices = opened ? await findOwnOpenedLines(db, tenderNo) : await ownSealedPrices(db, keys, own);
  const priceOf = new Map(prices.map((p) => [p.lineNo, p.unitPrice]));
  const submitted = own.revision > 0 && priceOf.size > 0;
  const priced = lines.map(({ prLineNo: _p, sgCode: _s, ...l }) => {
    const unitPrice = priceOf.get(l.lineNo) ?? null;
    return {
      ...l,
      unitPrice: unitPrice === null ? null : amt(unitPrice),
      amount: unitPrice === null ? null : amt(lineAmount(l.quantity, unitPrice, own.currency as 'KRW')),
    };
  });
  return {
    tenderNo,
    compNo: own.compNo,
    title: own.title,
    description: own.description,
    status,
    bidStatus: own.bidStatus,
    currency: own.currency,
    openAt: iso(own.openAt)!,
    closeAt: iso(own.closeAt)!,
    serverTime: now.toISOString(),
    secondsToClose:
      status === 'OPEN' || status === 'PUBLISHED'
        ? Math.max(0, Math.floor((msOf(own.closeAt) - now.getTime()) / 1000))
        : 0,
    editable: status === 'OPEN' && own.bidStatus !== 'CANCELLED',
    revision: own.revision,
    submittedAt: iso(own.submittedAt),
    submittedTotal: submitted ? amt(totalOf(priced.map((l) => l.amount ?? '0'))) : null,
    receipt: own.digest,
    result: own.bidStatus === 'WON' || own.bidStatus === 'LOST' ? own.bidStatus : null,
    version: own.version,
    lines: priced,
    attachments,
  };
}

/**
 * The company's own sealed prices, opened for it alone. None when it has not bid, when the tender
 * was cancelled (its key destroyed) or when this server holds another master key — the receipt
 * still says what was submitted.
 */
async function ownSealedPrices(
  db: Db,
  keys: KeySource,
  own: { tenderNo: string; compNo: string; revision: number; sealed: string | null },
): Promise<Array<{ lineNo: number; unitPrice: string }>> {
  if (own.revision === 0 || !own.sealed) return [];
  const keyRow = await findKey(db, own.tenderNo);
  if (!keyRow?.wrappedKey) return [];
  const master = masterKeyOf(keys);
  if (!sameMasterKey(keyRow.keyRef, master)) return [];
  let key: Buffer | null = null;
  try {
    key = unwrapKey(master, keyRow.wrappedKey, own.tenderNo);
    return openBid(key, own.sealed, { tenderNo: own.tenderNo, compNo: own.compNo, revision: own.revision }).lines.map(
      (l) => ({ lineNo: l.lineNo, unitPrice: String(l.unitPrice) }),
    );
  } catch {
    return [];
  } finally {
    key?.fill(0);
  }
}

/**
 * Submits or replaces the company's sealed bid while the window is open: a unit price for every
 * line, sealed at once with the tender's key; the stored row and the audit hold no price.
 * Refused: before the opening time or after the close (409), an uninvited company (404), one no
 * longer trading or blocked by its evaluation grade (400/409), a stale version (409).
 */
export async function submitBid(
  db: Db,
  caller: Caller | null,
  keys: KeySource,
  tenderNo: string,
  b: Static<typeof BidBody>,
  now: Date,
) {
  const supplier = supplierActor(caller);
  const master = masterKeyOf(keys);
  const errors: FieldError[] = [];
  await db.transaction().execute(async (trx) => {
    const own = await lockOwnBid(trx, tenderNo);
    if (!own) throw tenderMissing();
    const status = byClock({ status: own.tenderStatus, openAt: own.openAt, closeAt: own.closeAt }, now);
    if (status === 'PUBLISHED')
      throw refused('BID_NOT_OPEN', '입찰 시작 전에는 투찰할 수 없습니다', { openAt: iso(own.openAt) });
    if (status === 'CLOSED')
      throw refused('BID_CLOSED', '입찰이 마감되어 투찰하거나 바꿀 수 없습니다', { closeAt: iso(own.closeAt) });
    if (status !== 'OPEN' || own.status === 'CANCELLED') throw wrongState('진행 중인 입찰이 아닙니다', status);
    checkVersion(b.version, own.version);
    await assertSuppliersEligible(trx, [supplier.compNo], 'rfq', 'body/version');
    const grade = (await standings(trx, [supplier.compNo])).get(supplier.compNo);
    if (grade?.action === 'BLOCK')
      throw refused(
        'EVAL_BLOCKED',
        `협력사 평가 결과(${grade.periodName} ${grade.grade}등급)로 거래가 제한되어 투찰할 수 없습니다`,
      );
    const lines = await findTenderLines(trx, tenderNo);
    const given = new Map<number, number>();
    b.lines.forEach((l, i) => {
      if (given.has(l.lineNo))
        errors.push({ path: `body/lines/${i}/lineNo`, message: `같은 품목 줄(${l.lineNo})을 두 번 입력했습니다` });
      else if (!lines.some((x) => x.lineNo === l.lineNo))
        errors.push({ path: `body/lines/${i}/lineNo`, message: `입찰에 없는 품목 줄입니다: ${l.lineNo}` });
      given.set(l.lineNo, i);
    });
    lines.forEach((l) => {
      if (!given.has(l.lineNo)) errors.push({ path: 'body/lines', message: `${l.lineNo}번 품목의 단가를 입력하세요` });
    });
    failIf(errors);
    const total = totalOf(
      lines.map((l) => lineAmount(l.quantity, b.lines[given.get(l.lineNo)!].unitPrice, own.currency as 'KRW')),
    );
    if (!fitsAmount(total)) failIf([{ path: 'body/lines', message: '합계 금액이 너무 큽니다' }]);
    const keyRow = await findKey(trx, tenderNo);
    if (!keyRow?.wrappedKey)
      throw refused('TENDER_KEY_MISSING', '입찰 키가 없어 투찰할 수 없습니다. 구매 담당자에게 문의하세요');
    if (!sameMasterKey(keyRow.keyRef, master))
      throw refused('TENDER_KEY_MISMATCH', '입찰 키를 열 수 없어 투찰할 수 없습니다. 구매 담당자에게 문의하세요');
    const revision = own.revision + 1;
    const { sealed, digest } = sealBid(
      master,
      keyRow.wrappedKey,
      { tenderNo, compNo: supplier.compNo, revision },
      { lines: lines.map((l) => ({ lineNo: l.lineNo, unitPrice: b.lines[given.get(l.lineNo)!].unitPrice })) },
    );
    await updateBid(trx, tenderNo, supplier.compNo, {
      status: 'SUBMITTED',
      sealed,
      digest,
      revision,
      submittedAt: now,
      submittedBy: supplier.userId,
      version: own.version + 1,
    });
    await writeAudit(trx, {
      entity: 'tender_bid',
      entityKey: `${tenderNo}/${supplier.compNo}`,
      action: revision === 1 ? 'SUBMIT' : 'REPLACE',
      actor: supplier.userId,
      after: { revision, digest },
    });
  });
  return getSupplierTender(db, caller, keys, tenderNo, now);
}
