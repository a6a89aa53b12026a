/**
 * Korean business registration number (사업자등록번호): ten digits, shown as 123-45-67890.
 * The last digit is a check digit over the first nine (National Tax Service algorithm).
 */
const WEIGHTS = [1, 3, 7, 1, 3, 7, 1, 3, 5] as const;

const PLAIN = /^\d{10}$/;
const HYPHENATED = /^\d{3}-\d{2}-\d{5}$/;

/** The check digit for nine leading digits; throws when the input is not exactly nine digits. */
export function businessNumberCheckDigit(first9: string): number {
  if (!/^\d{9}$/.test(first9)) throw new Error(`expected 9 digits, got "${first9}"`);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * WEIGHTS[i];
  // The ninth digit counts twice: once weighted by 5 above, once as the tens of d9*5.
  sum += Math.floor((Number(first9[8]) * 5) / 10);
  return (10 - (sum % 10)) % 10;
}

/** True for ten digits, plain or as 123-45-67890, whose last digit is the right check digit. */
export function isValidBusinessNumber(s: string): boolean {
  if (typeof s !== 'string' || !(PLAIN.test(s) || HYPHENATED.test(s))) return false;
  const digits = s.replace(/-/g, '');
  return businessNumberCheckDigit(digits.slice(0, 9)) === Number(digits[9]);
}

/** 1234567890 → 123-45-67890; anything that is not ten digits (after removing hyphens) is returned unchanged. */
export function formatBusinessNumber(s: string): string {
  const digits = s.replace(/-/g, '');
  if (!PLAIN.test(digits)) return s;
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}
