import { describe, expect, it } from 'vitest';
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { guardFirst } from './guard-loader';
import { documentTitle, isCyberMatch, isPublicMatch, needsExtraAuth } from './portal';
import { syncPortalWithRouter } from './portal-sync';
import { REDIRECTS } from './redirects';
import { createRoutes, routes } from './routes';

function handlesAt(pathname: string): unknown[] {
  return (matchRoutes(routes, pathname) ?? []).map((m) => m.route.handle);
}

function allRoutes(list: RouteObject[]): RouteObject[] {
  return list.flatMap((r) => [r, ...allRoutes(r.children ?? [])]);
}

async function settle(router: ReturnType<typeof createMemoryRouter>): Promise<void> {
  // Wait until the router has loaded the lazy chunks and run the loaders of the first address.
  if (router.state.initialized && router.state.navigation.state === 'idle') return;
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((s) => {
      if (s.initialized && s.navigation.state === 'idle') {
        stop();
        resolve();
      }
    });
  });
}

describe('route table', () => {
  it.each([
    ['/', false, false],
    ['/cyber', true, false],
    ['/login', false, true],
    ['/cyberLogin', true, true],
    ['/authReq', false, true],
    ['/cyberAuthReq', true, true],
    ['/integration', true, true],
    ['/info401', false, true],
    ['/info500', false, true],
    ['/no/such/page', false, true],
    ['/cyber/no/such/page', true, true],
    ['/portal/author/userSessionManage', false, false],
    ['/cyber/prCheckList', true, false],
    ['/cyber/portal/ogpmsManage/userBlock', true, false],
    ['/prCheckList', false, false],
    ['/auth/login', false, true],
  ])('%s is %s external and %s public', (path, cyber, isPublic) => {
    const handles = handlesAt(path);
    expect(isCyberMatch(handles)).toBe(cyber);
    expect(isPublicMatch(handles)).toBe(isPublic);
    expect(documentTitle(isCyberMatch(handles))).toBe(cyber ? 'OGPMS' : 'GPMS');
  });

  it('flags the two main layouts (and everything under them) as needing extra authentication (spec §4)', () => {
    for (const p of ['/', '/prList', '/cyber', '/cyber/deliverInfo'])
      expect(needsExtraAuth(handlesAt(p)), p).toBe(true);
    // The public templates (spec §2) are open to a visitor with no login: the application wizard is for new companies.
    for (const p of [
      '/login',
      '/cyberLogin',
      '/integration',
      '/info401',
      '/nope',
      '/cyber/nope',
      '/template/template0',
      '/template/userApply',
    ])
      expect(needsExtraAuth(handlesAt(p)), p).toBe(false);
  });

  it('has the development pages only when they are enabled (absent, i.e. not found, in production builds)', () => {
    const dev = createRoutes({ devPages: true });
    const prod = createRoutes({ devPages: false });
    const at = (table: RouteObject[], p: string) => (matchRoutes(table, p) ?? []).map((m) => m.route.path).at(-1);
    expect(at(dev, '/cyberDevLogin')).toBe('/cyberDevLogin');
    expect(at(dev, '/conv')).toBe('/conv');
    expect(at(prod, '/cyberDevLogin')).toBe('*');
    expect(at(prod, '/conv')).toBe('*');
  });

  it('names the external routes Cyber_', () => {
    const ids = (matchRoutes(routes, '/cyber/prCheckList') ?? []).map((m) => m.route.id);
    expect(ids).toContain('Cyber_prCheckList');
    expect((matchRoutes(routes, '/cyber') ?? []).map((m) => m.route.id)).toContain('Cyber_SubMain');
  });

  it('runs the guard before any other loader, and no other loader when it redirects', async () => {
    const seen: string[] = [];
    const table = createRoutes({
      guard: async ({ request }) => {
        seen.push(`guard ${new URL(request.url).pathname}`);
        return null;
      },
    });
    const router = createMemoryRouter(table, { initialEntries: ['/portal/author'], dataStrategy: guardFirst });
    await settle(router);
    expect(router.state.location.pathname).toBe('/portal/author/menuManage');
    expect(seen).toEqual(['guard /portal/author', 'guard /portal/author/menuManage']);
    router.dispose();

    const blocked: string[] = [];
    const guarded = createRoutes({
      guard: async ({ request }) => {
        const path = new URL(request.url).pathname;
        blocked.push(`guard ${path}`);
        return path === '/login' ? null : new Response(null, { status: 302, headers: { Location: '/login' } });
      },
    });
    const r2 = createMemoryRouter(guarded, { initialEntries: ['/portal/author'], dataStrategy: guardFirst });
    await settle(r2);
    // The redirect route's own loader never ran (it would have gone to menuManage): the guard won.
    expect(r2.state.location.pathname).toBe('/login');
    expect(blocked).toEqual(['guard /portal/author', 'guard /login']);
    r2.dispose();
  });

  it('loads every page lazily: no route but the root ships a component in the entry chunk', () => {
    // Pathless grouping routes (the screens' error boundary inside each layout) render no page of their own.
    const pages = allRoutes(routes).filter((r) => r.id !== 'root' && !r.loader && (r.path !== undefined || r.index));
    expect(pages.length).toBeGreaterThan(10);
    for (const r of pages) {
      expect(r.lazy, `route ${r.path ?? '(index)'}`).toBeTypeOf('function');
      expect(r.element ?? r.Component).toBeUndefined();
    }
  });

  it.each(REDIRECTS.map((r) => [r.from, r.to]))('redirects %s to %s', async (from, to) => {
    const router = createMemoryRouter(routes, { initialEntries: [from] });
    await settle(router);
    expect(router.state.location.pathname).toBe(to);
    router.dispose();
  });

  it('keeps the portal flag and the title in step with navigation', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    const seen: Array<[boolean, string]> = [];
    const stop = syncPortalWithRouter(router, {
      setCyber: (c) => seen.push([c, '']),
      setTitle: (t) => (seen[seen.length - 1][1] = t),
    });
    await settle(router);
    await router.navigate('/cyber');
    await router.navigate('/info401');
    stop();
    router.dispose();
    expect(seen[0]).toEqual([false, 'GPMS']);
    expect(seen).toContainEqual([true, 'OGPMS']);
    expect(seen[seen.length - 1]).toEqual([false, 'GPMS']);
  });
});
