import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationError } from '../services';
import { installGlideJsdom } from '../testing/grid';
import { renderScreen } from '../testing/screen-harness';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const messageScreen = (fields: Array<Record<string, unknown>>) => ({
  file: 'screens/test/message.screen.json',
  definition: {
    id: 'test.message',
    kind: 'edit',
    route: '/test/message',
    title: '메시지',
    sections: [
      { title: '기본', fields: fields.slice(0, 2) },
      { title: '번역', fields: fields.slice(2) },
    ],
    actions: [{ kind: 'save', operation: 'createMessage' }],
  },
});

const FIELDS = [
  { field: 'msgKey', label: '키' },
  { field: 'textKo', label: '한글', required: true },
  { field: 'textEn', label: '영문', required: true },
];

/** Closes an alert or a confirmation by its one button. */
async function answer(user: ReturnType<typeof userEvent.setup>, button: string) {
  const dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

/** KWCAG 7.3.1 and 5.3.3: a refused save leads to the field to correct; the * is explained. */
describe('edit screens: errors and the required mark', () => {
  it(
    'a save stopped by an empty required field moves the focus to the first field in error (KWCAG 7.3.1)',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const { services } = renderScreen('test.message', {
        entries: [messageScreen(FIELDS)],
        route: '/test/message',
        answers: {},
      });
      await screen.findByRole('textbox', { name: /한글/ });
      await user.type(screen.getByRole('textbox', { name: '키' }), 'greeting');
      await user.click(screen.getByRole('button', { name: '저장' }));
      await answer(user, '확인');
      // Both required fields are in error; the focus is on the first, whose message it is tied to.
      const first = screen.getByRole('textbox', { name: /한글/ });
      await waitFor(() => expect(first).toHaveFocus());
      expect(first).toHaveAttribute('aria-invalid', 'true');
      expect(first).toHaveAccessibleDescription('필수 입력 항목입니다.');
      expect(screen.getByRole('textbox', { name: /영문/ })).toHaveAttribute('aria-invalid', 'true');
      expect(services.calls.some((c) => c.operation === 'createMessage')).toBe(false);
    },
  );

  it(
    'a save the server refuses with a field error moves the focus to that field (KWCAG 7.3.1)',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      renderScreen('test.message', {
        entries: [messageScreen(FIELDS)],
        route: '/test/message',
        answers: {
          createMessage: () => {
            throw new OperationError(400, 'GPMS001', '입력 값을 확인하세요.', [
              { path: 'body/textEn', message: '영문은 영문자로 입력하세요.' },
            ]);
          },
        },
      });
      await user.type(await screen.findByRole('textbox', { name: '키' }), 'greeting');
      await user.type(screen.getByRole('textbox', { name: /한글/ }), '안녕하세요');
      await user.type(screen.getByRole('textbox', { name: /영문/ }), '안녕');
      await user.click(screen.getByRole('button', { name: '저장' }));
      await answer(user, '확인'); // the confirmation
      await screen.findByText('입력 값을 확인하세요.');
      await answer(user, '확인'); // the server's message
      const field = screen.getByRole('textbox', { name: /영문/ });
      await waitFor(() => expect(field).toHaveFocus());
      expect(field).toHaveAccessibleDescription('영문은 영문자로 입력하세요.');
    },
  );

  it(
    'says once what the * means on a form with required fields, hidden from screen readers like the * (KWCAG 5.3.3)',
    { timeout: 30_000 },
    async () => {
      const { unmount } = renderScreen('test.message', {
        entries: [messageScreen(FIELDS)],
        route: '/test/message',
        answers: {},
      });
      await screen.findByRole('textbox', { name: /한글/ });
      const legends = screen.getAllByText('* 표시는 필수 입력 항목입니다.');
      expect(legends).toHaveLength(1);
      expect(legends[0]).toHaveAttribute('aria-hidden', 'true');
      // Screen readers hear "required" from the control instead.
      expect(screen.getByRole('textbox', { name: /한글/ })).toBeRequired();
      unmount();
      renderScreen('test.message', {
        entries: [messageScreen(FIELDS.map((f) => ({ ...f, required: false })))],
        route: '/test/message',
        answers: {},
      });
      await screen.findByRole('textbox', { name: '한글' });
      expect(screen.queryByText('* 표시는 필수 입력 항목입니다.')).not.toBeInTheDocument();
    },
  );
});
