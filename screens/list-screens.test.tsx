import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clickGridRow,
  doubleClickGridRow,
  gridHeaderTexts,
  gridRowTexts,
  installGlideJsdom,
} from '../engine/testing/grid';
import { screenDefinitions, screenTexts } from './index';
import { createAdminFixtures } from './testing/fixture-answers';
import type { OperationInput } from '../engine/services';
import { renderScreen } from '../engine/testing/screen-harness';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const open = (id: string, extra: Partial<Parameters<typeof renderScreen>[1]> = {}) => {
  const fixtures = createAdminFixtures();
  const r = renderScreen(id, { entries: screenDefinitions, texts: screenTexts, answers: fixtures.answers, ...extra });
  return { ...r, fixtures };
};

const lastCall = (calls: Array<{ operation: string; input: OperationInput }>, op: string) =>
  [...calls].reverse().find((c) => c.operation === op);

describe('list screen: messageManage on fixtures', () => {
  it('searches on open with the default sort, shows the total, headers and rows with code texts', async () => {
    const { services } = open('portal.messageManage');
    await screen.findByText('총 13건');
    expect(lastCall(services.calls, 'listMessages')!.input.query).toMatchObject({
      page: 1,
      size: 100,
      sort: 'msgKey:asc',
    });
    expect(screen.getByRole('heading', { name: '메시지관리' })).toBeInTheDocument();
    await waitFor(() => expect(gridRowTexts().length).toBeGreaterThan(0));
    expect(gridHeaderTexts()).toEqual(expect.arrayContaining(['메시지 키 ▲', '구분', '한국어', '영어']));
    expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['AUTH011', '인증']));
  });

  it('shows code texts again when the codes arrive in another language (filter options and grid cells)', async () => {
    const { services } = open('examples.codeList', { route: '/examples/codeList?groupId=USE_YN' });
    await waitFor(() => expect(gridRowTexts().length).toBeGreaterThan(0));
    expect(gridRowTexts()[0]).toContain('사용');
    act(() =>
      services.setCodes({
        USE_YN: [
          { value: 'Y', text: 'In use' },
          { value: 'N', text: 'Not used' },
        ],
      }),
    );
    await waitFor(() => expect(gridRowTexts()[0]).toContain('In use'));
    expect(within(screen.getByLabelText('사용여부')).getByRole('option', { name: 'Not used' })).toBeInTheDocument();
  });

  it('Enter in a filter searches with the filter; reset restores the defaults', async () => {
    const { services } = open('portal.messageManage');
    await screen.findByText('총 13건');
    const key = screen.getByRole('textbox', { name: '메시지 키' });
    fireEvent.change(key, { target: { value: 'ui.' } });
    fireEvent.keyDown(key, { key: 'Enter', code: 'Enter' });
    await screen.findByText('총 5건');
    expect(lastCall(services.calls, 'listMessages')!.input.query).toMatchObject({ msgKey: 'ui.' });
    fireEvent.click(screen.getByRole('button', { name: '초기화' }));
    expect(screen.getByRole('textbox', { name: '메시지 키' })).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: '조회' }));
    await screen.findByText('총 13건');
  });

  it('a header click sorts on the server', async () => {
    const { services } = open('portal.messageManage');
    await screen.findByText('총 13건');
    await waitFor(() => expect(gridRowTexts().length).toBeGreaterThan(0));
    clickGridRow(-1, { x: 40 });
    await waitFor(() => expect(lastCall(services.calls, 'listMessages')!.input.query!.sort).toBe('msgKey:desc'));
    await waitFor(() => expect(gridRowTexts()[0][0]).toBe('validation.required'));
  });

  it('double-click opens the record in a dialog; saving reloads the list and the texts', async () => {
    let reloaded = 0;
    const { services, fixtures } = open('portal.messageManage', {
      reloadTexts: async () => {
        reloaded++;
      },
    });
    await screen.findByText('총 13건');
    await waitFor(() => expect(gridRowTexts().length).toBeGreaterThan(0));
    doubleClickGridRow(0, { x: 60 });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('비밀번호가 올바르지 않습니다.');
    expect(within(dialog).getByLabelText(/메시지 키/)).toHaveAttribute('readonly');
    fireEvent.change(within(dialog).getByLabelText(/한국어/), { target: { value: '비밀번호가 틀렸습니다.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fixtures.data.messages.find((m) => m.msgKey === 'AUTH011')).toMatchObject({
      textKo: '비밀번호가 틀렸습니다.',
      version: 2,
    });
    const update = lastCall(services.calls, 'updateMessage')!;
    expect(update.input).toMatchObject({
      path: { msgKey: 'AUTH011' },
      body: { category: 'auth', textKo: '비밀번호가 틀렸습니다.', textEn: 'The password is incorrect.', version: 1 },
    });
    expect(Object.keys(update.input.body as object).sort()).toEqual(['category', 'textEn', 'textKo', 'version']);
    expect(reloaded).toBe(1);
    await waitFor(() => expect(services.calls.filter((c) => c.operation === 'listMessages').length).toBeGreaterThan(1));
  });

  it('hides write actions without write authority and marks the screen read only', async () => {
    open('portal.messageManage', { authority: { read: true, write: false } });
    await screen.findByText('총 13건');
    expect(screen.getByText('조회 전용')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '메시지 등록' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '삭제' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '엑셀 다운로드' })).toBeEnabled();
  });
});

describe('list screen: userSessionManage force logout', () => {
  it('ends every selected session after confirmation and reloads', async () => {
    const { services, fixtures } = open('portal.userSessionManage');
    await screen.findByText('총 5건');
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    const button = screen.getByRole('button', { name: '강제 로그아웃' });
    expect(button).toBeDisabled();
    clickGridRow(0, { x: 10 });
    clickGridRow(1, { x: 10 });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('선택한 2개 세션을 강제로 로그아웃하시겠습니까?');
    fireEvent.click(within(confirm).getByRole('button', { name: '확인' }));
    await screen.findByText('2건 처리되었습니다.');
    expect(services.calls.filter((c) => c.operation === 'endSession').map((c) => c.input.path?.sessionId)).toHaveLength(
      2,
    );
    expect(fixtures.data.sessions.filter((s) => s.endReason === 'FORCED')).toHaveLength(2);
    await screen.findByText('총 3건');
  });
});

describe('list screen: required filters and remembered filters (the walkthrough example)', () => {
  it('does not search while a required filter is empty; names it when the user tries', async () => {
    const { services } = open('examples.codeList');
    await screen.findByText('조회 조건을 입력하고 조회를 누르세요.');
    expect(services.calls.some((c) => c.operation === 'listCodes')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '조회' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('필수 조회 조건을 입력하세요: 그룹 ID');
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
    const select = await screen.findByLabelText(/그룹 ID/);
    await waitFor(() => expect(within(select).getByRole('option', { name: '발주 상태' })).toBeInTheDocument());
    fireEvent.change(select, { target: { value: 'PO_STATUS' } });
    fireEvent.click(screen.getByRole('button', { name: '조회' }));
    await screen.findByText('총 5건');
    expect(lastCall(services.calls, 'listCodes')!.input).toMatchObject({
      path: { groupId: 'PO_STATUS' },
      query: { sort: 'sortOrder:asc' },
    });
    expect(lastCall(services.calls, 'listCodes')!.input.query).not.toHaveProperty('groupId');
  });

  it('remembers the filter and whether it searched, per tab (spec §3 isSearched)', async () => {
    const storage = new Map<string, string>();
    const store = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    } as Storage;
    const first = open('examples.codeList');
    first.services.storage = () => store;
    first.unmount();
    const fixtures = createAdminFixtures();
    const { createFixtureEngineServices } = await import('../engine/testing/fixture-engine-services');
    const services = createFixtureEngineServices({ answers: fixtures.answers });
    services.storage = () => store;
    const second = renderScreen('examples.codeList', { entries: screenDefinitions, texts: screenTexts, services });
    const select = await screen.findByLabelText(/그룹 ID/);
    await waitFor(() => expect(within(select).getByRole('option', { name: '결재 상태' })).toBeInTheDocument());
    fireEvent.change(select, { target: { value: 'APPROVAL_STATUS' } });
    fireEvent.click(screen.getByRole('button', { name: '조회' }));
    await screen.findByText('총 3건');
    expect(JSON.parse(storage.get('gpms.filter.examples.codeList')!)).toEqual({
      values: { groupId: 'APPROVAL_STATUS', useYn: '' },
      isSearched: true,
    });
    second.unmount();
    const again = createFixtureEngineServices({ answers: fixtures.answers });
    again.storage = () => store;
    renderScreen('examples.codeList', { entries: screenDefinitions, texts: screenTexts, services: again });
    await screen.findByText('총 3건');
    expect(again.calls.find((c) => c.operation === 'listCodes')!.input.path).toEqual({ groupId: 'APPROVAL_STATUS' });
    await act(async () => undefined);
  });
});
