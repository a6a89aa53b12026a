import { describe, expect, it } from 'vitest';
import { documentTitle, homePath, isCyberMatch, isCyberPathname, isPublicMatch, loginPath, titleKeyOf } from './portal';

const internalLayout = { isCyber: false, public: false, titleKey: 'route.home' };
const externalLayout = { isCyber: true, public: false, titleKey: 'route.cyberHome' };
const publicPage = { isCyber: false, public: true, titleKey: 'route.info401' };

describe('isCyberMatch', () => {
  it('is external when any matched route is flagged external (spec §4)', () => {
    expect(isCyberMatch([undefined, externalLayout, { ...internalLayout, titleKey: 'child' }])).toBe(true);
  });
  it('is internal when no matched route is flagged external', () => {
    expect(isCyberMatch([undefined, internalLayout, publicPage])).toBe(false);
  });
  it('is internal with no matches and ignores handles of another shape', () => {
    expect(isCyberMatch([])).toBe(false);
    expect(isCyberMatch([{ isCyber: 'Y' }, null, 'x'])).toBe(false);
  });
});

describe('isPublicMatch and titleKeyOf', () => {
  it('take the deepest route that declares a handle', () => {
    expect(isPublicMatch([undefined, internalLayout, publicPage, undefined])).toBe(true);
    expect(isPublicMatch([undefined, publicPage, internalLayout])).toBe(false);
    expect(titleKeyOf([undefined, internalLayout, publicPage])).toBe('route.info401');
  });
  it('treat an address with no declared handle as neither public nor titled', () => {
    expect(isPublicMatch([undefined])).toBe(false);
    expect(titleKeyOf([])).toBeNull();
  });
});

describe('document title and portal paths', () => {
  it('is OGPMS on the external portal and GPMS on the internal one (spec §2)', () => {
    expect(documentTitle(true)).toBe('OGPMS');
    expect(documentTitle(false)).toBe('GPMS');
  });
  it('names each portal’s home and login', () => {
    expect([homePath(false), homePath(true)]).toEqual(['/', '/cyber']);
    expect([loginPath(false), loginPath(true)]).toEqual(['/login', '/cyberLogin']);
  });
  it('recognises external addresses', () => {
    for (const p of ['/cyber', '/cyber/prCheckList', '/cyberLogin', '/cyberAuthReq'])
      expect(isCyberPathname(p)).toBe(true);
    for (const p of ['/', '/login', '/info401', '/portal/cyberish']) expect(isCyberPathname(p)).toBe(false);
  });
});
