import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

type Mode = 'ok' | 'down' | 'failOnce' | 'reject' | 'dropAfterBooking' | 'hangup' | 'slow';

/**
 * A stand-in ERP on a real local port, for the posting tests (posting, subcon-charges). It books a voucher once per
 * Idempotency-Key (a repeated key gets the first document number back), counts every request per key (`requests`)
 * and keeps every body with its key (`bodies`). `state.mode` makes it fail: `down` 503, `reject` 422 (final),
 * `hangup` drops the connection, `slow` answers after 1.5 s, `failOnce` 502 on a key's first request,
 * `dropAfterBooking` books a key's first request but loses the answer (the client must retry under the same key).
 */
export function fakeErp<B>() {
  const requests = new Map<string, number>();
  const booked = new Map<string, string>();
  const onceDone = new Set<string>();
  const bodies: Array<{ key: string; body: B }> = [];
  const state = { mode: 'ok' as Mode };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = String(req.headers['idempotency-key'] ?? '');
      requests.set(key, (requests.get(key) ?? 0) + 1);
      bodies.push({ key, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as B });
      const answer = (status: number, body: object) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const book = () => {
        if (!booked.has(key)) booked.set(key, `ERP-${String(booked.size + 1).padStart(6, '0')}`);
        return booked.get(key)!;
      };
      switch (state.mode) {
        case 'down':
          return answer(503, { code: 'MAINTENANCE', message: 'ERP 시스템 점검 중입니다' });
        case 'reject':
          return answer(422, { code: 'VENDOR_NOT_FOUND', message: '거래처 코드가 ERP에 등록되어 있지 않습니다' });
        case 'hangup':
          return req.socket.destroy();
        case 'slow':
          return void setTimeout(() => answer(200, { docNo: book() }), 1500);
        case 'failOnce':
          if (!onceDone.has(key)) {
            onceDone.add(key);
            return answer(502, { message: '게이트웨이 오류' });
          }
          return answer(200, { docNo: book() });
        case 'dropAfterBooking':
          // Booked, but the answer never arrives: the client must retry under the same key.
          if (!onceDone.has(key)) {
            onceDone.add(key);
            book();
            return req.socket.destroy();
          }
          return answer(200, { docNo: book() });
        default:
          return answer(200, { docNo: book() });
      }
    });
  });
  return { server, requests, booked, bodies, state };
}

/** The ERP listening, and an app that posts to it over HTTP: two retries 5 ms apart, 500 ms a request. */
export async function appPostingTo(erp: { server: http.Server }): Promise<TestApp> {
  await new Promise<void>((resolve) => erp.server.listen(0, '127.0.0.1', resolve));
  const { port } = erp.server.address() as AddressInfo;
  return buildTestApp({
    config: { erpUrl: `http://127.0.0.1:${port}/api/vouchers`, erpRetries: 2, erpBackoffMs: 5, erpTimeoutMs: 500 },
  });
}

/** The app and the ERP closed. */
export async function closeWithErp(t: TestApp, erp: { server: http.Server }) {
  await t.close();
  await new Promise((resolve) => erp.server.close(resolve));
}
