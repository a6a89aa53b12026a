import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationError, type OperationInput } from '../services';
import { clickGridRow, gridRowTexts, installGlideJsdom } from '../testing/grid';
import { renderScreen } from '../testing/screen-harness';
import { promptMissing, promptStart } from './prompt';
import { messageRow, userRow } from '../testing/contract-rows';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const reasonPrompt = {
  title: '사유 입력',
  message: '{{count}}명을 왜 막습니까?',
  fields: [
    { field: 'reason', label: '사유', widget: 'textarea' as const, required: true },
    { field: 'until', label: '기한', widget: 'date' as const },
  ],
};

describe('prompt values', { timeout: 30_000 }, () => {
  it('start from each field’s default (or its widget’s empty value) and name the required ones left empty', () => {
    const def = {
      fields: [
        { field: 'reason', required: true },
        { field: 'kind', widget: 'select' as const, options: [], default: 'A' },
        { field: 'buyer', widget: 'person' as const, required: true },
      ],
    };
    const start = promptStart(def, null);
    expect(start).toEqual({ reason: '', kind: 'A', buyer: {} });
    expect(promptMissing(def, start).map((f) => f.field)).toEqual(['reason', 'buyer']);
    expect(promptMissing(def, { ...start, reason: '이유', buyer: { singleid: 'E000004', hname: '김민수' } })).toEqual(
      [],
    );
  });

  it('start a `{ record: field }` default from the record the action is on: the form, else the chosen row', () => {
    const def = { fields: [{ field: 'poNo', default: { record: 'sourceNo' }, readOnly: 'true' }, { field: 'note' }] };
    expect(promptStart(def, null, new Date(), { form: { sourceNo: 'P2026-000001' } })).toEqual({
      poNo: 'P2026-000001',
      note: '',
    });
    expect(promptStart(def, null, new Date(), { row: { sourceNo: 'P2026-000002' } }).poNo).toBe('P2026-000002');
    expect(promptStart(def, null).poNo).toBe('');
  });

  it('ask only for the fields shown: a field hidden by its `visible` over the answers is not required', () => {
    const def = {
      fields: [
        { field: 'kind', widget: 'select' as const, options: [], default: 'A', required: true },
        { field: 'a', required: true, visible: "input.kind == 'A'" },
        { field: 'b', required: true, visible: "input.kind == 'B'" },
      ],
    };
    const start = promptStart(def, null);
    expect(promptMissing(def, start, {}).map((f) => f.field)).toEqual(['a']);
    expect(promptMissing(def, { ...start, kind: 'B' }, {}).map((f) => f.field)).toEqual(['b']);
    // Without a scope (no expressions to read), every required field is asked for.
    expect(promptMissing(def, start).map((f) => f.field)).toEqual(['a', 'b']);
  });
});

const users = [
  userRow({ userId: 'u1', hname: '가', useFlag: 'Y', version: 1 }),
  userRow({ userId: 'u2', hname: '나', useFlag: 'Y', version: 4 }),
];

const list = {
  id: 'test.promptList',
  kind: 'list',
  route: '/test/promptList',
  title: '프롬프트 목록',
  source: { operation: 'listUsers', rowKey: 'userId' },
  columns: [{ field: 'userId' }, { field: 'hname' }],
  selection: 'multi',
  actions: [
    {
      kind: 'call',
      id: 'block',
      label: '차단',
      operation: 'blockUser',
      selection: 'multi',
      confirm: '선택한 {{count}}명을 차단합니다.',
      prompt: reasonPrompt,
      params: { path: { userId: 'row.userId' }, body: { version: 'row.version', reason: 'input.reason' } },
    },
  ],
};

const edit = {
  id: 'test.promptEdit',
  kind: 'edit',
  route: '/test/promptEdit',
  title: '프롬프트 편집',
  key: ['msgKey'],
  load: { operation: 'getMessage' },
  sections: [{ fields: [{ field: 'msgKey', label: '키', readOnly: true }] }],
  actions: [
    {
      kind: 'workflow',
      id: 'reject',
      label: '반려',
      operation: 'updateMessage',
      prompt: { fields: [{ field: 'comment', label: '의견', required: true }] },
      params: { body: { version: 'form.version', textKo: 'input.comment' } },
      then: ['reloadRecord'],
    },
  ],
};

describe('an action with a prompt', { timeout: 30_000 }, () => {
  it('in a list asks once, then calls once per selected row with the answers; cancel calls nothing', async () => {
    const blocked: OperationInput[] = [];
    const { services } = renderScreen('test.promptList', {
      entries: [{ file: 'screens/test/promptList.screen.json', definition: list }],
      answers: {
        listUsers: () => ({ rows: users, total: 2 }),
        blockUser: (input) => (
          blocked.push(input),
          { ...users.find((u) => u.userId === input.path?.userId)!, useFlag: 'N' }
        ),
      },
    });
    await screen.findByText('총 2건');
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
    clickGridRow(0, { x: 10 });
    clickGridRow(1, { x: 10 });
    const button = screen.getByRole('button', { name: '차단' });
    await waitFor(() => expect(button).toBeEnabled());

    fireEvent.click(button);
    let dialog = await screen.findByRole('dialog', { name: '사유 입력' });
    // The prompt's own message (the confirmation's text is its fallback).
    expect(dialog).toHaveTextContent('2명을 왜 막습니까?');
    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(blocked).toHaveLength(0);

    fireEvent.click(button);
    dialog = await screen.findByRole('dialog', { name: '사유 입력' });
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await within(dialog).findByText('필수 입력 항목입니다.')).toBeInTheDocument();
    expect(blocked).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/사유/), { target: { value: ' 장기 미사용 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    await screen.findByText('2건 처리되었습니다.');
    expect(blocked.map((b) => [b.path, b.body])).toEqual([
      [{ userId: 'u1' }, { version: 1, reason: '장기 미사용' }],
      [{ userId: 'u2' }, { version: 4, reason: '장기 미사용' }],
    ]);
    expect(services.calls.filter((c) => c.operation === 'listUsers').length).toBeGreaterThan(1);
  });

  it('in an edit screen the prompt stands in for the confirmation; the action’s label titles it', async () => {
    const { services } = renderScreen('test.promptEdit', {
      entries: [{ file: 'screens/test/promptEdit.screen.json', definition: edit }],
      route: '/?msgKey=k1',
      answers: {
        getMessage: () => messageRow({ msgKey: 'k1', version: 2 }),
        updateMessage: () => messageRow({ msgKey: 'k1', version: 3 }),
      },
    });
    await screen.findByDisplayValue('k1');
    fireEvent.click(screen.getByRole('button', { name: '반려' }));
    const dialog = await screen.findByRole('dialog', { name: '반려' });
    fireEvent.change(within(dialog).getByLabelText(/의견/), { target: { value: '다시' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    await screen.findByText('처리되었습니다.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(services.calls.find((c) => c.operation === 'updateMessage')!.input).toEqual({
      path: { msgKey: 'k1' },
      query: undefined,
      body: { version: 2, textKo: '다시' },
    });
    await waitFor(() => expect(services.calls.filter((c) => c.operation === 'getMessage')).toHaveLength(2));
  });

  it('keeps the prompt and what was typed when the server refuses; a popup field sends its code, typed or chosen', async () => {
    const sent: OperationInput[] = [];
    let refuse = true;
    const transferList = {
      ...list,
      id: 'test.promptTransfer',
      route: '/test/promptTransfer',
      selection: 'none',
      actions: [
        {
          kind: 'call',
          id: 'ask',
          label: '전용 요청',
          operation: 'blockUser',
          prompt: {
            fields: [
              { field: 'fiscalYear', label: '회계연도', required: true, default: { year: 0 } },
              { field: 'dept', label: '부서', widget: 'department', required: true },
              { field: 'why', label: '사유', required: true },
            ],
          },
          params: {
            path: { userId: "'u1'" },
            body: { version: 'input.fiscalYear', reason: 'input.dept', comment: 'input.dept.deptnm' },
          },
        },
      ],
    };
    renderScreen('test.promptTransfer', {
      entries: [{ file: 'screens/test/promptTransfer.screen.json', definition: transferList }],
      answers: {
        listUsers: () => ({ rows: users, total: 2 }),
        blockUser: (input) => {
          sent.push(input);
          if (refuse) throw new OperationError(409, 'BUDGET_TRANSFER_EXCEEDED', '전용 금액이 가용 예산을 초과합니다');
          return { ...users[0]!, useFlag: 'N' };
        },
      },
    });
    await screen.findByText('총 2건');
    fireEvent.click(screen.getByRole('button', { name: '전용 요청' }));
    const dialog = await screen.findByRole('dialog', { name: '전용 요청' });
    // The fiscal year starts at this year; nothing is called missing before a save is tried.
    expect(within(dialog).getByLabelText(/회계연도/)).toHaveValue(String(new Date().getFullYear()));
    const dept = within(dialog).getByRole('textbox', { name: /^부서/ });
    dept.focus();
    fireEvent.change(dept, { target: { value: 'd1210' } });
    fireEvent.blur(dept);
    await waitFor(() => expect(dept).toHaveValue('구매기획팀'));
    fireEvent.change(within(dialog).getByLabelText(/사유/), { target: { value: '월말 부족분' } });
    expect(within(dialog).queryByText('필수 입력 항목입니다.')).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await screen.findByText('전용 금액이 가용 예산을 초과합니다')).toBeInTheDocument();
    expect(sent[0]!.body).toEqual({
      version: String(new Date().getFullYear()),
      reason: 'D1210',
      comment: '구매기획팀',
    });
    // Still open, with everything typed.
    expect(screen.getByRole('dialog', { name: '전용 요청' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/사유/)).toHaveValue('월말 부족분');
    expect(within(dialog).getByRole('textbox', { name: /^부서/ })).toHaveValue('구매기획팀');

    refuse = false;
    const alert = screen.getByRole('alertdialog');
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    await screen.findByText('처리되었습니다.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '전용 요청' })).not.toBeInTheDocument());
    expect(sent).toHaveLength(2);
  });
});
