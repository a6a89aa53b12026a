import type { Db } from '../../../db/connect.js';
import { existingCodes, loadItems } from '../../../domain/documents.js';
import { failIf, type FieldError } from '../../../domain/errors.js';
import { fitsAmount, lineAmount, totalOf, type Currency } from '../../../domain/money.js';
import { QUANTITY, UNIT_PRICE, checkDecimal, text, type DecimalRule } from '../../../domain/values.js';
import { checkDate } from '../../../domain/dates.js';

/** An item line as a client sends it: an item of the master, or free text with a unit. */
export interface LineInput {
  itemCode?: string | null;
  itemName?: string | null;
  spec?: string | null;
  unitCode?: string | null;
  sgCode?: string | null;
  quantity: string;
  price: string;
  remark?: string | null;
  deliveryDate?: string | null;
}

export interface ResolvedLine {
  lineNo: number;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  sgCode: string | null;
  quantity: string;
  price: string;
  amount: string;
  remark: string | null;
  deliveryDate: string | null;
}

/**
 * Checks and completes item lines: quantities > 0 with at most 3 decimals, prices ≥ 0 with at
 * most 2, known items (name, spec, unit and sourcing group come from the master), free-text
 * lines with a name and a known unit; amounts are quantity × price rounded to the currency.
 * Every problem is reported at once (400 VALIDATION, details per field); nothing is written.
 */
export async function resolveLines(
  db: Db,
  lines: readonly LineInput[],
  currency: Currency,
  opts: { priceField: string; priceRule?: DecimalRule; today?: string; errors?: FieldError[] },
): Promise<{ lines: ResolvedLine[]; total: string }> {
  // Header errors found by the caller are answered together with the lines' errors.
  const errors: FieldError[] = [...(opts.errors ?? [])];
  const at = (i: number, field: string) => `body/lines/${i}/${field}`;
  lines.forEach((l, i) => {
    checkDecimal(errors, at(i, 'quantity'), l.quantity, QUANTITY);
    checkDecimal(errors, at(i, opts.priceField), l.price, opts.priceRule ?? UNIT_PRICE);
    if (!text(l.itemCode)) {
      if (!text(l.itemName)) errors.push({ path: at(i, 'itemName'), message: '품목코드가 없으면 품목명을 입력하세요' });
      if (!text(l.unitCode)) errors.push({ path: at(i, 'unitCode'), message: '품목코드가 없으면 단위를 입력하세요' });
    }
    if (l.deliveryDate !== undefined)
      checkDate(errors, at(i, 'deliveryDate'), l.deliveryDate, '납기일', { notBefore: opts.today });
  });
  const { byCode, errors: itemErrors } = await loadItems(db, lines, (i) => at(i, 'itemCode'));
  errors.push(...itemErrors);
  const units = await existingCodes(
    db,
    'unit',
    lines.map((l) => text(l.unitCode) ?? ''),
  );
  const groups = await existingCodes(
    db,
    'sourcingGroup',
    lines.map((l) => text(l.sgCode) ?? ''),
  );
  lines.forEach((l, i) => {
    const unit = text(l.unitCode);
    if (unit && !units.has(unit))
      errors.push({ path: at(i, 'unitCode'), message: `등록되지 않은 단위입니다: ${unit}` });
    const sg = text(l.sgCode);
    if (sg && !groups.has(sg)) errors.push({ path: at(i, 'sgCode'), message: `등록되지 않은 소싱그룹입니다: ${sg}` });
  });
  failIf(errors);

  const resolved = lines.map((l, i): ResolvedLine => {
    const item = text(l.itemCode) ? byCode.get(l.itemCode!.trim())! : null;
    const quantity = l.quantity.trim();
    const price = l.price.trim();
    return {
      lineNo: i + 1,
      itemCode: item?.itemCode ?? null,
      itemName: item?.itemName ?? text(l.itemName)!,
      spec: text(l.spec) ?? item?.spec ?? null,
      unitCode: item?.unitCode ?? text(l.unitCode)!,
      sgCode: text(l.sgCode) ?? item?.sgCode ?? null,
      quantity,
      price,
      amount: lineAmount(quantity, price, currency),
      remark: text(l.remark),
      deliveryDate: text(l.deliveryDate),
    };
  });
  resolved.forEach((l, i) => {
    if (!fitsAmount(l.amount)) errors.push({ path: at(i, 'quantity'), message: '금액(수량 × 단가)이 너무 큽니다' });
  });
  failIf(errors);
  const total = totalOf(resolved.map((l) => l.amount));
  if (!fitsAmount(total)) failIf([{ path: 'body/lines', message: '합계 금액이 너무 큽니다' }]);
  return { lines: resolved, total };
}
