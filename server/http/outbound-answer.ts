/**
 * Reading the answers of the services we call out to (the ERP, the tax-invoice provider): their
 * JSON names a field in one of several spellings, and a Retry-After header says how long to wait.
 */

/** The first of `keys` that `obj` holds as a non-empty string or a number, as text. */
export function answerField(obj: unknown, keys: readonly string[]): string | null {
  if (!obj || typeof obj !== 'object') return null;
  for (const k of keys) {
    const v = (obj as Record<string, unknown>)[k];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (typeof v === 'number') return String(v);
  }
  return null;
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), at most `maxMs`; null without one. */
export function retryAfterMs(header: string | null, maxMs: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Math.min(Number(header) * 1000, maxMs);
  const at = Date.parse(header);
  // real time: a Retry-After wait measured against the real time
  return Number.isNaN(at) ? null : Math.min(Math.max(0, at - Date.now()), maxMs);
}
