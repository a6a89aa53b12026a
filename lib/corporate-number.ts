/**
 * Korean corporate registration number (법인등록번호): thirteen digits, shown as 110111-1234567.
 * The last digit is a check digit over the first twelve: weights 1,2,1,2,… summed as whole
 * products, check = (10 − sum mod 10) mod 10 (Supreme Court registry rule).
 */
const PLAIN = /^\d{13}$/;
const HYPHENATED = /^\d{6}-\d{7}$/;

/** The check digit for twelve leading digits; throws when the input is not exactly twelve digits. */
export function corporateNumberCheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`expected 12 digits, got "${first12}"`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 2);
  return (10 - (sum % 10)) % 10;
}

/** True for thirteen digits, plain or as 110111-1234567, whose last digit is the right check digit. */
export function isValidCorporateNumber(s: string): boolean {
  if (typeof s !== 'string' || !(PLAIN.test(s) || HYPHENATED.test(s))) return false;
  const digits = s.replace(/-/g, '');
  return corporateNumberCheckDigit(digits.slice(0, 12)) === Number(digits[12]);
}

/** 1101111234567 → 110111-1234567; anything that is not thirteen digits (after removing hyphens) is returned unchanged. */
export function formatCorporateNumber(s: string): string {
  const digits = s.replace(/-/g, '');
  if (!PLAIN.test(digits)) return s;
  return `${digits.slice(0, 6)}-${digits.slice(6)}`;
}
