/**
 * A non-2xx answer, carrying the server's error body ({ statusCode, code, msg }) when it sent
 * one. Spec §8's alerts and redirects will be decided from `status` and `code`.
 */
export class ApiError extends Error {
  readonly code: string | null;
  readonly serverMessage: string | null;

  constructor(
    readonly status: number,
    body: unknown,
  ) {
    const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const code = typeof b.code === 'string' ? b.code : typeof b.errCode === 'string' ? b.errCode : null;
    const msg = typeof b.msg === 'string' ? b.msg : null;
    super(`HTTP ${status}${code ? ` ${code}` : ''}${msg ? `: ${msg}` : ''}`);
    this.name = 'ApiError';
    this.code = code;
    this.serverMessage = msg;
  }
}
