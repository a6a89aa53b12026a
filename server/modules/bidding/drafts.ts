import type { Db } from '../../db/connect.js';
import { josa } from '../../../lib/josa.js';
import { isPurchasingManager, type Actor } from '../../domain/actor.js';
import { checkDate, todayKst } from '../../domain/dates.js';
import { existingCodes, loadItems } from '../../domain/documents.js';
import { checkVersion, notAllowed, type FieldError } from '../../domain/errors.js';
import type { HttpError } from '../../http/errors.js';
import { text } from '../../domain/values.js';
import { takePrForBidding } from '../purchase/pr/service.js';

/**
 * What a sealed-bid tender and a reverse auction share as drafts (server/modules/bidding): the
 * window's instants, the buyer's own lines, the lines taken from a received PR, and the lock of a
 * document by its buyer at the version read. Each is the same rule for both; the caller adds what
 * is its own (an auction line's reference price, the document's number and messages).
 */

/** An instant with its zone (2026-12-01T10:00:00+09:00), or a Korean wall-clock time as the screens send it (2026-12-01 10:00). */
export function instant(errors: FieldError[], path: string, value: string, label: string): Date | null {
  const v = value.trim();
  const kst = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(v);
  if (kst && !Number.isNaN(Date.parse(`${kst[1]}T${kst[2]}:00+09:00`))) return new Date(`${kst[1]}T${kst[2]}:00+09:00`);
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) ||
    Number.isNaN(Date.parse(v))
  ) {
    errors.push({ path, message: `${josa(label, '은/는')} 2026-12-01 10:00 (한국 시간) 형식으로 입력하세요` });
    return null;
  }
  return new Date(v);
}

export interface OwnLineInput {
  itemCode?: string | null;
  itemName?: string | null;
  spec?: string | null;
  unitCode?: string | null;
  quantity: string;
  deliveryDate?: string | null;
}

export interface DraftLine {
  lineNo: number;
  prLineNo: number | null;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  sgCode: string | null;
  quantity: string;
  deliveryDate: string | null;
}

/** The buyer's own lines (no PR): an item of the master or a free text with its unit; problems go to `errors`. */
export async function ownLines(
  db: Db,
  input: readonly OwnLineInput[],
  errors: FieldError[],
  now: Date,
): Promise<DraftLine[]> {
  if (input.length === 0)
    errors.push({ path: 'body/lines', message: '구매요청을 지정하거나 품목을 한 줄 이상 입력하세요' });
  const { byCode, errors: itemErrors } = await loadItems(db, input, (i) => `body/lines/${i}/itemCode`);
  errors.push(...itemErrors);
  const units = await existingCodes(
    db,
    'unit',
    input.map((l) => l.unitCode?.trim() ?? ''),
  );
  const today = todayKst(now);
  return input.map((l, i) => {
    const item = l.itemCode?.trim() ? byCode.get(l.itemCode.trim()) : undefined;
    const itemName = text(l.itemName) ?? item?.itemName ?? null;
    const unitCode = text(l.unitCode) ?? item?.unitCode ?? null;
    if (!itemName) errors.push({ path: `body/lines/${i}/itemName`, message: '품목명을 입력하세요' });
    if (!unitCode) errors.push({ path: `body/lines/${i}/unitCode`, message: '단위를 입력하세요' });
    else if (!item && !units.has(unitCode))
      errors.push({ path: `body/lines/${i}/unitCode`, message: `등록되지 않은 단위입니다: ${unitCode}` });
    if (l.deliveryDate)
      checkDate(errors, `body/lines/${i}/deliveryDate`, l.deliveryDate, '납기일', { notBefore: today });
    return {
      lineNo: i + 1,
      prLineNo: null,
      itemCode: item?.itemCode ?? null,
      itemName: itemName ?? '',
      spec: text(l.spec) ?? item?.spec ?? null,
      unitCode: unitCode ?? '',
      sgCode: item?.sgCode ?? null,
      quantity: l.quantity,
      deliveryDate: text(l.deliveryDate),
    };
  });
}

/**
 * A received PR taken by a tender or an auction (`docNo`), inside the draft's transaction: the PR
 * moves to quotation requested (takePrForBidding), and the draft gets the PR's header fields and
 * its lines (each keeping its PR line number, delivered on the PR's desired date) with the PR's
 * estimate (`estUnitPrice`), which an auction keeps as its reference price.
 */
export async function linesFromPr(trx: Db, actor: Actor, prNo: string, prVersion: number | undefined, docNo: string) {
  const { pr, lines } = await takePrForBidding(trx, actor, prNo, prVersion, docNo);
  return {
    header: {
      prNo,
      title: pr.title,
      section: pr.section,
      deptcd: pr.deptcd,
      buyerId: pr.buyerId ?? actor.singleid,
      currency: pr.currency,
    },
    lines: lines.map((l) => ({
      line: {
        lineNo: l.lineNo,
        prLineNo: l.lineNo as number | null,
        itemCode: l.itemCode,
        itemName: l.itemName,
        spec: l.spec,
        unitCode: l.unitCode,
        sgCode: l.sgCode,
        quantity: l.quantity,
        deliveryDate: pr.desiredDate,
      } satisfies DraftLine,
      estUnitPrice: l.estUnitPrice,
    })),
  };
}

/**
 * A tender or auction row locked (by the caller's query, in its transaction) for a change by its
 * buyer or a purchasing manager, at the version the caller read: 404 when absent, 403 for anyone
 * else, 409 VERSION_CONFLICT when stale.
 */
export function ownedAtVersion<T extends { buyerId: string; version: number }>(
  row: T | undefined,
  actor: Actor,
  version: number,
  absent: () => HttpError,
  what: string,
): T {
  if (!row) throw absent();
  if (row.buyerId !== actor.singleid && !isPurchasingManager(actor))
    throw notAllowed(`담당 구매자 또는 구매 관리자만 ${josa(what, '을/를')} 처리할 수 있습니다`);
  checkVersion(version, row.version);
  return row;
}
