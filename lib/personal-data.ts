/**
 * Masking of personal data shown in lists (개인정보의 안전성 확보조치 기준: lists show contact data
 * masked unless the viewer's duty needs it; the full value is a logged view). Shared by the server,
 * which masks before answering, and the browser, which recognises a masked value.
 */
import { phoneGroups } from './phone-number';

/**
 * `010-1234-5678` → `010-****-5678`, `02-123-4567` → `02-***-4567`: the number grouped as Korean
 * numbers are (lib/phone-number.ts) with the exchange hidden. The grid's phone mask (lib/mask.ts)
 * keeps `*` as a digit and groups the same way, so a masked number displays in the same shape.
 */
export function maskPhone(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const digits = value.replace(/\D/g, '');
  if (digits.length < 7) return '*'.repeat(digits.length);
  const groups = phoneGroups(digits);
  if (groups.length < 3) return [groups[0], '*'.repeat(groups[1]?.length ?? 0)].join('-');
  return [groups[0], '*'.repeat(groups[1].length), groups.slice(2).join('')].join('-');
}

/** `hong.gildong@example.co.kr` → `ho**********@example.co.kr`: two characters of the local part kept. */
export function maskEmail(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const at = value.lastIndexOf('@');
  if (at <= 0) return '*'.repeat(value.length);
  const local = value.slice(0, at);
  const keep = local.length <= 2 ? local.length - 1 : 2;
  return local.slice(0, keep) + '*'.repeat(local.length - keep) + value.slice(at);
}

export type PersonalFieldKind = 'phone' | 'email';

export function maskPersonal(kind: PersonalFieldKind, value: string | null | undefined): string | null {
  return kind === 'phone' ? maskPhone(value) : maskEmail(value);
}

/** True when the value is one this module masked (a run of `*`): sent back unchanged, it keeps the stored value. */
export function isMaskedPersonal(value: string | null | undefined): boolean {
  return typeof value === 'string' && /\*{2,}/.test(value);
}

/** Why personal data is downloaded: chosen from these, with a sentence of the user's own. */
export const DOWNLOAD_REASONS = ['WORK', 'AUDIT', 'SETTLEMENT', 'OTHER'] as const;
export type DownloadReasonCode = (typeof DOWNLOAD_REASONS)[number];
/** The free text's bounds (characters). */
export const DOWNLOAD_REASON_TEXT = { min: 2, max: 500 } as const;
