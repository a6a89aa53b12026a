import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** A made-up edit screen over the message operations: a key, a create-only field, 신규 and 저장. */
export const messageEditScreen = {
  file: 'screens/test/message.screen.json',
  definition: {
    id: 'test.message',
    kind: 'edit',
    route: '/test/message',
    title: '메시지 등록',
    updateTitle: '메시지 수정',
    key: ['msgKey'],
    load: { operation: 'getMessage' },
    sections: [
      {
        fields: [
          { field: 'msgKey', label: '키', required: true, createOnly: true },
          { field: 'textKo', label: '한글', required: true },
        ],
      },
    ],
    actions: [{ kind: 'new' }, { kind: 'save', operation: 'createMessage', updateOperation: 'updateMessage' }],
  },
};

/** Presses 확인 on the open confirmation and waits until it has closed. */
export async function confirmDialog(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  const dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: '확인' }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}
