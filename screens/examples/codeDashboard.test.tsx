import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { screenDefinitions, screenTexts } from '../index';
import { createAdminFixtures } from '../testing/fixture-answers';
import { renderScreen } from '../../engine/testing/screen-harness';
import { OperationError } from '../../engine/services';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

describe('dashboard: examples.codeDashboard', () => {
  it('shows figures, charts and a table, each from its own operation', async () => {
    const { services, container } = renderScreen('examples.codeDashboard', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers: createAdminFixtures().answers,
    });
    expect(await screen.findByRole('heading', { name: '공통코드 현황 (예제)' })).toBeInTheDocument();
    const stat = (id: string) => container.querySelector(`[data-panel="${id}"]`)!;
    await waitFor(() => expect(stat('groups')).toHaveTextContent('코드 그룹 수5'));
    expect(stat('codes')).toHaveTextContent('전체 코드 수15');
    expect(stat('unused')).toHaveTextContent('미사용 그룹0');
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    expect(gridRowTexts()[0].slice(0, 4)).toEqual(['PO_STATUS', '발주 상태', 'PO status', '5']);
    expect(services.calls.find((c) => c.input.query?.useYn === 'N')).toBeTruthy();
    expect(container.querySelector('[data-panel="largest"] .recharts-responsive-container')).not.toBeNull();
  });

  it('announces a panel that could not load (role=alert, KWCAG 8.2.1 status messages)', async () => {
    const answers = {
      ...createAdminFixtures().answers,
      listCodeGroups: () => {
        throw new OperationError(500, 'SERVER_ERROR', '서버 오류');
      },
    };
    renderScreen('examples.codeDashboard', { entries: screenDefinitions, texts: screenTexts, answers });
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent === '불러오지 못했습니다: 서버 오류')).toBe(true),
    );
  });
});
