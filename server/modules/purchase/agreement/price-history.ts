/**
 * Every line's dated prices (prices.ts) as one list, by line and oldest first, each marked as past, in effect on the
 * business day, or to come: the 단가 이력 grid of /AgreementEdit and /CyberAgreementEdit, which a grid of the lines
 * cannot show (a line has several prices).
 */
interface DatedPrice {
  effectiveFrom: string;
  unitPrice: string;
  source: string;
  reference: string | null;
  createdAt: string;
}

export function priceHistoryOf(
  lines: ReadonlyArray<{ lineNo: number; itemName: string; prices: readonly DatedPrice[] }>,
  today: string,
) {
  return lines.flatMap((l) => {
    // The row in effect is the line's last one from today or before (the order of the rows breaks a tie of days).
    const current = l.prices.findLastIndex((p) => p.effectiveFrom <= today);
    return l.prices.map((p, i) => ({
      priceKey: `${l.lineNo}:${i + 1}`,
      lineNo: l.lineNo,
      itemName: l.itemName,
      effectiveFrom: p.effectiveFrom,
      unitPrice: p.unitPrice,
      source: p.source,
      reference: p.reference,
      createdAt: p.createdAt,
      state: i === current ? 'CURRENT' : i < current ? 'PAST' : 'FUTURE',
    }));
  });
}
