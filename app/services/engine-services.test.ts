// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OperationError } from '../../engine';
import { createApiClient } from '../api/client';
import { setHttpEffects } from '../api/http-effects';
import type { MenuItem } from '../stores/session';
import { createOperationCaller } from './call-operation';
import { menuAuthority, menuOf } from './engine-services';

const menus: MenuItem[] = [
  {
    pgmId: 'PORTAL',
    pgmName: '포털관리',
    sspUrl: null,
    leaf: 'F',
    childs: [
      {
        pgmId: 'CODE',
        pgmName: '공통코드관리',
        sspUrl: '/portal/codeManage/cmmnCodeManage',
        sspSubUrls: ['/portal/codeManage'],
        leaf: 'T',
        canWrite: true,
      },
      { pgmId: 'SESS', pgmName: '세션', sspUrl: '/portal/author/userSessionManage', leaf: 'T', canWrite: false },
    ],
  },
];

describe('menu authority for the engine', () => {
  it('reads the leaf whose URL or sub-URL is the route; /cyber is ignored', () => {
    expect(menuAuthority(menus, '/portal/codeManage/cmmnCodeManage')).toEqual({ read: true, write: true });
    expect(menuAuthority(menus, '/portal/codeManage')).toEqual({ read: true, write: true });
    expect(menuAuthority(menus, '/cyber/portal/author/userSessionManage')).toEqual({ read: true, write: false });
    expect(menuAuthority(menus, '/prList')).toBeNull();
  });

  it('names the menu entry opening a route: a sub-URL belongs to its list', () => {
    expect(menuOf(menus, '/portal/codeManage')).toEqual({
      route: '/portal/codeManage/cmmnCodeManage',
      name: '공통코드관리',
    });
    expect(menuOf(menus, '/portal/author/userSessionManage')).toEqual({
      route: '/portal/author/userSessionManage',
      name: '세션',
    });
    expect(menuOf(menus, '/prList')).toBeNull();
  });
});

describe('calling operations by id on the app client', () => {
  afterEach(() => setHttpEffects({}));

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('builds the request from the operation table and answers the body', async () => {
    const seen: Request[] = [];
    const client = createApiClient({
      baseUrl: 'http://gpms',
      loader: false,
      tokens: () => null,
      fetch: (async (r: Request) => (seen.push(r), json(200, { code: 'OK' }))) as unknown as typeof fetch,
    });
    const call = createOperationCaller(client);
    expect(await call('endSession', { path: { sessionId: 'S 1' } })).toEqual({ code: 'OK' });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe('http://gpms/api/v1/portal/sessions/S%201/end');
    await call('listMessages', { query: { msgKey: 'ui.', page: 2, size: 50, text: '' } });
    expect(seen[1].url).toBe('http://gpms/api/v1/portal/messages?msgKey=ui.&page=2&size=50');
  });

  it('an error answer becomes an OperationError with its field errors, and the client shows no alert of its own', async () => {
    const alert = vi.fn(async () => undefined);
    setHttpEffects({ alert });
    const client = createApiClient({
      baseUrl: 'http://gpms',
      loader: false,
      tokens: () => null,
      fetch: (async () =>
        json(400, {
          statusCode: 400,
          code: 'VALIDATION',
          msg: '입력 값을 확인하세요',
          details: [{ path: 'body/textKo', message: '필수 입력 항목입니다' }],
        })) as unknown as typeof fetch,
    });
    const error = await createOperationCaller(client)('createMessage', {
      body: { msgKey: 'a', category: 'ui', textKo: '', textEn: 'x' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperationError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      serverMessage: '입력 값을 확인하세요',
      fieldErrors: [{ path: 'body/textKo', message: '필수 입력 항목입니다' }],
    });
    expect(alert).not.toHaveBeenCalled();
  });

  it('a session timeout (GPMS005) is the app’s: it goes to the login and the screen gets an AbortError', async () => {
    const navigate = vi.fn();
    setHttpEffects({ navigate, alert: async () => undefined, currentPath: () => '/portal/system/messageManage' });
    const client = createApiClient({
      baseUrl: 'http://gpms',
      loader: false,
      tokens: () => null,
      isCyber: () => false,
      fetch: (async () =>
        json(401, { statusCode: 401, code: 'GPMS005', msg: '로그인이 필요합니다' })) as unknown as typeof fetch,
    });
    const error = await createOperationCaller(client)('listMessages', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
  });
});
