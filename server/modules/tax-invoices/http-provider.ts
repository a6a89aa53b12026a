/**
 * The provider over HTTP, on the verbs of Popbill's REST service (docs/tax-invoices.md "Provider"):
 *
 * - `POST {base}/Taxinvoice` registers an invoice (the buyer's key, issueType 역발행) in the provider's
 *   published shape (popbill-request.ts);
 * - `POST {base}/Taxinvoice/BUY/{mgtKey}` with `X-HTTP-Method-Override: REQUEST` asks the supplier to
 *   issue it, `CANCELREQUEST` withdraws the request;
 * - `GET {base}/Taxinvoice/BUY/{mgtKey}` answers its state; `?XML` and `?PDF` the documents.
 *
 * Network errors, timeouts, 408, 425, 429 and 5xx are retried with exponential backoff (or the
 * provider's Retry-After), every attempt with the same key; any other answer is final, and its code
 * and message are kept. A key already registered or requested is the same document, not an error.
 */
import type {
  ProviderResult,
  ProviderState,
  ProviderStatus,
  ReverseIssueRequest,
  TaxInvoiceProvider,
} from './provider.js';
import { answerField as field, retryAfterMs } from '../../http/outbound-answer.js';
import { MGT_KEY } from './provider.js';
import { popbillTaxinvoice } from './popbill-request.js';

export interface HttpProviderOptions {
  baseUrl: string;
  /** Sent as a bearer token; the provider's own token exchange is outside this adapter. */
  token: string | null;
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  sleep?: (ms: number) => Promise<void>;
}

const MAX_DELAY_MS = 30_000;
const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);
/** The provider's answers that mean "this key is already there": the same document. */
const ALREADY = new Set(['DUPLICATE_MGTKEY', 'ALREADY_REQUESTED']);
const STATUSES: readonly ProviderStatus[] = [
  'REQUESTED',
  'ISSUED',
  'SENT',
  'NTS_SUCCESS',
  'NTS_FAILED',
  'REFUSED',
  'CANCELLED',
];

interface Answer {
  status: number;
  body: Buffer;
  json: Record<string, unknown> | null;
  retryAfterMs: number | null;
}

export function createHttpProvider(options: HttpProviderOptions): TaxInvoiceProvider {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const base = options.baseUrl.replace(/\/+$/, '');

  async function once(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    override: string | null,
  ): Promise<Answer | { network: string }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (override) headers['x-http-method-override'] = override;
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      let json: Record<string, unknown> | null = null;
      if ((res.headers.get('content-type') ?? '').includes('json')) {
        try {
          json = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
        } catch {
          json = null;
        }
      }
      return {
        status: res.status,
        body: bytes,
        json,
        retryAfterMs: retryAfterMs(res.headers.get('retry-after'), MAX_DELAY_MS),
      };
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      const timeout = e.name === 'TimeoutError' || e.name === 'AbortError';
      return {
        network: timeout
          ? `세금계산서 발행 대행사 응답 시간 초과 (${options.timeoutMs}ms)`
          : `세금계산서 발행 대행사에 연결할 수 없습니다: ${e.cause?.code ?? e.message}`,
      };
    }
  }

  /** One call with its retries: the final answer, or the failure to keep. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    override: string | null = null,
  ): Promise<{ answer: Answer; attempts: number } | { failure: Exclude<ProviderResult<never>, { ok: true }> }> {
    for (let n = 1; ; n++) {
      const r = await once(method, path, body, override);
      const retryable = 'network' in r || RETRYABLE.has(r.status);
      if (!retryable && !('network' in r)) return { answer: r, attempts: n };
      if (n > options.retries) {
        if ('network' in r)
          return { failure: { ok: false, attempts: n, code: 'NETWORK', message: r.network, httpStatus: null } };
        return { failure: failureOf(r, n) };
      }
      await sleep(('network' in r ? null : r.retryAfterMs) ?? Math.min(options.backoffMs * 2 ** (n - 1), MAX_DELAY_MS));
    }
  }

  function failureOf(a: Answer, attempts: number): Exclude<ProviderResult<never>, { ok: true }> {
    const message =
      field(a.json, ['message', 'msg', 'error']) ??
      (a.body.toString('utf8').trim().slice(0, 500) || `HTTP ${a.status}`);
    return {
      ok: false,
      attempts,
      code: field(a.json, ['code', 'errorCode'])?.slice(0, 60) ?? null,
      message: `${message} (HTTP ${a.status})`.slice(0, 2000),
      httpStatus: a.status,
    };
  }

  const keyPath = (mgtKey: string) => `/Taxinvoice/BUY/${encodeURIComponent(mgtKey)}`;
  const badKey = (mgtKey: string) => ({
    ok: false as const,
    attempts: 0,
    code: 'BAD_MGTKEY',
    message: `관리번호가 올바르지 않습니다: ${mgtKey}`,
    httpStatus: null,
  });

  return {
    kind: 'http',
    async requestReverseIssue(request: ReverseIssueRequest): Promise<ProviderResult<{ created: boolean }>> {
      if (!MGT_KEY.test(request.mgtKey)) return badKey(request.mgtKey);
      const registered = await call('POST', '/Taxinvoice', popbillTaxinvoice(request));
      if ('failure' in registered) return registered.failure;
      let created = true;
      let attempts = registered.attempts;
      if (registered.answer.status >= 300) {
        if (!ALREADY.has(field(registered.answer.json, ['code']) ?? '')) return failureOf(registered.answer, attempts);
        created = false;
      }
      const asked = await call('POST', keyPath(request.mgtKey), { memo: request.remark1 }, 'REQUEST');
      if ('failure' in asked) return { ...asked.failure, attempts: attempts + asked.failure.attempts };
      attempts += asked.attempts;
      if (asked.answer.status >= 300 && !ALREADY.has(field(asked.answer.json, ['code']) ?? ''))
        return failureOf(asked.answer, attempts);
      return { ok: true, value: { created }, attempts };
    },

    async cancelRequest(mgtKey: string, memo: string): Promise<ProviderResult<null>> {
      if (!MGT_KEY.test(mgtKey)) return badKey(mgtKey);
      const r = await call('POST', keyPath(mgtKey), { memo }, 'CANCELREQUEST');
      if ('failure' in r) return r.failure;
      if (r.answer.status >= 300) return failureOf(r.answer, r.attempts);
      return { ok: true, value: null, attempts: r.attempts };
    },

    async state(mgtKey: string): Promise<ProviderResult<ProviderState>> {
      if (!MGT_KEY.test(mgtKey)) return badKey(mgtKey);
      const r = await call('GET', keyPath(mgtKey));
      if ('failure' in r) return r.failure;
      if (r.answer.status >= 300) return failureOf(r.answer, r.attempts);
      const status = field(r.answer.json, ['state']);
      if (!status || !(STATUSES as readonly string[]).includes(status)) {
        return {
          ok: false,
          attempts: r.attempts,
          code: 'UNKNOWN_STATE',
          message: `대행사가 알 수 없는 상태를 알렸습니다: ${status ?? '(없음)'}`,
          httpStatus: r.answer.status,
        };
      }
      return {
        ok: true,
        attempts: r.attempts,
        value: {
          status: status as ProviderStatus,
          ntsConfirmNum: field(r.answer.json, ['ntsconfirmNum']),
          ntsResult: field(r.answer.json, ['ntsresult']),
          memo: field(r.answer.json, ['stateMemo']),
          issueDT: field(r.answer.json, ['issueDT']),
        },
      };
    },

    async document(mgtKey: string, format: 'xml' | 'pdf'): Promise<ProviderResult<Buffer>> {
      if (!MGT_KEY.test(mgtKey)) return badKey(mgtKey);
      const r = await call('GET', `${keyPath(mgtKey)}?${format.toUpperCase()}`);
      if ('failure' in r) return r.failure;
      if (r.answer.status >= 300) return failureOf(r.answer, r.attempts);
      return { ok: true, value: r.answer.body, attempts: r.attempts };
    },
  };
}
