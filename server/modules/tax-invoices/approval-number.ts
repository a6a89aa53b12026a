/**
 * The NTS approval number (국세청 승인번호) of an issued e-tax invoice: 24 digits, printed by the NTS
 * and the providers as three groups of eight (`20261130-41000042-1a2b…` is not one: digits only), the
 * first eight the issue date (YYYYMMDD). It is kept only in that form, with a real date that is not
 * before the invoice's 작성일자 (an invoice cannot be issued before the day it is written for).
 */

export type ApprovalNumberProblem = 'FORMAT' | 'DATE' | 'BEFORE_WRITE_DATE';

/** The 24 digits of a number given with or without the NTS's dashes, or null when it is not one. */
export function normalizeApprovalNumber(input: string): string | null {
  const trimmed = input.trim();
  if (!/^(\d{24}|\d{8}-\d{8}-\d{8})$/.test(trimmed)) return null;
  return trimmed.replace(/-/g, '');
}

/** YYYY-MM-DD of YYYYMMDD when that is a real calendar day, else null. */
export function calendarDay(yyyymmdd: string): string | null {
  if (!/^\d{8}$/.test(yyyymmdd)) return null;
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 2000 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

/** Why `input` is not the approval number of an invoice written on `writeDate` (YYYY-MM-DD), or null. */
export function approvalNumberProblem(input: string, writeDate: string): ApprovalNumberProblem | null {
  const digits = normalizeApprovalNumber(input);
  if (digits === null) return 'FORMAT';
  const issued = calendarDay(digits.slice(0, 8));
  if (issued === null) return 'DATE';
  if (issued < writeDate) return 'BEFORE_WRITE_DATE';
  return null;
}

/** The NTS's printed form: three groups of eight. */
export function formatApprovalNumber(digits: string): string {
  return `${digits.slice(0, 8)}-${digits.slice(8, 16)}-${digits.slice(16, 24)}`;
}
