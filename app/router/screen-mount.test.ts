// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { EXTERNAL_SCREENS, INTERNAL_SCREENS, portalPath, screenRouteName } from './known-screens';
import { engineScreenRoutes, screenChildren, servedPaths } from './screen-mount';

const Screen = () => null;

describe('screen routes plug (app/screens/screen-routes.tsx)', () => {
  it('has placeholders for every spec §2 screen while the engine delivers none', () => {
    const internal = screenChildren('internal', {});
    // …and the screen studio's published screens, under /s/ where no built-in route is.
    expect(servedPaths(internal).sort()).toEqual([...INTERNAL_SCREENS, '/s/:name'].sort());
    const external = screenChildren('external', {});
    expect(servedPaths(external).sort()).toEqual(
      [...EXTERNAL_SCREENS.map((p) => `/cyber${p}`), '/cyber/s/:name'].sort(),
    );
  });

  it('mounts the engine’s routes and keeps placeholders only for the rest', () => {
    const mod = {
      screenRoutes: (portal: 'internal' | 'external'): RouteObject[] =>
        portal === 'internal'
          ? [{ path: '/prList', Component: Screen }]
          : [
              { path: '/prCheckList', Component: Screen },
              { path: 'deliverInfo', Component: Screen },
            ],
    };
    const internal = screenChildren('internal', { 'x.tsx': mod });
    expect(internal[0]).toMatchObject({ path: '/prList', Component: Screen });
    expect(servedPaths(internal).filter((p) => p === '/prList')).toHaveLength(1);
    const external = screenChildren('external', { 'x.tsx': mod });
    // An absolute internal-looking path moves under /cyber; a relative one stays relative.
    expect(external.slice(0, 2).map((r) => r.path)).toEqual(['/cyber/prCheckList', 'deliverInfo']);
    expect(
      servedPaths(external, '/cyber').filter((p) => p.endsWith('/prCheckList') || p.endsWith('/deliverInfo')),
    ).toHaveLength(2);
  });

  it('accepts a default export too, and nothing at all', () => {
    expect(engineScreenRoutes('internal', { 'x.tsx': { default: () => [{ path: '/a' }] } })).toEqual([{ path: '/a' }]);
    expect(engineScreenRoutes('internal', {})).toEqual([]);
  });

  it('names external routes Cyber_ and prefixes /cyber once (spec §2)', () => {
    expect(screenRouteName('/prCheckList', true)).toBe('Cyber_prCheckList');
    expect(screenRouteName('/portal/author/menuManage', false)).toBe('portal/author/menuManage');
    expect(portalPath('/prCheckList', true)).toBe('/cyber/prCheckList');
    expect(portalPath('/cyber/prCheckList', true)).toBe('/cyber/prCheckList');
    expect(portalPath('/', true)).toBe('/cyber');
    expect(portalPath('prList', false)).toBe('/prList');
  });

  it('marks the templates public (spec §2) and everything else guarded', () => {
    const internal = screenChildren('internal', {});
    const handle = (p: string) => internal.find((r) => r.path === p)?.handle as { public: boolean; isCyber: boolean };
    expect(handle('/template/template3')).toMatchObject({ public: true, isCyber: false });
    expect(handle('/prList')).toMatchObject({ public: false });
    expect(screenChildren('external', {}).every((r) => (r.handle as { isCyber: boolean }).isCyber)).toBe(true);
  });
});
