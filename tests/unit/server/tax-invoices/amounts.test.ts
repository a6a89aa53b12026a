// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildInvoices,
  divideRounded,
  shareOut,
  taxOf,
  wonOf,
  type SettlementLineInput,
  type TaxType,
} from '../../../../server/modules/tax-invoices/amounts';

const line = (over: Partial<SettlementLineInput> = {}): SettlementLineInput => ({
  itemCode: 'I-1',
  itemName: '볼트',
  spec: 'M8',
  unitCode: 'EA',
  quantity: '10.000',
  unitPrice: '1500',
  currency: 'KRW',
  krwAmount: '15000',
  date: '2026-10-14',
  ...over,
});

describe('tax arithmetic in whole won', () => {
  it('rounds by the chosen rule, a credit the negative of its debit', () => {
    expect(taxOf(12345n, 10n, 'FLOOR')).toBe(1234n);
    expect(taxOf(-12345n, 10n, 'FLOOR')).toBe(-1234n);
    expect(taxOf(12345n, 10n, 'HALF_UP')).toBe(1235n);
    expect(taxOf(12344n, 10n, 'HALF_UP')).toBe(1234n);
    expect(taxOf(-12345n, 10n, 'HALF_UP')).toBe(-1235n);
    expect(taxOf(12341n, 10n, 'CEIL')).toBe(1235n);
    expect(taxOf(12340n, 10n, 'CEIL')).toBe(1234n);
    expect(divideRounded(7n, 2n, 'FLOOR')).toBe(3n);
    expect(() => wonOf('12.5')).toThrow(/fraction/);
    expect(wonOf('1500.00')).toBe(1500n);
  });

  it('shares a tax over lines by the largest remainder, exactly', () => {
    // 3 × 3,335 = 10,005 → 1,000 (절사); each line 333.5 → 333 + one won to the first.
    expect(shareOut(1000n, [3335n, 3335n, 3335n], 10n)).toEqual([334n, 333n, 333n]);
    expect(shareOut(0n, [], 10n)).toEqual([]);
  });
});

describe('the invoices of one settlement', () => {
  it('groups lines by item and price, one document per tax type, tax on the header shared over the lines', () => {
    const invoices = buildInvoices(
      [
        line({ krwAmount: '15005', quantity: '10.000', unitPrice: '1500.5'.replace('.5', ''), date: '2026-10-02' }),
        line({ krwAmount: '15000', quantity: '10', date: '2026-10-20' }),
        line({
          itemCode: 'I-2',
          itemName: '너트',
          krwAmount: '3333',
          quantity: '3.333',
          unitPrice: '1000',
          date: '2026-10-05',
        }),
        line({ itemCode: 'Z-1', itemName: '수출용 포장재', krwAmount: '50000', date: '2026-10-07' }),
      ],
      {
        taxTypeOf: (l) => (l.itemCode === 'Z-1' ? 'ZERO_RATED' : 'TAXABLE'),
        adjustment: { amount: '-1000', label: '정산 조정', date: '2026-10-31' },
      },
    );
    expect(invoices.map((i) => i.taxType)).toEqual(['TAXABLE', 'ZERO_RATED']);
    const [taxable, zero] = invoices;
    expect(
      taxable!.lines.map((l) => [l.itemName, l.quantity, l.unitPrice, l.supply, l.monthDay, l.sourceCount]),
    ).toEqual([
      ['볼트', '20', '1500', 30005n, '10-20', 2],
      ['너트', '3.333', '1000', 3333n, '10-05', 1],
      ['정산 조정', null, null, -1000n, '10-31', 0],
    ]);
    expect(taxable!.supply).toBe(32338n);
    expect(taxable!.tax).toBe(3233n);
    expect(taxable!.lines.reduce((s, l) => s + l.tax, 0n)).toBe(3233n);
    expect(taxable!.total).toBe(35571n);
    expect(zero).toMatchObject({ supply: 50000n, tax: 0n, total: 50000n });
  });

  it('folds the lines beyond the provider limit into "… 외 N건"', () => {
    const many = Array.from({ length: 5 }, (_, i) =>
      line({ itemCode: `I-${i}`, itemName: `품목${i}`, krwAmount: String(1000 * (i + 1)) }),
    );
    const [inv] = buildInvoices(many, { lineLimit: 3 });
    expect(inv!.lines.map((l) => [l.itemName, l.supply, l.sourceCount])).toEqual(
      [
        ['품목0', 1000n],
        ['품목1', 2000n],
        ['품목2 외 2건', 12000n],
      ].map(([n, s], i) => [n, s, i < 2 ? 1 : 3]),
    );
    expect(inv!.supply).toBe(15000n);
  });

  it('a foreign-currency line has no won unit price', () => {
    const [inv] = buildInvoices([line({ currency: 'JPY', unitPrice: '120', krwAmount: '10860' })]);
    expect(inv!.lines[0]).toMatchObject({ unitPrice: null, supply: 10860n, tax: 1086n });
  });

  const settlementLine = fc.record({
    item: fc.integer({ min: 0, max: 40 }),
    price: fc.integer({ min: 1, max: 2_000_000 }),
    qty: fc.integer({ min: 1, max: 5000 }),
    sign: fc.constantFrom(1, 1, 1, -1),
    type: fc.constantFrom<TaxType>('TAXABLE', 'TAXABLE', 'ZERO_RATED', 'EXEMPT'),
    day: fc.integer({ min: 1, max: 30 }),
  });

  it('property: lines add up to their header, headers to the settlement, tax within a won of its exact share', () => {
    fc.assert(
      fc.property(
        fc.array(settlementLine, { minLength: 1, maxLength: 150 }),
        fc.integer({ min: -500_000, max: 500_000 }),
        fc.constantFrom('FLOOR' as const, 'HALF_UP' as const, 'CEIL' as const),
        fc.integer({ min: 2, max: 99 }),
        (rows, adjustment, rounding, lineLimit) => {
          const types = new Map<string, TaxType>();
          const lines = rows.map((r) => {
            types.set(`I-${r.item}`, types.get(`I-${r.item}`) ?? r.type);
            return line({
              itemCode: `I-${r.item}`,
              itemName: `품목${r.item}`,
              unitPrice: String(r.price),
              quantity: String(r.qty * r.sign),
              krwAmount: String(r.price * r.qty * r.sign),
              date: `2026-10-${String(r.day).padStart(2, '0')}`,
            });
          });
          const invoices = buildInvoices(lines, {
            taxTypeOf: (l) => types.get(l.itemCode!)!,
            rounding,
            lineLimit,
            adjustment: { amount: String(adjustment), label: '정산 조정', date: '2026-10-31' },
          });
          const settlementTotal = lines.reduce((s, l) => s + BigInt(l.krwAmount), 0n) + BigInt(adjustment);
          expect(invoices.reduce((s, i) => s + i.supply, 0n)).toBe(settlementTotal);
          for (const inv of invoices) {
            expect(inv.lines.length).toBeLessThanOrEqual(lineLimit);
            expect(inv.lines.reduce((s, l) => s + l.supply, 0n)).toBe(inv.supply);
            expect(inv.lines.reduce((s, l) => s + l.tax, 0n)).toBe(inv.tax);
            expect(inv.total).toBe(inv.supply + inv.tax);
            const rate = inv.taxType === 'TAXABLE' ? 10n : 0n;
            expect(inv.tax).toBe(taxOf(inv.supply, rate, rounding));
            for (const l of inv.lines) {
              const exactTimes100 = l.supply * rate;
              const diff = l.tax * 100n - exactTimes100;
              expect(diff < 0n ? -diff : diff).toBeLessThan(200n);
            }
          }
        },
      ),
      { numRuns: 300, seed: 48 },
    );
  });
});
