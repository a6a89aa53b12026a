import type { ServiceError } from '../services';

/**
 * The text to show for a failed service call: the server's Korean message when it sent one,
 * else the error's own message, else `fallback` (spec §8: search failures are alerted).
 */
export function serviceErrorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object') {
    const e = error as Partial<ServiceError>;
    if (typeof e.serverMessage === 'string' && e.serverMessage.trim() !== '') return e.serverMessage;
    if (typeof e.message === 'string' && e.message.trim() !== '') return e.message;
  }
  if (typeof error === 'string' && error.trim() !== '') return error;
  return fallback;
}

/** True for an AbortSignal's cancellation (not an error to show). */
export function isAbortError(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { name?: unknown }).name === 'AbortError';
}
