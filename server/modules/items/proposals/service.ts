import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { checkVersion, failIf, missing, notAllowed, refused, type FieldError } from '../../../domain/errors.js';
import { isValidDate, todayKst } from '../../../domain/dates.js';
import { iso, text } from '../../../domain/values.js';
import { parseAmount } from '../../../domain/money.js';
import { allocateItemCodes, checkItem, loadMasters } from '../item-master.js';
import { insertItem } from '../master/queries.js';
import { bindingError } from '../../files/owners.js';
import type { ApproveBody, CreateBody, ListQuery, MyItemQuery, UpdateBody } from './schemas.js';
import {
  duePricePoint,
  insertPriceHistory,
  insertProposal,
  insertSupplierPrice,
  listMyItems,
  listProposals,
  lockProposal,
  myItem,
  myPriceHistory,
  pairsWithDuePrices,
  pendingPriceProposal,
  proposalWithNames,
  suppliedItem,
  supplierPrice,
  updateProposal,
  updateSupplierPrice,
} from './queries.js';

/**
 * Suppliers' proposals (docs/items.md): a supplier proposes a price change for an item it
 * supplies, or a new item, with the date it should take effect, a reason and attachments;
 * staff approve (with the effective date: the supplier's price and its history change) or
 * reject with a reason; the supplier may withdraw while it waits. States: SUBMITTED →
 * APPROVED | REJECTED | WITHDRAWN. A supplier reads and changes only its own company's rows
 * (request.db is scoped to its company).
 */

const rate = (cur: string | null, next: string): string | null => {
  if (cur === null || Number(cur) === 0) return null;
  return (((Number(next) - Number(cur)) / Number(cur)) * 100).toFixed(1);
};

const notFoundProposal = (proposalNo: string) => missing('PROPOSAL_NOT_FOUND', `제안이 없습니다: ${proposalNo}`);

function actionsFor(caller: Caller, status: string): string[] {
  if (status !== 'SUBMITTED') return [];
  return caller.portal === 'X' ? ['update', 'withdraw'] : ['approve', 'reject'];
}

// ---- a supplier's items and prices

export async function myItemList(db: Db, q: Static<typeof MyItemQuery>) {
  const { rows, total } = await listMyItems(db, q);
  return {
    rows: rows.map((r) => ({ ...r, unitPrice: String(r.unitPrice), pendingProposal: r.pendingProposal ?? null })),
    total,
  };
}

/** One item the company supplies with its own price history; any other item is not found. */
export async function myItemDetail(db: Db, itemCode: string) {
  const row = await myItem(db, itemCode);
  if (!row) throw missing('ITEM_NOT_FOUND', `공급하는 품목이 아닙니다: ${itemCode}`);
  const history = await myPriceHistory(db, itemCode);
  return {
    ...row,
    unitPrice: String(row.unitPrice),
    history: history.map((h) => ({ ...h, unitPrice: String(h.unitPrice) })),
  };
}

// ---- proposals

export async function proposalList(db: Db, q: Static<typeof ListQuery>) {
  const { rows, total } = await listProposals(db, q);
  return {
    rows: rows.map((r) => {
      const cur = r.currentPrice === null ? null : String(r.currentPrice);
      return {
        ...r,
        currentPrice: cur,
        proposedPrice: String(r.proposedPrice),
        changeRate: rate(cur, String(r.proposedPrice)),
        createdAt: iso(r.createdAt)!,
        reviewedAt: iso(r.reviewedAt),
      };
    }),
    total,
  };
}

export async function proposalDetail(db: Db, proposalNo: string, caller: Caller) {
  const p = await proposalWithNames(db, proposalNo);
  // A supplier's scoped Db finds no other company's proposal: the same 404 as a missing one.
  if (!p) throw notFoundProposal(proposalNo);
  const currentPrice = p.currentPrice === null ? null : String(p.currentPrice);
  return {
    proposalNo: p.proposalNo,
    compNo: p.compNo,
    compNameKr: p.compNameKr,
    kind: p.kind,
    itemCode: p.itemCode,
    itemName: p.itemName,
    spec: p.spec,
    catCode: p.catCode,
    catName: p.catName,
    unitCode: p.unitCode,
    maker: p.maker,
    currentPrice,
    proposedPrice: String(p.proposedPrice),
    currency: p.currency,
    changeRate: rate(currentPrice, String(p.proposedPrice)),
    validFrom: p.validFrom,
    reason: p.reason,
    fileId: p.fileId,
    status: p.status,
    effectiveDate: p.effectiveDate,
    rejectReason: p.rejectReason,
    reviewedBy: p.reviewedBy,
    reviewedAt: iso(p.reviewedAt),
    createdBy: p.createdBy,
    createdAt: iso(p.createdAt)!,
    updatedAt: iso(p.updatedAt)!,
    version: p.version,
    actions: actionsFor(caller, p.status),
  };
}

type ProposalInput = Static<typeof CreateBody>;

/** Checks a supplier's proposal; for a price change the item must be one it supplies (its scoped Db sees only its prices). */
// A null fileId may arrive as "" (the body schema coerces types): text() makes both "no attachments".
async function checkProposal(db: Db, b: ProposalInput, today: string, caller: Caller, proposalNo: string | null) {
  const errors: FieldError[] = [];
  if (!parseAmount(b.proposedPrice))
    errors.push({ path: 'body/proposedPrice', message: '제안 단가는 0 이상의 숫자여야 합니다' });
  if (!isValidDate(b.validFrom))
    errors.push({ path: 'body/validFrom', message: '적용 시작일이 올바른 날짜가 아닙니다' });
  else if (b.validFrom < today) errors.push({ path: 'body/validFrom', message: '적용 시작일은 오늘 이후여야 합니다' });
  if (!b.reason.trim()) errors.push({ path: 'body/reason', message: '제안 사유는 필수입니다' });
  const fileError = await bindingError(db, caller, 'body/fileId', text(b.fileId), {
    docType: 'ITEM_PROPOSAL',
    docNo: proposalNo,
    compNo: caller.compNo ?? null,
  });
  if (fileError) errors.push(fileError);
  if (b.kind === 'PRICE') {
    const itemCode = text(b.itemCode)?.toUpperCase();
    if (!itemCode) {
      errors.push({ path: 'body/itemCode', message: '단가 변경할 품목을 선택하세요' });
      failIf(errors);
    }
    const own = await suppliedItem(db, itemCode!);
    if (!own) throw notAllowed(`공급하지 않는 품목의 단가는 제안할 수 없습니다: ${itemCode}`);
    if (own.useYn !== 'Y') errors.push({ path: 'body/itemCode', message: `사용하지 않는 품목입니다: ${itemCode}` });
    if (b.currency && b.currency !== own.currency)
      errors.push({ path: 'body/currency', message: `이 품목의 단가 통화는 ${own.currency}입니다` });
    failIf(errors);
    return {
      kind: 'PRICE' as const,
      itemCode: own.itemCode,
      itemName: own.itemName,
      spec: own.spec,
      catCode: own.catCode,
      unitCode: own.unitCode,
      maker: own.maker,
      currentPrice: String(own.unitPrice),
      proposedPrice: parseAmount(b.proposedPrice)!,
      currency: own.currency,
      validFrom: b.validFrom,
      reason: b.reason.trim(),
      fileId: text(b.fileId),
    };
  }
  const masters = await loadMasters(db);
  const itemName = text(b.itemName) ?? '';
  const catCode = text(b.catCode)?.toUpperCase() ?? '';
  const unitCode = text(b.unitCode)?.toUpperCase() ?? '';
  // The sourcing group is staff's to choose on approval: checked with a valid placeholder here.
  const anyLevel4 = [...masters.level4][0] ?? '';
  errors.push(
    ...checkItem(
      masters,
      {
        itemName,
        spec: b.spec,
        catCode,
        sgCode: anyLevel4,
        unitCode,
        refPrice: b.proposedPrice,
        currency: b.currency ?? 'KRW',
        maker: b.maker,
      },
      (f) => `body/${f === 'refPrice' ? 'proposedPrice' : f}`,
    ),
  );
  failIf(errors);
  return {
    kind: 'NEW' as const,
    itemCode: null,
    itemName,
    spec: text(b.spec),
    catCode,
    unitCode,
    maker: text(b.maker),
    currentPrice: null,
    proposedPrice: parseAmount(b.proposedPrice)!,
    currency: b.currency ?? ('KRW' as const),
    validFrom: b.validFrom,
    reason: b.reason.trim(),
    fileId: text(b.fileId),
  };
}

/** Sets a supplier's current price from its newest history point that has taken effect (idempotent). */
async function applyDuePrice(trx: Db, itemCode: string, compNo: string, today: string): Promise<boolean> {
  const due = await duePricePoint(trx, itemCode, compNo, today);
  if (!due) return false;
  const cur = await supplierPrice(trx, itemCode, compNo);
  if (cur && cur.effectiveDate === due.effectiveDate && Number(cur.unitPrice) === Number(due.unitPrice)) return false;
  if (cur && cur.effectiveDate > due.effectiveDate) return false;
  if (cur)
    await updateSupplierPrice(trx, itemCode, compNo, {
      unitPrice: due.unitPrice,
      currency: due.currency,
      effectiveDate: due.effectiveDate,
      updatedAt: new Date(),
      version: cur.version + 1,
    });
  else
    await insertSupplierPrice(trx, {
      itemCode,
      compNo,
      unitPrice: due.unitPrice,
      currency: due.currency,
      effectiveDate: due.effectiveDate,
    });
  return true;
}

/** Approved price changes whose effective date has come become the supplier's current price, one transaction each. */
export async function applyDuePrices(db: Db, now: Date): Promise<{ applied: number }> {
  const today = todayKst(now);
  const pending = await pairsWithDuePrices(db, today);
  let applied = 0;
  for (const p of pending) {
    const changed = await db.transaction().execute(async (trx) => {
      const done = await applyDuePrice(trx, p.itemCode, p.compNo, today);
      if (done)
        await writeAudit(trx, {
          entity: 'item_supplier_price',
          entityKey: `${p.itemCode}/${p.compNo}`,
          action: 'PRICE_EFFECTIVE',
          actor: null,
        });
      return done;
    });
    if (changed) applied++;
  }
  return { applied };
}

/** A supplier proposes a price change for an item it supplies (403 for any other) or a new item. */
export async function createProposal(db: Db, body: Static<typeof CreateBody>, caller: Caller, now: Date) {
  const today = todayKst(now);
  const input = await checkProposal(db, body, today, caller, null);
  const proposalNo = await db.transaction().execute(async (trx) => {
    const no = await nextDocumentNumber(trx, 'IP', today);
    if (input.kind === 'PRICE') {
      const open = await pendingPriceProposal(trx, input.itemCode);
      if (open) throw refused('PROPOSAL_PENDING', `검토 중인 단가 제안이 있습니다: ${open.proposalNo}`);
    }
    const row = {
      proposalNo: no,
      compNo: caller.compNo!,
      ...input,
      status: 'SUBMITTED' as const,
      createdBy: caller.userId,
    };
    await insertProposal(trx, row);
    await writeAudit(trx, {
      entity: 'item_proposal',
      entityKey: no,
      action: 'SUBMIT',
      actor: caller.userId,
      after: row,
    });
    return no;
  });
  return proposalDetail(db, proposalNo, caller);
}

/** Changes a proposal while it waits for review (its supplier only). */
export async function changeProposal(
  db: Db,
  proposalNo: string,
  body: Static<typeof UpdateBody>,
  caller: Caller,
  now: Date,
) {
  const input = await checkProposal(db, body, todayKst(now), caller, proposalNo);
  await db.transaction().execute(async (trx) => {
    const cur = await lockProposal(trx, proposalNo);
    if (!cur) throw notFoundProposal(proposalNo);
    checkVersion(body.version, cur.version);
    if (cur.status !== 'SUBMITTED')
      throw refused('INVALID_STATE', '검토가 끝난 제안은 수정할 수 없습니다', { status: cur.status });
    if (cur.kind !== input.kind) throw refused('PROPOSAL_KIND_FIXED', '제안 구분은 바꿀 수 없습니다');
    const next = { ...input, updatedAt: new Date(), version: cur.version + 1 };
    await updateProposal(trx, proposalNo, next);
    await writeAudit(trx, {
      entity: 'item_proposal',
      entityKey: proposalNo,
      action: 'UPDATE',
      actor: caller.userId,
      before: cur,
      after: next,
    });
  });
  return proposalDetail(db, proposalNo, caller);
}

export async function withdrawProposal(db: Db, proposalNo: string, version: number, caller: Caller) {
  await db.transaction().execute(async (trx) => {
    const cur = await lockProposal(trx, proposalNo);
    if (!cur) throw notFoundProposal(proposalNo);
    checkVersion(version, cur.version);
    if (cur.status !== 'SUBMITTED')
      throw refused('INVALID_STATE', '검토가 끝난 제안은 철회할 수 없습니다', { status: cur.status });
    await updateProposal(trx, proposalNo, { status: 'WITHDRAWN', updatedAt: new Date(), version: cur.version + 1 });
    await writeAudit(trx, {
      entity: 'item_proposal',
      entityKey: proposalNo,
      action: 'WITHDRAW',
      actor: caller.userId,
      before: { status: cur.status },
      after: { status: 'WITHDRAWN' },
    });
  });
  return proposalDetail(db, proposalNo, caller);
}

/** Approves with an effective date: the supplier's price changes from that date and its history shows it (a new item is created first). */
export async function approveProposal(
  db: Db,
  proposalNo: string,
  b: Static<typeof ApproveBody>,
  caller: Caller,
  now: Date,
) {
  const errors: FieldError[] = [];
  if (!isValidDate(b.effectiveDate))
    errors.push({ path: 'body/effectiveDate', message: '적용일이 올바른 날짜가 아닙니다' });
  failIf(errors);
  const today = todayKst(now);
  const masters = await loadMasters(db);
  await db.transaction().execute(async (trx) => {
    const cur = await lockProposal(trx, proposalNo);
    if (!cur) throw notFoundProposal(proposalNo);
    checkVersion(b.version, cur.version);
    if (cur.status !== 'SUBMITTED')
      throw refused('INVALID_STATE', '검토 대기 중인 제안만 승인할 수 있습니다', { status: cur.status });
    let itemCode = cur.itemCode;
    if (cur.kind === 'NEW') {
      const sgCode = text(b.sgCode)?.toUpperCase() ?? '';
      const itemErrors = checkItem(
        masters,
        {
          itemName: cur.itemName,
          spec: cur.spec,
          catCode: cur.catCode ?? '',
          sgCode,
          unitCode: cur.unitCode ?? '',
          refPrice: String(cur.proposedPrice),
          currency: cur.currency,
          maker: cur.maker,
        },
        (f) => `body/${f}`,
      );
      failIf(itemErrors);
      [itemCode] = await allocateItemCodes(trx, [cur.catCode!]);
      await insertItem(trx, {
        itemCode,
        itemName: cur.itemName,
        spec: cur.spec,
        catCode: cur.catCode!,
        sgCode,
        unitCode: cur.unitCode!,
        refPrice: cur.proposedPrice,
        currency: cur.currency,
        maker: cur.maker,
        fileId: cur.fileId,
        updatedBy: caller.userId,
      });
      await writeAudit(trx, {
        entity: 'item',
        entityKey: itemCode,
        action: 'CREATE',
        actor: caller.userId,
        after: { fromProposal: proposalNo },
        reason: cur.reason,
      });
    }
    await insertPriceHistory(trx, {
      itemCode: itemCode!,
      compNo: cur.compNo,
      unitPrice: cur.proposedPrice,
      currency: cur.currency,
      effectiveDate: b.effectiveDate,
      source: 'PROPOSAL',
      proposalNo,
      changedBy: caller.userId,
    });
    if (b.effectiveDate <= today) await applyDuePrice(trx, itemCode!, cur.compNo, today);
    else if (cur.kind === 'NEW') {
      // A new item is supplied from the start; its price takes effect on the date given.
      await insertSupplierPrice(trx, {
        itemCode: itemCode!,
        compNo: cur.compNo,
        unitPrice: cur.proposedPrice,
        currency: cur.currency,
        effectiveDate: b.effectiveDate,
      });
    }
    const next = {
      status: 'APPROVED' as const,
      itemCode,
      effectiveDate: b.effectiveDate,
      reviewedBy: caller.userId,
      // The review's date is the proposal's document date the supplier reads: the business clock.
      reviewedAt: now,
      updatedAt: new Date(),
      version: cur.version + 1,
    };
    await updateProposal(trx, proposalNo, next);
    await writeAudit(trx, {
      entity: 'item_proposal',
      entityKey: proposalNo,
      action: 'APPROVE',
      actor: caller.userId,
      before: { status: cur.status },
      after: next,
      reason: text(b.comment),
    });
  });
  return proposalDetail(db, proposalNo, caller);
}

/** Rejects a proposal with a reason; nothing else changes. */
export async function rejectProposal(
  db: Db,
  proposalNo: string,
  body: { version: number; reason: string },
  caller: Caller,
  now: Date,
) {
  const reason = body.reason.trim();
  if (!reason) failIf([{ path: 'body/reason', message: '반려 사유를 입력하세요' }]);
  await db.transaction().execute(async (trx) => {
    const cur = await lockProposal(trx, proposalNo);
    if (!cur) throw notFoundProposal(proposalNo);
    checkVersion(body.version, cur.version);
    if (cur.status !== 'SUBMITTED')
      throw refused('INVALID_STATE', '검토 대기 중인 제안만 반려할 수 있습니다', { status: cur.status });
    const next = {
      status: 'REJECTED' as const,
      rejectReason: reason,
      reviewedBy: caller.userId,
      // The review's date is the proposal's document date the supplier reads: the business clock.
      reviewedAt: now,
      updatedAt: new Date(),
      version: cur.version + 1,
    };
    await updateProposal(trx, proposalNo, next);
    await writeAudit(trx, {
      entity: 'item_proposal',
      entityKey: proposalNo,
      action: 'REJECT',
      actor: caller.userId,
      before: { status: cur.status },
      after: next,
      reason,
    });
  });
  return proposalDetail(db, proposalNo, caller);
}
