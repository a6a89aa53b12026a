import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageRow } from '../testing/contract-rows';
import type { FixtureEngineOptions } from '../testing/fixture-engine-services';
import { installGlideJsdom } from '../testing/grid';
import { confirmDialog as confirm, messageEditScreen as messageScreen } from '../testing/message-edit-screen';
import { renderScreen } from '../testing/screen-harness';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

describe('edit screens: a saved record’s key in the address', () => {
  it(
    'a create puts the new key in the address (not read again); 신규 takes it out; the address opens the record (F5)',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const addresses: string[] = [];
      const stored: Record<string, ReturnType<typeof messageRow>> = {};
      const answers: FixtureEngineOptions['answers'] = {
        createMessage: (input) => (stored.hello = messageRow({ ...(input.body as object), version: 1 })),
        getMessage: (input) => stored[String(input.path?.msgKey)]!,
      };
      const first = renderScreen('test.message', {
        entries: [messageScreen],
        route: '/test/message?from=menu',
        answers,
        onLocation: (a) => addresses.push(a),
      });
      await user.type(await screen.findByRole('textbox', { name: /키/ }), 'hello');
      await user.type(screen.getByRole('textbox', { name: /한글/ }), '안녕');
      await user.click(screen.getByRole('button', { name: '저장' }));
      await confirm(user);
      await waitFor(() => expect(addresses.at(-1)).toBe('/test/message?from=menu&msgKey=hello'));
      expect(await screen.findByRole('heading', { level: 1, name: '메시지 수정' })).toBeInTheDocument();
      // The form that saved it stays (what it shows is the save's answer): no second read.
      expect(screen.getByDisplayValue('안녕')).toBeInTheDocument();
      expect(first.services.calls.filter((c) => c.operation === 'getMessage')).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: '신규' }));
      await waitFor(() => expect(addresses.at(-1)).toBe('/test/message?from=menu'));
      expect(await screen.findByRole('heading', { level: 1, name: '메시지 등록' })).toBeInTheDocument();
      first.unmount();

      // F5: the address with the key opens the saved record.
      const again = renderScreen('test.message', {
        entries: [messageScreen],
        route: '/test/message?msgKey=hello',
        answers,
      });
      expect(await screen.findByDisplayValue('안녕')).toBeInTheDocument();
      expect(again.services.calls.filter((c) => c.operation === 'getMessage')).toHaveLength(1);
    },
  );
});
