import { answerField as pick, retryAfterMs } from '../../../http/outbound-answer.js';
import type { ErpConnector, PostResult, VoucherPayload } from './connector.js';

export interface HttpAdapterOptions {
  /** The ERP's voucher endpoint; each voucher is POSTed here as JSON. */
  url: string;
  timeoutMs: number;
  /** Retries after the first attempt. */
  retries: number;
  /** First delay; doubled per retry (capped at 30 s), or the ERP's Retry-After when it sends one. */
  backoffMs: number;
  /** Tests replace time. */
  sleep?: (ms: number) => Promise<void>;
}

const MAX_DELAY_MS = 30_000;
const RETRYABLE_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

interface Failure {
  message: string;
  httpStatus: number | null;
  erpCode: string | null;
  retryable: boolean;
  retryAfterMs: number | null;
}

/**
 * Posts vouchers to the ERP over HTTP. Every attempt of one voucher carries the same
 * `Idempotency-Key`, so an ERP that saw an earlier attempt (whose answer was lost) answers
 * with the same document instead of booking twice. Network errors, timeouts, 408, 425, 429
 * and 5xx are retried with exponential backoff; any other answer is final. The ERP answers
 * 2xx with `{ "docNo": "…" }`; on failure its `message` (or text) is what the posting error
 * records.
 */
export function createHttpAdapter(options: HttpAdapterOptions): ErpConnector {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function attempt(
    payload: VoucherPayload,
    idempotencyKey: string,
  ): Promise<{ ok: true; erpDocNo: string } | ({ ok: false } & Failure)> {
    let res: Response;
    try {
      res = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const timeout = e.name === 'TimeoutError' || e.name === 'AbortError';
      const message = timeout
        ? `ERP 응답 시간 초과 (${options.timeoutMs}ms)`
        : `ERP에 연결할 수 없습니다: ${e.cause?.code ?? e.cause?.message ?? e.message}`;
      return {
        ok: false,
        message,
        httpStatus: null,
        erpCode: timeout ? 'TIMEOUT' : (e.cause?.code ?? 'NETWORK'),
        retryable: true,
        retryAfterMs: null,
      };
    }
    let text = '';
    try {
      text = await res.text();
    } catch {
      // an unreadable body is treated as empty
    }
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (res.ok) {
      const docNo = pick(body, ['docNo', 'documentNo', 'erpDocNo']);
      if (docNo) return { ok: true, erpDocNo: docNo.slice(0, 60) };
      return {
        ok: false,
        message: `ERP 응답에 전표번호(docNo)가 없습니다 (HTTP ${res.status})`,
        httpStatus: res.status,
        erpCode: 'NO_DOC_NO',
        retryable: false,
        retryAfterMs: null,
      };
    }
    const erpMessage =
      pick(body, ['message', 'msg', 'error', 'errorMessage']) ??
      (text.trim().slice(0, 500) || res.statusText || 'ERP 오류');
    return {
      ok: false,
      message: `${erpMessage} (HTTP ${res.status})`.slice(0, 2000),
      httpStatus: res.status,
      erpCode: pick(body, ['code', 'errorCode', 'errCode'])?.slice(0, 60) ?? null,
      retryable: RETRYABLE_STATUS.has(res.status),
      retryAfterMs: retryAfterMs(res.headers.get('retry-after'), MAX_DELAY_MS),
    };
  }

  return {
    kind: 'http',
    async post(payload: VoucherPayload, idempotencyKey: string): Promise<PostResult> {
      for (let n = 1; ; n++) {
        const r = await attempt(payload, idempotencyKey);
        if (r.ok) return { ok: true, erpDocNo: r.erpDocNo, attempts: n };
        if (!r.retryable || n > options.retries)
          return { ok: false, attempts: n, message: r.message, httpStatus: r.httpStatus, erpCode: r.erpCode };
        await sleep(r.retryAfterMs ?? Math.min(options.backoffMs * 2 ** (n - 1), MAX_DELAY_MS));
      }
    },
  };
}
