import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGlideJsdom } from '../../../engine/testing/grid';
import { screenDefinitions, screenTexts } from '../../index';
import { createAdminFixtures } from '../../testing/fixture-answers';
import { OperationError } from '../../../engine/services';
import { renderScreen } from '../../../engine/testing/screen-harness';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const open = (route: string, extra: Partial<Parameters<typeof renderScreen>[1]> = {}) => {
  const fixtures = createAdminFixtures();
  const r = renderScreen('portal.messageEdit', {
    entries: screenDefinitions,
    texts: screenTexts,
    answers: fixtures.answers,
    route,
    ...extra,
  });
  return { ...r, fixtures };
};

async function confirmYes() {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

describe('edit screen: messageEdit', () => {
  it('creates: client rules first, then the server’s field errors at their fields', async () => {
    const { services } = open('/');
    await screen.findByRole('heading', { name: '메시지' });
    expect(screen.getByLabelText(/메시지 키/)).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: '삭제' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('입력 값을 확인하세요.');
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
    expect(await screen.findAllByText('필수 입력 항목입니다.')).toHaveLength(3);
    expect(services.calls.some((c) => c.operation === 'createMessage')).toBe(false);

    fireEvent.change(screen.getByLabelText(/메시지 키/), { target: { value: 'AUTH011' } });
    fireEvent.change(screen.getByLabelText(/한국어/), { target: { value: '중복' } });
    fireEvent.change(screen.getByLabelText(/영어/), { target: { value: 'Duplicate' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await confirmYes();
    const error = await screen.findByRole('alertdialog');
    expect(error).toHaveTextContent('이미 등록된 메시지 키입니다');
    fireEvent.click(within(error).getByRole('button', { name: '확인' }));
    const keyField = screen.getByLabelText(/메시지 키/);
    await waitFor(() => expect(keyField).toHaveAttribute('aria-invalid', 'true'));
    expect(keyField.closest('[data-field="msgKey"]')).toHaveTextContent('이미 등록된 메시지 키입니다');
    expect(services.calls.find((c) => c.operation === 'createMessage')!.input.body).toEqual({
      msgKey: 'AUTH011',
      category: 'ui',
      textKo: '중복',
      textEn: 'Duplicate',
    });
  });

  it('a successful create turns the screen into an update of the new record', async () => {
    const { services, fixtures } = open('/');
    await screen.findByRole('heading', { name: '메시지' });
    fireEvent.change(screen.getByLabelText(/메시지 키/), { target: { value: 'test.new' } });
    fireEvent.change(screen.getByLabelText(/한국어/), { target: { value: '새 메시지' } });
    fireEvent.change(screen.getByLabelText(/영어/), { target: { value: 'New message' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await confirmYes();
    await screen.findByText('저장되었습니다.');
    expect(fixtures.data.messages.some((m) => m.msgKey === 'test.new')).toBe(true);
    await waitFor(() => expect(screen.getByLabelText(/메시지 키/)).toHaveAttribute('readonly'));
    fireEvent.change(screen.getByLabelText(/영어/), { target: { value: 'A new message' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await confirmYes();
    await waitFor(() => expect(services.calls.some((c) => c.operation === 'updateMessage')).toBe(true));
    expect(services.calls.find((c) => c.operation === 'updateMessage')!.input).toMatchObject({
      path: { msgKey: 'test.new' },
      body: { version: 1, textEn: 'A new message' },
    });
  });

  it('a stale version is answered with the server’s message and nothing changes', async () => {
    const fixtures = createAdminFixtures();
    const answers = {
      ...fixtures.answers,
      updateMessage: () => {
        throw new OperationError(409, 'VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요');
      },
    };
    renderScreen('portal.messageEdit', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers,
      route: '/?msgKey=ui.search',
    });
    await screen.findByDisplayValue('조회');
    fireEvent.change(screen.getByLabelText(/한국어/), { target: { value: '검색' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await confirmYes();
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('다른 사용자가 먼저 변경했습니다');
  });

  it('is read only without write authority: no save, no delete, read-only fields', async () => {
    open('/?msgKey=ui.search', { authority: { read: true, write: false } });
    await screen.findByDisplayValue('조회');
    expect(screen.getByLabelText(/한국어/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: '저장' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '삭제' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '닫기' })).toBeEnabled();
  });

  it('warns before leaving with unsaved changes', async () => {
    open('/edit?msgKey=ui.search', { history: ['/left'] });
    await screen.findByDisplayValue('조회');
    fireEvent.change(screen.getByLabelText(/한국어/), { target: { value: '검색' } });
    fireEvent.click(screen.getByRole('button', { name: '닫기' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('저장하지 않은 변경 내용이 있습니다. 이 화면을 떠나시겠습니까?');
    fireEvent.click(within(ask).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByDisplayValue('검색')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '닫기' }));
    await confirmYes();
    await screen.findByText('left the screen');
  });
});
