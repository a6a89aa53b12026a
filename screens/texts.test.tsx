import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGlideJsdom } from '../engine/testing/grid';
import { screenDefinitions, screenTexts } from './index';
import { createAdminFixtures } from './testing/fixture-answers';
import { renderScreen } from '../engine/testing/screen-harness';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

describe('texts', () => {
  it('server messages (msg.<key>, as the app merges them) replace any label at once — a messageManage edit reaches the screen', async () => {
    const { i18n } = renderScreen('portal.messageManage', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers: createAdminFixtures().answers,
    });
    await screen.findByRole('button', { name: '조회' });
    expect(screen.getByRole('heading', { name: '메시지관리' })).toBeInTheDocument();
    // What app/i18n/messages.ts addServerMessages does after GET /api/v1/common/message.
    act(() =>
      i18n.addResourceBundle(
        'ko',
        'translation',
        { msg: { 'ui.search': '검색', 'screen.messageManage.title': '메시지 관리(서버)' } },
        true,
        true,
      ),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: '검색' })).toBeInTheDocument());
    expect(screen.getByRole('heading', { name: '메시지 관리(서버)' })).toBeInTheDocument();
  });

  it('English labels come from the screens’ bundle', async () => {
    renderScreen('portal.userSessionManage', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers: createAdminFixtures().answers,
      language: 'en',
    });
    expect(await screen.findByRole('heading', { name: 'User Sessions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Force logout' })).toBeInTheDocument();
    expect(screen.getByLabelText('User ID')).toBeInTheDocument();
  });
});
