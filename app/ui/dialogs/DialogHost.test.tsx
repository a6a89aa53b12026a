import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../testing/render-page';
import { DialogHost } from './DialogHost';
import { dialogs, useDialogStore } from './dialogs';

describe('DialogHost', () => {
  afterEach(() => act(() => useDialogStore.getState().reset()));

  it('shows an alert above everything (z-index 3000) and resolves when closed', async () => {
    renderPage(<DialogHost />);
    let done = false;
    act(() => {
      void dialogs
        .alert({ title: '오류', message: '잘못된 요청입니다.', detail: '이름과 사번 중 하나 이상을 입력하세요' })
        .then(() => (done = true));
    });
    const dialog = await screen.findByRole('alertdialog', { name: '오류' });
    expect(dialog).toHaveAccessibleDescription('잘못된 요청입니다.');
    expect(screen.getByText('이름과 사번 중 하나 이상을 입력하세요')).toBeInTheDocument();
    expect(dialog.parentElement).toHaveStyle({ zIndex: '3000' });
    expect(screen.getByRole('button', { name: '확인' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: '확인' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(done).toBe(true);
  });

  it('answers a confirm with true or false; Escape cancels', async () => {
    renderPage(<DialogHost />);
    let answer: boolean | undefined;
    act(() => {
      void dialogs.confirm({ title: '확인', message: '다시 시도하시겠습니까?' }).then((a) => (answer = a));
    });
    await userEvent.click(await screen.findByRole('button', { name: '취소' }));
    expect(answer).toBe(false);
    act(() => {
      void dialogs.confirm({ title: '확인', message: '다시?' }).then((a) => (answer = a));
    });
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    expect(answer).toBe(false);
  });

  it('shows queued dialogs one after another, and the same alert twice in a row once', async () => {
    renderPage(<DialogHost />);
    act(() => {
      void dialogs.alert({ title: 'A', message: 'one' });
      void dialogs.alert({ title: 'A', message: 'one' });
      void dialogs.alert({ title: 'B', message: 'two' });
    });
    expect(useDialogStore.getState().queue).toHaveLength(2);
    await userEvent.click(await screen.findByRole('button', { name: '확인' }));
    expect(await screen.findByRole('alertdialog', { name: 'B' })).toBeInTheDocument();
  });

  it('keeps the focus inside (Tab and Shift+Tab cycle its buttons) and gives it back to the opener', async () => {
    renderPage(
      <>
        <button type="button">열기</button>
        <button type="button">뒤의 버튼</button>
        <DialogHost />
      </>,
    );
    const opener = screen.getByRole('button', { name: '열기' });
    opener.focus();
    let answer: boolean | undefined;
    act(() => {
      void dialogs.confirm({ title: '확인', message: '저장하시겠습니까?' }).then((a) => (answer = a));
    });
    const ok = await screen.findByRole('button', { name: '확인' });
    expect(ok).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: '취소' })).toHaveFocus();
    await userEvent.tab();
    expect(ok).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: '취소' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(answer).toBe(false);
    expect(opener).toHaveFocus();
  });
});
