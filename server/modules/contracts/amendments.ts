/** Amendments (변경계약): a new contract naming an executed one, and the PO/LOI change it agrees. */
import type { Db } from '../../db/connect.js';
import { todayKst, isValidDate } from '../../domain/dates.js';
import { failIf, invalid, missing, refused, type FieldError } from '../../domain/errors.js';
import { HttpError } from '../../http/errors.js';
import { groupThousands } from '../../../lib/mask.js';
import { rateContractAmendment } from '../purchase/po/service.js';
import { describeLoiAmendment } from '../purchase/loi/service.js';
import * as q from './queries.js';
import { type VariableValues } from './variables.js';
import { notFound, type ContractDeps, type EventContext } from './common.js';
import { shortDecimal, type SourceChange, type SourceChangePrint, type SourceChangeRow } from './source-change.js';
import { draftContract, type NewContract } from './drafting.js';
import { taxTypeOf } from './stamp-duty.js';

/**
 * An amendment (변경계약) of an executed contract: a new contract with its own full text, naming
 * the original and listing the variables that changed; signed supplier first unless asked
 * otherwise. The original is never touched (the database refuses a change to an executed row).
 */
export function createAmendment(db: Db, deps: ContractDeps, ctx: EventContext, originalNo: string, b: NewAmendment) {
  return db.transaction().execute((trx) => draftAmendment(trx, deps, ctx, originalNo, b));
}

type NewAmendment = Omit<NewContract, 'compNo' | 'sourceKind' | 'sourceNo' | 'templateNo'> & {
  templateNo?: string;
  sourceChange?: SourceChange;
};

/** createAmendment in the caller's transaction (a 연동 조정 제안 accepted: linkage-decisions.ts). */
export async function draftAmendment(
  trx: Db,
  deps: ContractDeps,
  ctx: EventContext,
  originalNo: string,
  b: NewAmendment,
) {
  const original = await q.findContract(trx, originalNo);
  if (!original) throw notFound();
  if (original.status !== 'EXECUTED')
    throw refused('CONTRACT_NOT_EXECUTED', '체결된 계약만 변경계약을 만들 수 있습니다', { status: original.status });
  const { sourceChange: change, ...rest } = b;
  const described = change ? await describeSourceChange(trx, original, change, todayKst(ctx.now), ctx.now) : undefined;
  return draftContract(
    trx,
    deps,
    ctx,
    {
      ...rest,
      templateNo: b.templateNo ?? original.templateNo,
      compNo: original.compNo,
      sourceKind: original.sourceKind as 'PO' | 'LOI' | 'NONE',
      sourceNo: original.sourceNo,
      signOrder: b.signOrder ?? 'SUPPLIER_FIRST',
      // Unless the amendment states its own, the original's tax type (an exempt contract stays exempt).
      taxType: b.taxType ?? taxTypeOf(original.variables),
    },
    {
      contractNo: originalNo,
      variables: original.variables as VariableValues,
      ...(change && described
        ? {
            sourceChange: change,
            sourceChangeText: described.text,
            sourceChangeRows: described.rows,
            sourceChangePrint: described.print,
          }
        : {}),
    },
  );
}

/**
 * Checks the PO change an amendment agrees (the order it governs, its lines, dates not past) and
 * words it for the amendment's text: "발주 PO… 1번 품목 수량: 10.000 → 12", with each field's value
 * now and agreed (`rows`, shown on the amendment). Whether the order can take it is decided again
 * when the amendment is executed, by the order's change path.
 */
async function describeSourceChange(
  db: Db,
  original: q.ContractRow,
  change: SourceChange,
  today: string,
  now: Date,
): Promise<{ text: string[]; rows: SourceChangeRow[]; print: SourceChangePrint }> {
  if (original.sourceKind === 'LOI' && original.sourceNo) {
    const loi = await describeLoiAmendment(db, original.sourceNo, change, today);
    const rows = loi.rows.map((r) => ({ ...r, lineNo: null }));
    return { text: loi.text, rows, print: printedChange(`LOI ${original.sourceNo}`, rows) };
  }
  if (original.sourceKind !== 'PO' || !original.sourceNo)
    throw invalid('CONTRACT_SOURCE_CHANGE_UNSUPPORTED', '발주나 LOI에 연결된 계약만 그 변경을 함께 약정할 수 있습니다');
  const poNo = original.sourceNo;
  if (change.amount !== undefined || change.validUntil !== undefined)
    failIf([{ path: 'body/sourceChange', message: '발주는 납기일과 품목 줄만 변경계약으로 바꿀 수 있습니다' }]);
  const [head, lines] = await Promise.all([q.poDueDate(db, poNo), q.poLines(db, poNo)]);
  if (!head) throw missing('CONTRACT_SOURCE_NOT_FOUND', '발주 또는 LOI를 찾을 수 없습니다');
  const errors: FieldError[] = [];
  const text: string[] = [];
  const rows: SourceChangeRow[] = [];
  if (change.dueDate !== undefined) {
    if (!isValidDate(change.dueDate) || change.dueDate < today)
      errors.push({ path: 'body/sourceChange/dueDate', message: '납기일은 오늘 이후의 날짜여야 합니다' });
    else {
      text.push(`발주 ${poNo} 납기일: ${head.dueDate ?? '-'} → ${change.dueDate}`);
      rows.push({ field: 'dueDate', lineNo: null, before: head.dueDate ?? null, after: change.dueDate });
    }
  }
  (change.lines ?? []).forEach((l, i) => {
    const line = lines.find((x) => x.lineNo === l.lineNo);
    if (!line) {
      errors.push({ path: `body/sourceChange/lines/${i}/lineNo`, message: `발주에 없는 품목 줄입니다: ${l.lineNo}` });
      return;
    }
    if (l.deliveryDate !== undefined && (!isValidDate(l.deliveryDate) || l.deliveryDate < today))
      errors.push({
        path: `body/sourceChange/lines/${i}/deliveryDate`,
        message: '품목 납기일은 오늘 이후의 날짜여야 합니다',
      });
    const part = (field: SourceChangeRow['field'], label: string, before: unknown, after: string | undefined) => {
      if (after === undefined) return;
      text.push(`발주 ${poNo} ${l.lineNo}번 품목 ${label}: ${String(before ?? '-')} → ${after}`);
      rows.push({ field, lineNo: l.lineNo, before: shortDecimal(before), after });
    };
    part('quantity', '수량', line.quantity, l.quantity);
    part('unitPrice', '단가', line.unitPrice, l.unitPrice);
    part('deliveryDate', '납기일', line.deliveryDate, l.deliveryDate);
  });
  failIf(errors);
  if (text.length === 0) failIf([{ path: 'body/sourceChange', message: '발주에서 바꿀 내용을 입력하세요' }]);
  // The order's new total as its change path computes it (its checks: quantity floor, limits), its
  // field errors named under the amendment's sourceChange.
  const rated = await rateContractAmendment(db, poNo, { dueDate: change.dueDate, lines: change.lines }, now).catch(
    (e: unknown) => {
      if (e instanceof HttpError && Array.isArray(e.details))
        throw new HttpError(
          e.statusCode,
          e.code,
          e.message,
          (e.details as FieldError[]).map((d) => ({ ...d, path: d.path.replace(/^body\//, 'body/sourceChange/') })),
        );
      throw e;
    },
  );
  const print = printedChange(`발주 ${poNo}`, rows, { before: rated.totalBefore, after: rated.totalAfter });
  return { text, rows, print };
}

const FIELD_LABEL: Record<SourceChangeRow['field'], string> = {
  dueDate: '납기일',
  quantity: '수량',
  unitPrice: '단가',
  deliveryDate: '품목 납기일',
  amount: '금액',
  validUntil: '유효 종료일',
};

/** A decimal with thousands separators and its own decimals ('220000.5' → '220,000.5'); other text as it is. */
const grouped = (v: string | null): string => {
  if (v === null) return '-';
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(v.trim());
  return m ? `${m[1]}${groupThousands(m[2]!)}${m[3] ?? ''}` : v;
};

/** The printed change: one line per field ("1번 품목 단가: 4,710 → 220,000"), the order's total last. */
function printedChange(
  document: string,
  rows: readonly SourceChangeRow[],
  total?: { before: string; after: string },
): SourceChangePrint {
  return {
    heading: `${document} 변경 내용 (이 변경계약의 체결로 적용)`,
    lines: [
      ...rows.map(
        (r) =>
          `${r.lineNo === null ? '' : `${r.lineNo}번 품목 `}${FIELD_LABEL[r.field]}: ${grouped(shortDecimal(r.before))} → ${grouped(shortDecimal(r.after))}`,
      ),
      ...(total ? [`총액: ${grouped(shortDecimal(total.before))} → ${grouped(shortDecimal(total.after))}`] : []),
    ],
  };
}
