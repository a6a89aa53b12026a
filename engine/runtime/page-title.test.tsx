import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFixtureEngineServices } from '../testing/fixture-engine-services';
import { renderScreen } from '../testing/screen-harness';

const entries = [
  {
    file: 'screens/test/titled.screen.json',
    definition: {
      id: 'test.titled',
      kind: 'edit',
      route: '/test/titled',
      title: 'screen.test.titled',
      sections: [{ fields: [{ field: 'a', label: '항목' }] }],
    },
  },
];
const texts = {
  ko: { screen: { test: { titled: '발주서 조회' } } },
  en: { screen: { test: { titled: 'Purchase Orders' } } },
};

/** The page's screen names the document, in the interface language. */
describe('ScreenPage names the page', () => {
  it('gives its title while shown and null when it goes', { timeout: 30_000 }, async () => {
    const pageTitle = vi.fn();
    const services = { ...createFixtureEngineServices(), pageTitle };
    const view = renderScreen('test.titled', { entries, texts, services, route: '/test/titled' });
    expect(await screen.findByRole('heading', { name: '발주서 조회' })).toBeInTheDocument();
    await waitFor(() => expect(pageTitle).toHaveBeenLastCalledWith('발주서 조회'));
    await view.i18n.changeLanguage('en');
    expect(await screen.findByRole('heading', { name: 'Purchase Orders' })).toBeInTheDocument();
    await waitFor(() => expect(pageTitle).toHaveBeenLastCalledWith('Purchase Orders'));
    view.unmount();
    expect(pageTitle).toHaveBeenLastCalledWith(null);
  });
});
