/**
 * How a Korean telephone number is grouped (전기통신번호관리세칙: the area or service code, the exchange,
 * the line): Seoul's area code is the two digits 02 (02-123-4567, 02-1234-5678); every other area,
 * mobile and internet-phone code is three (031-123-4567, 010-1234-5678, 070-1234-5678); an eight-digit
 * representative number has no area code (1588-1234). The exchange is three digits or four, the line
 * four. Half-typed numbers are grouped as far as they go ('02', '02 - 12', '010 - 123 - 4'), so the
 * grouping never moves a digit the user has not typed yet past a separator.
 *
 * The digits may include '*' for digits hidden by personal-data masking (lib/personal-data.ts).
 */

/** The most digits a number of this beginning has: 02 → 10, a representative number → 8, else 11. */
export function phoneMaxDigits(digits: string): number {
  if (digits.startsWith('02')) return 10;
  if (/^1[5-9]/.test(digits)) return 8;
  return 11;
}

/** The area (or service) code's length: 2 for Seoul, 0 for a representative number, else 3. */
function areaLength(digits: string): number {
  if (digits.startsWith('02')) return 2;
  if (/^1[5-9]/.test(digits)) return 0;
  return 3;
}

/** A number's digits in their groups: '0212345678' → ['02', '1234', '5678']; a half-typed one as far as it goes. */
export function phoneGroups(digits: string): string[] {
  const d = digits.slice(0, phoneMaxDigits(digits));
  const area = Math.min(areaLength(d), d.length);
  const rest = d.slice(area);
  // The exchange is four digits only when the whole line follows it (8 digits after the area code).
  const exchange = rest.length >= 8 ? 4 : Math.min(3, rest.length);
  const groups = [d.slice(0, area), rest.slice(0, exchange), rest.slice(exchange)];
  // A representative number (no area code) is 4 + 4.
  if (area === 0) return [d.slice(0, 4), d.slice(4)].filter((g) => g !== '');
  return groups.filter((g) => g !== '');
}
