import createClient from 'openapi-fetch';
import type { paths } from '../../../schemas/api-types.generated';

/**
 * The public wizard's own typed client: no login, no token refresh and no global error alert —
 * the wizard shows a refusal beside the field it concerns (the app's client would pop an alert).
 */
export const applyApi = createClient<paths>({
  baseUrl: '',
  headers: { IsCyber: 'N', 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
});

export interface Draft {
  receiptNo: string;
  secret: string;
}

const KEY = 'supplierApply.draft';

/** Receipt number and secret of the application in progress, kept for the tab (the applicant also notes them to resume later). */
export const draftStore = {
  get(): Draft | null {
    try {
      const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Draft | null;
      return v && typeof v.receiptNo === 'string' && typeof v.secret === 'string' ? v : null;
    } catch {
      return null;
    }
  },
  set(d: Draft): void {
    sessionStorage.setItem(KEY, JSON.stringify(d));
  },
  clear(): void {
    sessionStorage.removeItem(KEY);
  },
};

export interface Refusal {
  msg: string;
  code?: string;
  fields: Record<string, string>;
}

/** An error answer as the wizard shows it: the message, and field messages by the last part of their path. */
export function refusalOf(error: unknown, fallback: string): Refusal {
  const e = (error ?? {}) as { msg?: string; code?: string; details?: Array<{ path?: string; message?: string }> };
  const fields: Record<string, string> = {};
  for (const d of Array.isArray(e.details) ? e.details : []) {
    if (!d.path || !d.message) continue;
    const parts = d.path.split('/');
    const name = /^\d+$/.test(parts[parts.length - 1]) ? parts[parts.length - 2] : parts[parts.length - 1];
    fields[name] ??= d.message;
  }
  return { msg: e.msg ?? fallback, code: e.code, fields };
}
