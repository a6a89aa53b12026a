import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from './create-i18n';
import { memoryStorage } from '../testing/memory-storage';
import { EngineProvider } from '../../engine/runtime/engine-context';
import { useEngineText } from '../../engine/text';

/** The engine's translate in the app's i18n, with the engine's bundles merged as the provider merges them. */
function engineText(language: 'ko' | 'en') {
  const i18n = createI18n({ storage: memoryStorage(), language });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <EngineProvider services={{} as never} widgetServices={{} as never} screens={{} as never} kinds={{} as never}>
        {children}
      </EngineProvider>
    </I18nextProvider>
  );
  return renderHook(() => useEngineText(), { wrapper }).result.current;
}

describe("a count's row total", () => {
  it('reads "1 row" in English, whether the count is a number (a detail grid) or formatted (a list)', () => {
    const t = engineText('en');
    expect(t('engine.total', { count: 1 })).toBe('1 row');
    expect(t('engine.total', { count: '1' })).toBe('1 row');
    expect(t('engine.total', { count: 3 })).toBe('3 rows');
    expect(t('engine.total', { count: '1,234' })).toBe('1,234 rows');
    expect(t('engine.total', { count: 0 })).toBe('0 rows');
  });

  it('keeps the one Korean form', () => {
    const t = engineText('ko');
    expect(t('engine.total', { count: 1 })).toBe('총 1건');
    expect(t('engine.total', { count: '1,234' })).toBe('총 1,234건');
  });
});
