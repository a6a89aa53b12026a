import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../testing/render-page';
import { ConvPage } from './ConvPage';

/** The development pages bring their own texts (app/pages/dev/i18n): none of them ships in the entry chunk. */
describe('the development pages’ texts', () => {
  it('/conv shows its texts in Korean and in English, not their keys', async () => {
    const ko = renderPage(<ConvPage />, { path: '/conv', language: 'ko' });
    await screen.findByRole('heading', { name: '개발용 변환 도구' });
    expect(ko.container.textContent).not.toMatch(/\bdev\.conv\./);
    ko.unmount();
    renderPage(<ConvPage />, { path: '/conv', language: 'en' });
    await screen.findByRole('heading', { name: 'Converters (development)' });
  });
});
