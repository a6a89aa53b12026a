/**
 * An active agreement's prices changed from a day on (docs/subcontracting.md "납품대금 연동"): each line's dated
 * prices (migration 1123), what a change must satisfy and what it writes. changeAgreementPrices (amendments.ts) is
 * the command. An order is checked against the price in effect on its date (consumption.ts), so an order made
 * before the change keeps its price and its change orders still pass.
 */
import type { Static } from 'typebox';
import { compareDecimals } from '../../../../lib/money.js';
import type { Db } from '../../../db/connect.js';
import { checkDate } from '../../../domain/dates.js';
import { failIf, type FieldError } from '../../../domain/errors.js';
import { UNIT_PRICE, checkDecimal, iso, text } from '../../../domain/values.js';
import { findAgreementLines, updateAgreementLine } from './queries.js';
import { findLinePrices, insertLinePrices, insertOriginalPrices } from './queries-prices.js';
import type { PriceChangeBody } from './schemas.js';

type Source = 'AMENDMENT' | 'LINKAGE';

interface Head {
  agreementNo: string;
  compNo: string;
  validFrom: string;
  validTo: string;
}

/** The body checked against the agreement: a reason, a day within its validity, known lines at prices above 0. */
function changeErrors(a: Head, lineNos: readonly number[], b: Static<typeof PriceChangeBody>) {
  const errors: FieldError[] = [];
  if (!text(b.reason)) errors.push({ path: 'body/reason', message: '변경 사유를 입력하세요' });
  const from = checkDate(errors, 'body/effectiveFrom', b.effectiveFrom, '적용 시작일', { required: true });
  if (from && (from < a.validFrom || from > a.validTo))
    errors.push({
      path: 'body/effectiveFrom',
      message: `적용 시작일은 단가계약 유효기간(${a.validFrom} ~ ${a.validTo}) 안이어야 합니다`,
    });
  const seen = new Set<number>();
  b.lines.forEach((l, i) => {
    if (!lineNos.includes(l.lineNo))
      errors.push({ path: `body/lines/${i}/lineNo`, message: `단가계약에 없는 품목 줄입니다: ${l.lineNo}` });
    else if (seen.has(l.lineNo))
      errors.push({ path: `body/lines/${i}/lineNo`, message: `${l.lineNo}번 품목이 두 번 있습니다` });
    seen.add(l.lineNo);
    const before = errors.length;
    checkDecimal(errors, `body/lines/${i}/unitPrice`, l.unitPrice, UNIT_PRICE);
    if (errors.length === before && compareDecimals(l.unitPrice.trim(), '0') <= 0)
      errors.push({ path: `body/lines/${i}/unitPrice`, message: '단가는 0보다 커야 합니다' });
  });
  return { errors, effectiveFrom: from! };
}

/**
 * Checks and writes a change of prices of the locked, active agreement `a`: the lines' ORIGINAL rows if they had
 * none, a dated row per line changed, and — when the day has come (`today`, the business clock) — the line's
 * current price. Answers what the audit row records. 400 (nothing written) on a bad body.
 */
export async function writePriceChange(
  trx: Db,
  a: Head,
  b: Static<typeof PriceChangeBody>,
  o: { source: Source; today: string; by: string },
) {
  const lines = await findAgreementLines(trx, a.agreementNo);
  const { errors, effectiveFrom } = changeErrors(
    a,
    lines.map((l) => l.lineNo),
    b,
  );
  failIf(errors);
  const reference = text(b.reason)!;
  await insertOriginalPrices(trx, a.agreementNo, o.by);
  await insertLinePrices(
    trx,
    b.lines.map((l) => ({
      agreementNo: a.agreementNo,
      lineNo: l.lineNo,
      compNo: a.compNo,
      effectiveFrom,
      unitPrice: l.unitPrice.trim(),
      source: o.source,
      reference,
      createdBy: o.by,
    })),
  );
  // A price from a later day is read from its row by the orders of that day; the line shows today's.
  if (effectiveFrom <= o.today)
    for (const l of b.lines) await updateAgreementLine(trx, a.agreementNo, l.lineNo, { unitPrice: l.unitPrice.trim() });
  return {
    effectiveFrom,
    reference,
    before: lines.map((l) => ({ lineNo: l.lineNo, unitPrice: l.unitPrice })),
    after: b.lines.map((l) => ({ lineNo: l.lineNo, unitPrice: l.unitPrice.trim() })),
  };
}

/** The agreement's lines each with its dated prices, oldest first (the GET's `prices`). */
export async function withPrices<L extends { lineNo: number }>(db: Db, agreementNo: string, lines: readonly L[]) {
  const rows = await findLinePrices(db, agreementNo);
  return lines.map((l) => ({
    ...l,
    prices: rows
      .filter((p) => p.lineNo === l.lineNo)
      .map(({ lineNo: _, createdAt, ...p }) => ({ ...p, createdAt: iso(createdAt)! })),
  }));
}
