import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: string;
}

export type FakeRoute = (call: FakeCall) => { status?: number; body?: unknown } | undefined;

/**
 * Stubs global fetch with a tiny fake of the server: each call is recorded and answered by the
 * first route that answers. Unknown calls answer 404 NOT_FOUND, as the server would.
 */
export function fakeServer(...routes: FakeRoute[]) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const req = input instanceof Request ? input : new Request(String(input));
    const url = new URL(req.url);
    const call: FakeCall = {
      method: req.method,
      path: url.pathname,
      search: url.search,
      headers: req.headers,
      body: req.method === 'GET' ? '' : await req.text(),
    };
    calls.push(call);
    for (const route of routes) {
      const a = route(call);
      if (a) return Response.json(a.body ?? {}, { status: a.status ?? 200 });
    }
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', msg: 'not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A route answering one method and path. */
export function on(
  method: string,
  path: string,
  answer: (call: FakeCall) => { status?: number; body?: unknown },
): FakeRoute {
  return (call) => (call.method === method && call.path === path ? answer(call) : undefined);
}

/** The session user a login answers (spec §3), with overrides. */
function sessionUser(over: Record<string, unknown> = {}) {
  return {
    userId: 'buyer',
    portal: 'I',
    accessToken: 'acc-1',
    refreshToken: null,
    token: 'acc-1',
    tokenKey: 'sid-1',
    ip: '127.0.0.1',
    lastLoginIp: null,
    lastLoginDate: null,
    createdDate: '2025-03-14T00:00:00.000Z',
    expiredDate: '2025-03-14T12:00:00.000Z',
    tokenExpiredTimestamp: Date.now() + 900_000,
    currentTimestamp: Date.now(),
    hname: '김구매',
    ename: 'Kim',
    cellPhoneNo: '010-1234-5678',
    phoneNo: '02-123-4567',
    email: 'kim@example.com',
    auth: null,
    authGroupId: '30',
    authGroupName: '사용자',
    section: 'D1000',
    sectionName: '본사',
    deptcd: 'D1100',
    deptnm: '구매팀',
    singleid: 'E1',
    compNo: null,
    compNameKr: null,
    noCellPhone: false,
    noPhone: false,
    ...over,
  };
}

export function loginAnswer(user: Record<string, unknown> = {}) {
  return { code: 'OK', user: sessionUser(user), menus: [], codes: {} };
}
