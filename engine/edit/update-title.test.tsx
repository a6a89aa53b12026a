import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messageRow } from '../testing/contract-rows';
import { createFixtureEngineServices, type FixtureEngineOptions } from '../testing/fixture-engine-services';
import { installGlideJsdom } from '../testing/grid';
import { confirmDialog as confirm, messageEditScreen as messageScreen } from '../testing/message-edit-screen';
import { renderScreen } from '../testing/screen-harness';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

describe('edit screens: updateTitle, the heading while a record is shown', () => {
  // Two screens rendered one after the other, each waited for: the guard of a screen test with several steps.
  it('a record opened by its key is headed by updateTitle; the create form by title', { timeout: 30_000 }, async () => {
    const pageTitle = vi.fn();
    const answers = { getMessage: () => messageRow({ msgKey: 'hello', textKo: '안녕' }) };
    const services = { ...createFixtureEngineServices({ answers }), pageTitle };
    const opened = renderScreen('test.message', {
      entries: [messageScreen],
      services,
      route: '/test/message?msgKey=hello',
      answers,
    });
    await screen.findByDisplayValue('안녕');
    expect(screen.getByRole('heading', { level: 1, name: '메시지 수정' })).toBeInTheDocument();
    // The document title (the browser's tab, a screen reader's first words) says the same.
    await waitFor(() => expect(pageTitle).toHaveBeenLastCalledWith('메시지 수정'));
    opened.unmount();
    expect(pageTitle).toHaveBeenLastCalledWith(null);
    renderScreen('test.message', { entries: [messageScreen], services, route: '/test/message', answers: {} });
    expect(await screen.findByRole('heading', { level: 1, name: '메시지 등록' })).toBeInTheDocument();
    await waitFor(() => expect(pageTitle).toHaveBeenLastCalledWith('메시지 등록'));
  });

  it(
    'a record created on the form turns the heading to updateTitle; 신규 turns it back',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const pageTitle = vi.fn();
      const answers: FixtureEngineOptions['answers'] = {
        createMessage: (input) => messageRow({ ...(input.body as object), version: 1 }),
      };
      renderScreen('test.message', {
        services: { ...createFixtureEngineServices({ answers }), pageTitle },
        entries: [messageScreen],
        route: '/test/message',
        answers,
      });
      expect(await screen.findByRole('heading', { level: 1, name: '메시지 등록' })).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: /키/ }), 'hello');
      await user.type(screen.getByRole('textbox', { name: /한글/ }), '안녕');
      await user.click(screen.getByRole('button', { name: '저장' }));
      await confirm(user);
      expect(await screen.findByRole('heading', { level: 1, name: '메시지 수정' })).toBeInTheDocument();
      await waitFor(() => expect(pageTitle).toHaveBeenLastCalledWith('메시지 수정'));
      await user.click(screen.getByRole('button', { name: '신규' }));
      expect(await screen.findByRole('heading', { level: 1, name: '메시지 등록' })).toBeInTheDocument();
      await waitFor(() => expect(pageTitle).toHaveBeenLastCalledWith('메시지 등록'));
    },
  );
});
