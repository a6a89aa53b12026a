import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../testing/memory-storage';
import { renderPage } from '../testing/render-page';
import { LanguageSwitch } from './LanguageSwitch';

describe('LanguageSwitch', () => {
  it('switches to English, marks the choice and stores it under "language"', async () => {
    const storage = memoryStorage();
    const { i18n } = renderPage(<LanguageSwitch />, { storage });
    expect(screen.getByRole('button', { name: '한국어' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: '언어 선택' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'English' }));

    expect(i18n.language).toBe('en');
    expect(storage.getItem('language')).toBe('en');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});
