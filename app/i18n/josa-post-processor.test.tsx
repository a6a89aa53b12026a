import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import bidKo from '../../screens/bid/i18n/ko.json';
import studioKo from '../../screens/portal/screen/i18n/ko.json';
import { useEngineText } from '../../engine/text';
import { useWidgetText } from '../../widgets/i18n';
import { shellTexts } from '../layouts/shell-texts';
import { VersionHistory } from '../custom-screens/portal/studio/VersionHistory';
import type { StudioVersionRow } from '../custom-screens/portal/studio/studio-types';
import { memoryStorage } from '../testing/memory-storage';
import { createI18n } from './create-i18n';

/** The app's i18n with the screens' and the shell's bundles the messages below live in. */
function appI18n() {
  const i18n = createI18n({ storage: memoryStorage(), language: 'ko' });
  i18n.addResourceBundle('ko', 'translation', bidKo, true, true);
  i18n.addResourceBundle('ko', 'translation', studioKo, true, true);
  shellTexts.add(i18n);
  return i18n;
}

describe('every text with a variable chooses its particle (lib/josa.ts)', () => {
  it('i18next texts ({{x}}): the post-processor', () => {
    const i18n = appI18n();
    expect(i18n.t('breadcrumb.siblings', { name: '구매요청' })).toBe('구매요청과 같은 단계의 메뉴');
    expect(i18n.t('breadcrumb.siblings', { name: '예산관리' })).toBe('예산관리와 같은 단계의 메뉴');
    expect(i18n.t('login.otp.sent', { channel: '전자우편', destination: 'a@b.kr' })).toBe(
      '전자우편 a@b.kr로 인증번호를 보냈습니다.',
    );
    expect(i18n.t('screen.screenStudio.published', { version: 1, route: '/x' })).toBe('v1을 게시했습니다: /x');
    expect(i18n.t('screen.screenStudio.restored', { version: 2 })).toBe('v2를 복원했습니다.');
    i18n.changeLanguage('en');
    expect(i18n.t('breadcrumb.siblings', { name: 'PR' })).not.toMatch(/\(/);
  });

  it('the engine texts ({x}, filled after i18next) and the widgets texts', () => {
    const i18n = appI18n();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    );
    const t = renderHook(() => useEngineText(), { wrapper }).result.current;
    expect(t('screen.bid.live.acceptedExtended', { amount: '9,500,000', rank: 1, endAt: '2026-11-25 01:27:00' })).toBe(
      '입찰가 9,500,000이 접수되었습니다. 현재 1위이며, 마감이 2026-11-25 01:27:00으로 연장되었습니다.',
    );
    expect(t('screen.bid.live.accepted', { amount: '9,500,002', rank: 2 })).toBe(
      '입찰가 9,500,002가 접수되었습니다. 현재 2위입니다.',
    );
    expect(t('screen.bid.live.awarded', { poNo: 'PO2026-002496' })).toBe(
      '낙찰 처리했습니다. 발주 PO2026-002496을 확인하세요.',
    );
    expect(t('engine.cellLocked', { column: '단가' })).toBe('저장된 행의 단가는 바꿀 수 없습니다.');
    const w = renderHook(() => useWidgetText(), { wrapper }).result.current;
    expect(w('rangeAdjusted', { which: '종료일', date: '2026-01-02' })).toBe(
      '시작일은 종료일보다 늦을 수 없어 종료일을 함께 변경했습니다 (2026-01-02).',
    );
  });

  it('the studio names a restore once when its note is the default one', () => {
    const i18n = appI18n();
    const row = (versionNo: number, note: string | null, restoredFrom: number | null) =>
      ({
        versionNo,
        note,
        restoredFrom,
        createdBy: 'admin',
        createdAt: '2026-11-25T00:00:00Z',
        published: versionNo === 3,
      }) as unknown as StudioVersionRow;
    render(
      <I18nextProvider i18n={i18n}>
        <VersionHistory
          rows={[row(3, 'v1 복원', 1), row(2, '되돌림', 1), row(1, null, null)]}
          canWrite={false}
          diff={null}
          onDiff={() => {}}
          onRestore={() => {}}
          onCloseDiff={() => {}}
        />
      </I18nextProvider>,
    );
    const cells = screen.getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toContain('v1 복원');
    expect(cells).toContain('되돌림 (v1 복원)');
    expect(cells.join('|')).not.toContain('v1 복원 (v1 복원)');
  });
});
