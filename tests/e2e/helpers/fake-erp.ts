import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake ERP answered. */
export interface ErpCall {
  method: string;
  path: string;
  idempotencyKey: string;
  status: number;
  body: unknown;
  docNo: string | null;
}

/** "Answer the next `times` posts to `path` with `status` and this message." */
export interface ErpFailRule {
  path: string;
  times: number;
  status: number;
  code?: string;
  message: string;
}

export interface FakeErp {
  /** e.g. http://127.0.0.1:41234 — endpoints are `${base}/erp/vouchers`, `${base}/erp/vendors`. */
  base: string;
  /** Requests that were no ERP post (another process's probe on a reused port, say). */
  stray: string[];
  close(): Promise<void>;
}

/**
 * The ERP of the browser tests, shared by every journey of a run (the shared server posts vouchers and
 * vendor applications here). It books each (path, Idempotency-Key) once and answers the same document
 * for a repeat, as a real ERP honouring idempotency keys would. Tests read what it was sent at
 * `GET /__calls` and make it fail on purpose with `POST /__fail` (see erp-control.ts).
 */
export function startFakeErp(): Promise<FakeErp> {
  const calls: ErpCall[] = [];
  const rules: ErpFailRule[] = [];
  const booked = new Map<string, string>();
  const stray: string[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'GET' && path === '/__calls') return reply(200, calls);
      if (req.method === 'POST' && path === '/__fail') {
        const rule = JSON.parse(raw || '{}') as ErpFailRule;
        rules.push({ ...rule, times: Math.max(1, rule.times ?? 1) });
        return reply(204, null);
      }
      const key = String(req.headers['idempotency-key'] ?? '');
      if (req.method !== 'POST' || !path.startsWith('/erp/') || !key) {
        stray.push(`${req.method} ${req.url}`);
        return reply(404, { code: 'NOT_FOUND', message: 'not an ERP post' });
      }
      let body: unknown = null;
      try {
        body = JSON.parse(raw || 'null');
      } catch {
        return reply(400, { code: 'BAD_JSON', message: 'the body is not JSON' });
      }
      const rule = rules.find((r) => r.path === path && r.times > 0);
      if (rule) {
        rule.times -= 1;
        calls.push({ method: 'POST', path, idempotencyKey: key, status: rule.status, body, docNo: null });
        return reply(rule.status, { code: rule.code ?? 'ERP_ERROR', message: rule.message });
      }
      const bookKey = `${path} ${key}`;
      if (!booked.has(bookKey)) booked.set(bookKey, `ERP-${String(booked.size + 1).padStart(6, '0')}`);
      const docNo = booked.get(bookKey)!;
      calls.push({ method: 'POST', path, idempotencyKey: key, status: 201, body, docNo });
      return reply(201, { docNo });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        base: `http://127.0.0.1:${port}`,
        stray,
        close: () =>
          new Promise<void>((r) => {
            // Keep-alive sockets would hold close() (and the test process) open until they time out.
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}
