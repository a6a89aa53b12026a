import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageRow } from '../testing/contract-rows';
import type { FixtureEngineOptions } from '../testing/fixture-engine-services';
import { installGlideJsdom } from '../testing/grid';
import { renderScreen } from '../testing/screen-harness';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const messageScreen = {
  file: 'screens/test/message.screen.json',
  definition: {
    id: 'test.message',
    kind: 'edit',
    route: '/test/message',
    title: '메시지 등록',
    updateTitle: '메시지 수정',
    key: ['msgKey'],
    load: { operation: 'getMessage' },
    sections: [{ fields: [{ field: 'msgKey', label: '키', required: true, createOnly: true }, { field: 'textKo', label: '한글', required: true }] }],
    actions: [{ kind: 'new' }, { kind: 'save', operation: 'createMessage', updateOperation: 'updateMessage' }],
  },
};

async function confirm(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: '확인' }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

describe('edit screens: a saved record’s key in the address', () => {
  it('a create puts the new key in the address (not read again); 신규 takes it out; the address opens the record (F5)', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const addresses: string[] = [];
    const stored: Record<string, ReturnType<typeof messageRow>> = {};
    const answers: FixtureEngineOptions['answers'] = {
      createMessage: (input) => (stored.hello = messageRow({ ...(input.body as object), version: 1 })),
      getMessage: (input) => stored[String(input.path?.msgKey)]!,
    };
    const first = renderScreen('test.message', { entries: [messageScreen], route: '/test/message?from=menu', answers, onLocation: (a) => addresses.push(a) });
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
    const again = renderScreen('test.message', { entries: [messageScreen], route: '/test/message?msgKey=hello', answers });
    expect(await screen.findByDisplayValue('안녕')).toBeInTheDocument();
    expect(again.services.calls.filter((c) => c.operation === 'getMessage')).toHaveLength(1);
  });
});
