import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGlideJsdom } from '../testing/grid';
import { renderScreen } from '../testing/screen-harness';
import { messageRow } from '../testing/contract-rows';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

/** `singleton: true` — the caller's own record (my company, my account): loaded and updated without a key in the address. */
describe('edit screens: a singleton record', () => {
  it('loads without a key and saves with the update operation', { timeout: 30_000 }, async () => {
    let record = messageRow({ msgKey: 'me', textKo: '내 정보', version: 2 });
    const { services } = renderScreen('test.mine', {
      entries: [
        {
          file: 'screens/test/mine.screen.json',
          definition: {
            id: 'test.mine',
            kind: 'edit',
            route: '/test/mine',
            title: '내 정보',
            singleton: true,
            load: { operation: 'getMessage', params: { path: { msgKey: "'me'" } } },
            sections: [{ fields: [{ field: 'textKo', label: '이름' }] }],
            actions: [{ kind: 'save', operation: 'createMessage', updateOperation: 'updateMessage' }],
          },
        },
      ],
      answers: {
        getMessage: () => record,
        updateMessage: (input) => {
          record = { ...record, textKo: String((input.body as { textKo: string }).textKo), version: 3 };
          return record;
        },
      },
      route: '/',
    });
    const input = await screen.findByDisplayValue('내 정보');
    fireEvent.change(input, { target: { value: '새 이름' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(services.calls.some((c) => c.operation === 'updateMessage')).toBe(true));
    expect(services.calls.some((c) => c.operation === 'createMessage')).toBe(false);
    expect(services.calls.find((c) => c.operation === 'updateMessage')!.input).toMatchObject({
      body: { textKo: '새 이름', version: 2 },
    });
  });
});
