import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/create-i18n';
import { memoryStorage } from '../testing/memory-storage';
import { composeTitle, startDocumentTitle, titleOf, usePageTitleStore } from './document-title';

/** WCAG 2.4.2, 3.1.1: a title per screen, in the interface language; <html lang> follows it. */
describe('document title', () => {
  afterEach(() => usePageTitleStore.setState({ product: 'GPMS', routeKey: null, screen: null }));

  it('is the page’s name and the product', () => {
    expect(composeTitle('발주서 조회', 'GPMS')).toBe('발주서 조회 - GPMS');
    expect(composeTitle('견적요청 확인', 'OGPMS')).toBe('견적요청 확인 - OGPMS');
    expect(composeTitle(null, 'GPMS')).toBe('GPMS');
    expect(composeTitle('  ', 'OGPMS')).toBe('OGPMS');
  });

  it('a screen’s own title wins over its route’s; a route key the app has no text for is left out', () => {
    const i18n = createI18n({ storage: memoryStorage(), language: 'ko' });
    expect(titleOf({ product: 'GPMS', routeKey: 'route.login', screen: null }, i18n)).toBe('로그인 - GPMS');
    expect(titleOf({ product: 'GPMS', routeKey: 'screen.purchaseOrder.poList', screen: null }, i18n)).toBe('GPMS');
    expect(titleOf({ product: 'GPMS', routeKey: 'screen.purchaseOrder.poList', screen: '발주서 조회' }, i18n)).toBe(
      '발주서 조회 - GPMS',
    );
  });

  it('follows navigation, the screen and the language; <html lang> follows the language', async () => {
    const i18n = createI18n({ storage: memoryStorage(), language: 'ko' });
    const doc = { title: '' };
    const stop = startDocumentTitle(i18n, doc);
    usePageTitleStore.setState({ product: 'OGPMS', routeKey: 'route.cyberLogin' });
    expect(doc.title).toBe('협력사 로그인 - OGPMS');
    expect(document.documentElement.lang).toBe('ko');
    await i18n.changeLanguage('en');
    expect(doc.title).toMatch(/ - OGPMS$/);
    expect(doc.title).not.toMatch(/[가-힣]/);
    expect(document.documentElement.lang).toBe('en');
    // An engine screen names itself in the new language (EngineServices.pageTitle).
    usePageTitleStore.setState({ product: 'GPMS', routeKey: 'screen.purchaseOrder.poList', screen: 'Purchase Orders' });
    expect(doc.title).toBe('Purchase Orders - GPMS');
    stop();
    usePageTitleStore.setState({ screen: 'later' });
    expect(doc.title).toBe('Purchase Orders - GPMS');
  });
});
