// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { roundDecimal } from '../../../lib/money.js';
import { amt, qty } from '../../../server/domain/money.js';

/**
 * amt/qty answer a value already in numeric's printed form as it is (server/domain/money.ts): the
 * same text roundDecimal would print, for every form a value can take — canonical, short, long,
 * leading zeros, negative zero, text around it — and the same refusal of what is not a decimal.
 */
describe('amt and qty: the printed form passes as it is, anything else is rounded', () => {
  const values = [
    '1234.50',
    '1234.5',
    '1234',
    '0.00',
    '0.000',
    '-0.00',
    '-0.000',
    '-5.00',
    '-5.000',
    '12.345',
    '12.3456',
    '12.3449',
    '007.10',
    '00.00',
    '0.0',
    '9999999999999999.99',
    '-9999999999999999.995',
    '1.005',
    '1.0050',
    '-0.001',
    '-0.004',
    '100.000',
    '100.00',
    '5.',
    '-12.00',
    // Not decimals, or not in the printed form: answered (or refused) exactly as roundDecimal does.
    '1e3',
    '.5',
    '',
    ' 1.00',
    '1.00 ',
    '+1.00',
    '1,000.00',
    '1.00\n',
    '١.٠٠',
  ];
  it.each(values)('%s', (v) => {
    const same = (f: () => string, g: () => string) => {
      let a: string | Error;
      let b: string | Error;
      try {
        a = f();
      } catch (e) {
        a = e as Error;
      }
      try {
        b = g();
      } catch (e) {
        b = e as Error;
      }
      if (a instanceof Error || b instanceof Error) expect(String(a)).toBe(String(b));
      else expect(a).toBe(b);
    };
    same(
      () => amt(v),
      () => roundDecimal(v, 2),
    );
    same(
      () => qty(v),
      () => roundDecimal(v, 3),
    );
  });
});
