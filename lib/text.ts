/**
 * Length rules for text fields (spec §5 "Text fields" and "Required fields").
 *
 * Unit of a "character" throughout this file: one Unicode code point. `for…of` over a string
 * walks code points, so a surrogate pair (an emoji, a rare Hanja in the supplementary planes)
 * is one character and is never split.
 */

/** Bytes one code point costs under the spec's rule. */
function codePointBytes(cp: number): 1 | 2 | 3 {
  if (cp > 0x7ff) return 3;
  if (cp > 0x7f) return 2;
  return 1;
}

/**
 * Byte length by the spec's rule: 3 bytes for a character above 0x7FF, 2 above 0x7F, else 1.
 *
 * Surrogate pairs: a code point above 0xFFFF (emoji, supplementary Hanja) is ONE character above
 * 0x7FF and so counts 3 — the spec's rule taken literally per character. It is neither UTF-8
 * (which would say 4) nor a per-UTF-16-unit count (which would say 6 for the two halves). The
 * server validates with this same function, so front end and server always agree on what fits;
 * PostgreSQL's varchar(n) counts characters, so no column can overflow by the difference.
 * A lone surrogate is a code point in 0xD800–0xDFFF and counts 3 as well.
 */
export function byteLength(s: string): number {
  let total = 0;
  for (const ch of s) total += codePointBytes(ch.codePointAt(0)!);
  return total;
}

/** Character count for maxRealLength: code points, so an emoji counts 1, not 2 (`s.length`). */
export function charLength(s: string): number {
  let n = 0;
  // Counting without building an array keeps this cheap for the counter on every keystroke.
  for (let i = 0; i < s.length; i += s.codePointAt(i)! > 0xffff ? 2 : 1) n++;
  return n;
}

function checkLimit(max: number, fn: string): number {
  if (Number.isNaN(max)) throw new RangeError(`${fn}: max must be a number, got NaN`);
  return max < 0 ? 0 : Math.floor(max);
}

/**
 * Longest prefix of `s` whose byteLength is ≤ `max`. Cuts only between code points, so a
 * surrogate pair is kept or dropped whole (a half pair would render as U+FFFD and fail to
 * encode on the way to the server). A negative max gives ''; Infinity keeps everything.
 * Grapheme clusters (e.g. family emoji joined by ZWJ) may be cut between their code points —
 * the same unit byteLength and charLength count.
 */
export function truncateToBytes(s: string, max: number): string {
  const limit = checkLimit(max, 'truncateToBytes');
  let used = 0;
  let end = 0; // UTF-16 index after the last code point kept
  for (const ch of s) {
    const cost = codePointBytes(ch.codePointAt(0)!);
    if (used + cost > limit) break;
    used += cost;
    end += ch.length;
  }
  return s.slice(0, end);
}

/** Longest prefix of `s` with at most `max` code points (the maxRealLength counterpart). */
export function truncateToChars(s: string, max: number): string {
  const limit = checkLimit(max, 'truncateToChars');
  let n = 0;
  let end = 0;
  for (const ch of s) {
    if (n >= limit) break;
    n++;
    end += ch.length;
  }
  return s.slice(0, end);
}

/**
 * Spec §5: "Required fields: value must be non-empty".
 *
 * Decisions:
 * - null and undefined are empty.
 * - A string is empty when nothing remains after `trim()`: a field of spaces carries no value,
 *   and `trim()` also removes U+3000 (the ideographic space a Korean IME types) and NBSP.
 * - An array (multi-select) is empty when it has no entries.
 * - NaN and an invalid Date are empty (they are what a failed number/date parse leaves behind).
 * - Every other value (0, false, a valid Date, an object) is filled: a chosen 0 or "no" is a value.
 */
export function isRequiredFilled(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (typeof v === 'number') return !Number.isNaN(v);
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Date) return !Number.isNaN(v.getTime());
  return true;
}

type LengthUnit = 'byte' | 'char';

export interface LengthLimits {
  /** Byte limit by the spec's byte rule. */
  maxlength?: number;
  /** Character (code point) limit. */
  maxRealLength?: number;
}

export interface LengthCount {
  used: number;
  /** null when the field has no limit (the counter then only shows `used`). */
  max: number | null;
  unit: LengthUnit;
  exceeded: boolean;
}

/**
 * What a text field's counter shows. When both limits are given, maxRealLength wins: it is the
 * explicit character limit a definition opts into, while maxlength is the byte default most
 * fields carry; showing two counters would confuse the user. With neither limit the count is
 * in characters and `max` is null.
 */
export function lengthCounter(s: string, limits: LengthLimits = {}): LengthCount {
  const { maxlength, maxRealLength } = limits;
  if (maxRealLength !== undefined) {
    const used = charLength(s);
    return { used, max: maxRealLength, unit: 'char', exceeded: used > maxRealLength };
  }
  if (maxlength !== undefined) {
    const used = byteLength(s);
    return { used, max: maxlength, unit: 'byte', exceeded: used > maxlength };
  }
  return { used: charLength(s), max: null, unit: 'char', exceeded: false };
}

/** Cuts `s` to whichever limit lengthCounter would show (same precedence). */
export function enforceLength(s: string, limits: LengthLimits = {}): string {
  if (limits.maxRealLength !== undefined) return truncateToChars(s, limits.maxRealLength);
  if (limits.maxlength !== undefined) return truncateToBytes(s, limits.maxlength);
  return s;
}
