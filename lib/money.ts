/**
 * Exact decimal money arithmetic on strings (spec §5 "JPY amounts are divided by 100 when
 * converted to KRW, then rounded"; currencies KRW and JPY from spec §3). Values are held as a
 * BigInt of scaled units plus a scale, so 0.1 + 0.2 is 0.3 and no amount ever drifts.
 *
 * Rounding everywhere is HALF UP in the sense of Java's RoundingMode.HALF_UP: a tie goes AWAY
 * FROM ZERO (2.5 → 3, −2.5 → −3). That keeps conversions symmetric — a credit note converts to
 * exactly the negative of its invoice — and matches what a BigDecimal back end would compute.
 */
import { groupThousands } from './mask';

/** A decimal as a plain string ('-1234.50'), a bigint, or a number that prints without an exponent. */
export type DecimalInput = string | bigint | number;

interface Dec {
  /** value = units / 10^scale */
  units: bigint;
  scale: number;
}

const DECIMAL_RE = /^([+-])?(\d+)(?:\.(\d+))?$/;

function toDecimalString(input: DecimalInput, what: string): string {
  if (typeof input === 'string') return input.trim();
  if (typeof input === 'bigint') return input.toString();
  if (!Number.isFinite(input)) throw new RangeError(`${what}: ${input} is not a finite number`);
  // String() gives the shortest text that round-trips, i.e. the decimal the sender meant; an
  // exponent form (≥ 1e21 or < 1e-6) has no exact plain reading worth guessing.
  const s = String(input);
  if (/e/i.test(s)) throw new RangeError(`${what}: ${s} — pass large or tiny amounts as strings`);
  return s;
}

function parse(input: DecimalInput, what = 'amount'): Dec {
  const s = toDecimalString(input, what);
  const m = DECIMAL_RE.exec(s);
  if (!m) throw new TypeError(`${what}: "${s}" is not a plain decimal like -1234.56`);
  const frac = m[3] ?? '';
  const units = BigInt(m[2] + frac);
  return { units: m[1] === '-' ? -units : units, scale: frac.length };
}

const TEN = 10n;
const pow10 = (n: number): bigint => TEN ** BigInt(n);
const abs = (n: bigint): bigint => (n < 0n ? -n : n);

function rescale(d: Dec, scale: number): Dec {
  if (scale >= d.scale) return { units: d.units * pow10(scale - d.scale), scale };
  const div = pow10(d.scale - scale);
  const mag = abs(d.units);
  let q = mag / div;
  if ((mag % div) * 2n >= div) q += 1n; // half up, away from zero
  return { units: d.units < 0n ? -q : q, scale };
}

function render(d: Dec, grouped = false): string {
  const mag = abs(d.units)
    .toString()
    .padStart(d.scale + 1, '0');
  const intDigits = mag.slice(0, mag.length - d.scale);
  const frac = mag.slice(mag.length - d.scale);
  const int = grouped ? groupThousands(intDigits) : intDigits;
  // No '-0': a value that rounds to zero is zero.
  const sign = d.units < 0n ? '-' : '';
  return sign + int + (d.scale > 0 ? '.' + frac : '');
}

function checkScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 0) throw new RangeError(`scale must be a non-negative integer, got ${scale}`);
}

/** Rounds to `scale` decimals (half up, away from zero) and prints exactly that many decimals. */
export function roundDecimal(value: DecimalInput, scale: number): string {
  checkScale(scale);
  return render(rescale(parse(value), scale));
}

/** Exact sum; the result keeps the largest scale among the inputs ('1.10' + '2' = '3.10'). Empty → '0'. */
export function sumDecimals(list: readonly DecimalInput[]): string {
  const parsed = list.map((v, i) => parse(v, `sumDecimals[${i}]`));
  const scale = parsed.reduce((m, d) => Math.max(m, d.scale), 0);
  const units = parsed.reduce((acc, d) => acc + rescale(d, scale).units, 0n);
  return render({ units, scale });
}

/** −1, 0 or 1 by value ('1.0' equals '1'). */
export function compareDecimals(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 {
  const x = parse(a, 'a');
  const y = parse(b, 'b');
  const scale = Math.max(x.scale, y.scale);
  const dx = rescale(x, scale).units;
  const dy = rescale(y, scale).units;
  return dx < dy ? -1 : dx > dy ? 1 : 0;
}

/**
 * Line amount = quantity × unit price, computed exactly, then rounded once to `scale` decimals
 * (half up, away from zero) and printed with exactly `scale` decimals. Rounding once at the end
 * is what makes PO, receipt and settlement lines reconcile (three-way match).
 */
export function multiplyQtyPrice(qty: DecimalInput, price: DecimalInput, scale: number): string {
  checkScale(scale);
  const q = parse(qty, 'qty');
  const p = parse(price, 'price');
  return render(rescale({ units: q.units * p.units, scale: q.scale + p.scale }, scale));
}

/**
 * KRW for a JPY amount at a rate quoted in KRW per 100 yen (spec §5: divided by 100, then
 * rounded): krw = jpy × rate / 100, exact, then rounded to whole won (KRW has no decimals),
 * half up away from zero — so a negative amount (a return or credit) converts to exactly the
 * negative of the positive one: −150 ¥ at 905 → −1358 ₩ (−1357.5 rounded away from zero).
 * The rate must be positive: a zero or negative rate is a missing or broken rate, and
 * converting through it would silently zero or flip amounts.
 */
export function jpyToKrw(jpyAmount: DecimalInput, ratePer100Yen: DecimalInput): string {
  const a = parse(jpyAmount, 'jpyAmount');
  const r = parse(ratePer100Yen, 'ratePer100Yen');
  if (r.units <= 0n) throw new RangeError(`ratePer100Yen must be positive, got ${render(r)}`);
  // Dividing by 100 is adding 2 to the scale: still exact.
  return render(rescale({ units: a.units * r.units, scale: a.scale + r.scale + 2 }, 0));
}

/** Decimals a currency is shown and settled with; both spec currencies have none. */
export const CURRENCY_DECIMALS: Readonly<Record<string, number>> = Object.freeze({ KRW: 0, JPY: 0 });

export type Currency = 'KRW' | 'JPY';

/**
 * Display form of an amount: thousand commas, rounded (half up, away from zero) to the
 * currency's decimals — KRW and JPY have none. The currency code is matched case-insensitively.
 * A currency the spec does not know keeps the amount's own decimals (still grouped) rather
 * than throwing or guessing: a grid cell must not crash, and no digits are lost.
 * No currency symbol: screens show the currency in its own column.
 */
export function formatMoney(amount: DecimalInput, currency: Currency | (string & {})): string {
  const d = parse(amount);
  const code = currency.trim().toUpperCase();
  const decimals = Object.hasOwn(CURRENCY_DECIMALS, code) ? CURRENCY_DECIMALS[code] : d.scale;
  return render(rescale(d, decimals), true);
}

/**
 * The same decimal without insignificant zeros: '100.0000' → '100', '2.5000' → '2.5' (the database's
 * numeric text as a user would type it; no rounding, so no value changes). Anything that is not a
 * plain decimal is returned as it is.
 */
export function significantDecimal(text: string): string {
  return DECIMAL_RE.test(text) && text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * A stored decimal as a person reads it: thousands grouped, insignificant zeros dropped
 * ('1398000.00' → '1,398,000', '10.500' → '10.5', '-1200' → '-1,200'). No rounding. Anything that is not a
 * plain decimal is returned as it is (a date, a status, a name in a history's before/after column).
 */
export function groupedDecimal(text: string): string {
  if (!DECIMAL_RE.test(text)) return text;
  const [whole, fraction] = significantDecimal(text).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace(/^[-+]/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${fraction ? `.${fraction}` : ''}`;
}
