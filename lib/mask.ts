/**
 * Input masks of spec §5 as pure text → text functions, so the masked-input widget, the grid's
 * cell formatter and the server's import code format the same way. Every mask accepts any
 * text (pasted, half typed, already masked) and returns the masked form; masking is idempotent.
 *
 * Spec §5 also names `comp` (looks up a company name). That needs a network call, so it is not
 * a text mask and lives in the company widget; asking for it here gets a specific error.
 */
import { phoneGroups } from './phone-number';

/** Keeps ASCII digits only. */
export function onlyDigits(text: string): string {
  return text.replace(/[^0-9]/g, '');
}

/** '1234567' → '1,234,567'. Expects a string of digits (no sign, no decimal point). */
export function groupThousands(intDigits: string): string {
  return intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Leading zeros carry no value in a number; one zero stays so '000' reads as 0, not blank. */
function stripLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}

const PHONE_SEPARATOR = ' - ';

/**
 * Spec §5's phone mask, grouped as Korean numbers are (lib/phone-number.ts): '02 - 123 - 4567',
 * '02 - 1234 - 5678', '031 - 123 - 4567', '010 - 1234 - 5678', '1588 - 1234', with a space on each
 * side of each hyphen exactly as the spec writes it. While typing, only the groups reached so far
 * appear ('010', '010 - 12', '010 - 123 - 4') — never a trailing separator, which would make
 * backspace delete a separator instead of a digit. Digits beyond the number's length are dropped.
 */
export function maskPhone(text: string): string {
  // '*' stands for a digit hidden by the server's personal-data masking (lib/personal-data.ts).
  return phoneGroups(text.replace(/[^0-9*]/g, '')).join(PHONE_SEPARATOR);
}

/** `number`: a non-negative whole number with thousand commas; only digits survive. */
export function maskNumber(text: string): string {
  const d = onlyDigits(text);
  return d === '' ? '' : groupThousands(stripLeadingZeros(d));
}

interface SignedParts {
  negative: boolean;
  int: string;
  /** null when no decimal point was typed; '' right after typing it. */
  frac: string | null;
}

/** Digits, at most one decimal point, and a minus only as the first character kept. */
function signedParts(text: string): SignedParts {
  let negative = false;
  let int = '';
  let frac: string | null = null;
  let seenAny = false;
  for (const ch of text) {
    if (ch === '-' && !seenAny) {
      negative = true;
      seenAny = true;
    } else if (ch === '.' && frac === null) {
      frac = '';
      seenAny = true;
    } else if (ch >= '0' && ch <= '9') {
      if (frac === null) int += ch;
      else frac += ch;
      seenAny = true;
    }
  }
  return { negative, int, frac };
}

/**
 * `num`: a plain signed decimal as typed — digits, one decimal point, a leading minus — with no
 * grouping. The spec lists it beside `onlynum`; the difference we give them: `num` is a numeric
 * VALUE (quantity, rate, adjustment, which may be negative or fractional), `onlynum` is a digit
 * STRING (codes, account numbers) where leading zeros matter. Leading zeros are kept here too,
 * since `num` only filters what the user types.
 */
export function maskNum(text: string): string {
  const { negative, int, frac } = signedParts(text);
  return (negative ? '-' : '') + int + (frac === null ? '' : '.' + frac);
}

/** `onlynum`: digits only, leading zeros kept (see maskNum for the difference). */
export function maskOnlyNum(text: string): string {
  return onlyDigits(text);
}

/** `taxnum` (spec: digits and hyphens) — the user's own hyphens stay where typed. */
export function maskTaxNum(text: string): string {
  return text.replace(/[^0-9-]/g, '');
}

/**
 * `numComma`: a signed decimal with thousand commas in the integer part and the decimal part
 * kept as typed ('1234.50' → '1,234.50'). Unlike `number` it allows a minus and a fraction,
 * because it formats amounts, and adjustments can be negative. Half-typed values survive:
 * '-' stays '-', '1234.' stays '1,234.', '.5' becomes '0.5'.
 */
export function maskNumComma(text: string): string {
  const { negative, int, frac } = signedParts(text);
  let intPart = int === '' ? (frac === null ? '' : '0') : groupThousands(stripLeadingZeros(int));
  if (negative) intPart = '-' + intPart;
  return intPart + (frac === null ? '' : '.' + frac);
}

/**
 * Left-pads with zeros to `length` (a value already as long or longer is unchanged). Numbers
 * must be non-negative integers: where a minus would go in a padded code is undefined.
 */
export function zeroPad(value: string | number, length: number): string {
  if (!Number.isInteger(length) || length < 0)
    throw new RangeError(`zeroPad: length must be a non-negative integer, got ${length}`);
  if (typeof value === 'number' && (!Number.isSafeInteger(value) || value < 0)) {
    throw new RangeError(`zeroPad: number must be a non-negative safe integer, got ${value}`);
  }
  return String(value).padStart(length, '0');
}

interface MaskDef {
  apply: (text: string) => string;
  /** Removes what `apply` inserted; receives masked text. */
  strip: (masked: string) => string;
}

const keep = (s: string): string => s;
const dropCommas = (s: string): string => s.replace(/,/g, '');

/** Plain record: definitions name masks as strings, and `Object.hasOwn` keeps 'toString' etc. out. */
const MASKS: Record<string, MaskDef> = {
  phone: { apply: maskPhone, strip: onlyDigits },
  number: { apply: maskNumber, strip: dropCommas },
  num: { apply: maskNum, strip: keep },
  onlynum: { apply: maskOnlyNum, strip: keep },
  taxnum: { apply: maskTaxNum, strip: keep },
  numComma: { apply: maskNumComma, strip: dropCommas },
};

export type MaskKind = 'phone' | 'number' | 'num' | 'onlynum' | 'taxnum' | 'numComma';

export const MASK_KINDS: readonly MaskKind[] = Object.freeze(Object.keys(MASKS) as MaskKind[]);

function lookup(kind: string): MaskDef {
  if (Object.hasOwn(MASKS, kind)) return MASKS[kind];
  if (kind === 'comp') {
    throw new Error(
      'Mask "comp" looks up a company name over the network; use the company widget, not applyMask/unmask',
    );
  }
  throw new Error(`Unknown mask "${kind}"; known masks: ${MASK_KINDS.join(', ')}`);
}

const asText = (text: string | null | undefined): string => text ?? '';

/** Masks `text` with the mask a definition names. Unknown names throw, listing the known ones. */
export function applyMask(kind: MaskKind | (string & {}), text: string | null | undefined): string {
  return lookup(kind).apply(asText(text));
}

/**
 * The raw value behind masked (or unmasked) text: phone → digits, number/numComma → without
 * commas; num, onlynum and taxnum insert nothing, so their raw value is the filtered text
 * (taxnum keeps the hyphens the user typed).
 */
export function unmask(kind: MaskKind | (string & {}), text: string | null | undefined): string {
  const def = lookup(kind);
  return def.strip(def.apply(asText(text)));
}
