import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridRowTexts, installGlideJsdom } from '../../../engine/testing/grid';
import { renderScreen } from '../../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../../index';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const row = (id: number, entity: string, action: string) => ({
  id,
  entity,
  entityKey: 'PORTAL_SCREEN',
  action,
  actor: 'admin',
  at: '2026-11-24T01:00:00.000Z',
  beforeData: null,
  afterData: '{}',
});

describe('adminAudit: an auditor reads what was done by name, not by the services’ codes', { timeout: 30_000 }, () => {
  it('shows every action the administrative services write in words', async () => {
    const actions = ['CREATE', 'UPDATE', 'MOVE', 'REORDER', 'DELETE', 'COPY'];
    const rows = actions.map((a, i) => row(i + 1, i === 5 ? 'menuAuth' : 'menu', a));
    renderScreen('portal.adminAudit', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers: { listAdminAudit: () => ({ rows, total: rows.length }) },
      route: '/portal/author/adminAudit',
    });
    await screen.findByText('총 6건');
    await waitFor(() => expect(gridRowTexts().length).toBe(6));
    const shown = gridRowTexts().map((r) => r[4]);
    expect(shown).toEqual(['등록', '수정', '이동', '순서 변경', '삭제', '권한 복사']);
    expect(gridRowTexts()[5][2]).toBe('메뉴권한');
  });
});
