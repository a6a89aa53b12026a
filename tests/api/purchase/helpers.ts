import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { todayKst } from '../../../server/domain/dates.js';
import type { TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

/** YYYY-MM-DD `days` from today in Korea (the business day the server checks dates against). */
export function day(days: number): string {
  const base = new Date(`${todayKst(new Date())}T00:00:00Z`);
  return new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD `days` from the business clock's day (the app's clock, which a test may walk forward). */
export function businessDay(t: TestApp, days: number): string {
  const base = new Date(`${todayKst(t.app.clock.now())}T00:00:00Z`);
  return new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

export type Who = LoggedIn;

/** An approval as the document's detail answers it (its last entry of `approvals`). */
export interface PendingApproval {
  approvalId: number;
  version: number;
  status: string;
  steps: unknown[];
}

/**
 * Approves to its end: each pending step by its approver in the demo company's lines — uadmin1 (E000006) for a PR's
 * first step, opadmin for every other.
 */
export async function approveAll(
  f: ReturnType<typeof client>,
  u: Record<string, Who>,
  approval: PendingApproval,
): Promise<void> {
  let a = approval;
  while (a.status === 'PENDING' || a.status === 'IN_PROGRESS') {
    const step = (a.steps as Array<{ status: string; approverId: string }>).find((s) => s.status === 'PENDING')!;
    const by = step.approverId === 'E000006' ? u.uadmin1 : u.opadmin;
    a = ok(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, by, { version: a.version })).approval;
  }
}

/** Calls the app as a logged-in user; every call answers the inject response. */
export function client(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string, who: Who) => call('GET', url, who),
    post: (url: string, who: Who, payload: unknown = {}) => call('POST', url, who, payload),
    put: (url: string, who: Who, payload: unknown) => call('PUT', url, who, payload),
    del: (url: string, who: Who) => call('DELETE', url, who),
  };
}

/** Asserts the status and answers the JSON body; prints the body when the status is wrong. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in the tests
export function ok<T = any>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

/** A refused request: status, stable code, a Korean message; answers the body for further checks. */
export function refused(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  if (code) expect(body.code).toBe(code);
  expect(body.msg).toMatch(/[가-힣]/);
  return body as { statusCode: number; code: string; msg: string; details?: Array<{ path: string; message: string }> };
}

export async function logins(t: TestApp, ids: string[]): Promise<Record<string, Who>> {
  const out: Record<string, Who> = {};
  for (const id of ids) out[id] = await sessionAs(t.app, id);
  return out;
}

/** A row count and the newest audit id, to prove a refused request changed nothing. */
export async function snapshot(
  t: TestApp,
  table:
    | 'prHeader'
    | 'poHeader'
    | 'rfqHeader'
    | 'quotation'
    | 'loi'
    | 'approval'
    | 'approvalRule'
    | 'approvalLine'
    | 'poChange',
) {
  const rows = await t.db.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const audit = await t.db.db
    .selectFrom('auditLog')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  return { rows: Number(rows.n), audit: Number(audit.id ?? 0) };
}

/** A KRW PR body of two lines (one master item, one free text), below the two-step approval threshold. */
export function prBody(overrides: Record<string, unknown> = {}) {
  return {
    title: '시험용 구매요청',
    desiredDate: day(30),
    purpose: 'API 시험',
    currency: 'KRW',
    lines: [
      { itemCode: 'MRO0101-0001', quantity: '10', estUnitPrice: '1500' },
      { itemName: '비규격 브래킷', unitCode: 'EA', quantity: '2.5', estUnitPrice: '12000.50', remark: '도면 별도' },
    ],
    ...overrides,
  };
}

export interface Flow {
  get: ReturnType<typeof client>['get'];
  post: ReturnType<typeof client>['post'];
  put: ReturnType<typeof client>['put'];
  del: ReturnType<typeof client>['del'];
  u: Record<string, Who>;
}

/** buyer requests → uadmin1 approves → operator receives (as buyer) → returns the PR detail. */
export async function receivedPr(f: Flow, body: Record<string, unknown> = prBody()) {
  const pr = ok(await f.post('/api/v1/prs', f.u.buyer, body));
  const submitted = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
  let approval = submitted.approvals.at(-1);
  while (approval.status === 'PENDING' || approval.status === 'IN_PROGRESS') {
    const step = approval.steps.find((s: { status: string }) => s.status === 'PENDING');
    const who = step.approverId === 'E000006' ? f.u.uadmin1 : f.u.opadmin;
    approval = ok(
      await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, who, { version: approval.version }),
    ).approval;
  }
  const approved = ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.operator));
  expect(approved.status).toBe('APPROVED');
  return ok(
    await f.post(`/api/v1/prs/${pr.prNo}/receive`, f.u.operator, { version: approved.version, buyerId: 'E000004' }),
  );
}

/** A received PR sent out for quotation to the given suppliers (operator is the buyer). */
export async function openRfq(f: Flow, suppliers: string[] = ['C00001', 'C00002'], body?: Record<string, unknown>) {
  const pr = await receivedPr(f, body);
  return ok(
    await f.post('/api/v1/rfqs', f.u.operator, { prNo: pr.prNo, prVersion: pr.version, deadline: day(7), suppliers }),
  );
}

/** Every invited demo supplier quotes (lower price from `cheapest`), then the operator selects `winner`. */
export async function awardedRfq(f: Flow, winner: 'C00001' | 'C00002', body?: Record<string, unknown>) {
  const rfq = await openRfq(f, ['C00001', 'C00002'], body);
  for (const [compNo, who] of [
    ['C00001', f.u.supplier1],
    ['C00002', f.u.supplier2],
  ] as const) {
    const q = ok(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, who));
    const price = compNo === winner ? '1000' : '1100';
    ok(
      await f.put(`/api/v1/cyber/quotations/${rfq.rfqNo}`, who, {
        version: q.version,
        leadTimeDays: 10,
        validUntil: day(60),
        lines: q.lines.map((l: { lineNo: number }) => ({ lineNo: l.lineNo, unitPrice: price })),
      }),
    );
  }
  const fresh = ok(await f.get(`/api/v1/rfqs/${rfq.rfqNo}`, f.u.operator));
  return ok(await f.post(`/api/v1/rfqs/${rfq.rfqNo}/select`, f.u.operator, { version: fresh.version, compNo: winner }));
}
