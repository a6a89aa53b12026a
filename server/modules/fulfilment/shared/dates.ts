import type { FieldError } from './errors.js';
import { isValidDate } from './values.js';

/** `[from, to]` of a DateRange parameter, checked: real dates, from ≤ to. Blank ends are open. */
export function dateRange(errors: FieldError[], path: string, values: string[] | undefined): { from?: string; to?: string } {
  const [rawFrom, rawTo] = values ?? [];
  const from = rawFrom?.trim() || undefined;
  const to = rawTo?.trim() || undefined;
  if (from && !isValidDate(from)) errors.push({ path: `${path}/0`, message: '시작일이 올바른 날짜가 아닙니다' });
  if (to && !isValidDate(to)) errors.push({ path: `${path}/1`, message: '종료일이 올바른 날짜가 아닙니다' });
  if (from && to && isValidDate(from) && isValidDate(to) && from > to) errors.push({ path, message: '시작일이 종료일보다 늦습니다' });
  return { from, to };
}

export function checkDate(errors: FieldError[], path: string, value: string | undefined | null, label: string, required = false): string | null {
  const v = value?.trim() ?? '';
  if (v === '') {
    if (required) errors.push({ path, message: `${label}을(를) 입력하세요` });
    return null;
  }
  if (!isValidDate(v)) {
    errors.push({ path, message: `${label}은(는) YYYY-MM-DD 형식의 올바른 날짜여야 합니다` });
    return null;
  }
  return v;
}
