import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickGridRow, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import type { OperationInput } from '../../engine/services';
import { PR_LOGINS } from './pr-fixtures';
import { renderPrFlow } from './pr-flow';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);
const asAdmin = { login: PR_LOGINS.admin };

async function confirmYes() {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

async function choosePerson(name: string) {
  const popup = await screen.findByRole('dialog', { name: '사원 검색' });
  fireEvent.change(within(popup).getByLabelText('이름'), { target: { value: name } });
  fireEvent.click(within(popup).getByRole('button', { name: '조회' }));
  await waitFor(() => expect(within(popup).getByRole('button', { name: '선택' })).toBeEnabled());
  fireEvent.click(within(popup).getByRole('button', { name: '선택' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: '사원 검색' })).not.toBeInTheDocument());
}

describe('approvalRule: rules by document type and amount band', { timeout: 30_000 }, () => {
  it('lists the rules with document-type texts and KRW bands; filters by document type', async () => {
    const { services } = renderPrFlow('/portal/approval/approvalRule', asAdmin);
    await screen.findByText('총 3건');
    await waitFor(() => expect(gridRowTexts().length).toBe(3));
    // By document type; a band without an upper bound shows an empty 상한.
    expect(gridRowTexts()[0].slice(0, 6)).toEqual(['3', '발주', '0', '', '발주 결재', '박성호']);
    expect(gridRowTexts()[1].slice(0, 6)).toEqual([
      '1',
      '구매요청',
      '0',
      '10,000,000',
      '구매요청 결재 (1천만원 미만)',
      '강동현',
    ]);
    expect(gridRowTexts()[2].slice(0, 4)).toEqual(['2', '구매요청', '10,000,000', '']);
    // The filter's select (the grid's accessible table also names a column 문서유형).
    fireEvent.change(
      screen.getAllByLabelText('문서유형').find((el) => el.tagName === 'SELECT')!,
      { target: { value: 'PO' } },
    );
    fireEvent.click(screen.getByRole('button', { name: '조회' }));
    await screen.findByText('총 1건');
    expect(lastCall(services.calls, 'listApprovalRules')!.input.query).toMatchObject({
      docType: 'PO',
      sort: 'docType:asc',
    });
  });

  it(
    'adds a rule in a dialog: an overlapping band is refused with the server’s message, a free one is saved and listed',
    { timeout: 30_000 },
    async () => {
      const { services, fixtures } = renderPrFlow('/portal/approval/approvalRule', asAdmin);
      await screen.findByText('총 3건');
      fireEvent.click(screen.getByRole('button', { name: '결재규칙 등록' }));
      const dialog = await screen.findByRole('dialog', { name: '결재규칙' });
      const line = await within(dialog).findByLabelText(/결재선/);
      await waitFor(() => expect(within(line).getByRole('option', { name: '발주 결재' })).toBeInTheDocument());
      fireEvent.change(within(dialog).getByLabelText(/문서유형/), { target: { value: 'PO' } });
      fireEvent.change(within(dialog).getByLabelText(/하한 금액/), { target: { value: '50000000' } });
      fireEvent.change(line, { target: { value: '3' } });
      fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
      await confirmYes();
      const refusal = await screen.findByRole('alertdialog');
      expect(refusal).toHaveTextContent('결재 규칙의 금액 구간이 다른 규칙(3)과 겹칩니다');
      fireEvent.click(within(refusal).getByRole('button', { name: '확인' }));
      expect(lastCall(services.calls, 'createApprovalRule')!.input.body).toEqual({
        docType: 'PO',
        useYn: 'Y',
        minAmount: 50000000,
        lineId: 3,
        description: '',
      });
      expect(await within(dialog).findByText('구간이 겹칩니다')).toBeInTheDocument();

      fireEvent.change(within(dialog).getByLabelText(/문서유형/), { target: { value: 'LOI' } });
      fireEvent.change(within(dialog).getByLabelText(/상한 금액/), { target: { value: '300000000' } });
      fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
      await confirmYes();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '결재규칙' })).not.toBeInTheDocument());
      // The dialog's success line outlives the dialog: the list that opened it shows it.
      await waitFor(() =>
        expect(screen.getAllByRole('status').some((el) => /저장/.test(el.textContent ?? ''))).toBe(true),
      );
      expect(lastCall(services.calls, 'createApprovalRule')!.input.body).toEqual({
        docType: 'LOI',
        useYn: 'Y',
        minAmount: 50000000,
        maxAmount: 300000000,
        lineId: 3,
        description: '',
      });
      expect(fixtures.data.rules).toHaveLength(4);
      await screen.findByText('총 4건');
    },
  );

  it(
    'edits a rule opened by its number (the version read is sent); a rule in use cannot be deleted',
    { timeout: 30_000 },
    async () => {
      const { services } = renderPrFlow('/portal/approval/approvalRule', asAdmin);
      await screen.findByText('총 3건');
      await waitFor(() => expect(gridRowTexts().length).toBe(3));
      clickGridRow(1, { x: 30 });
      const dialog = await screen.findByRole('dialog', { name: '결재규칙' });
      expect(await within(dialog).findByDisplayValue('10,000,000')).toBeInTheDocument();
      expect(lastCall(services.calls, 'getApprovalRule')!.input.path).toEqual({ ruleId: '1' });
      fireEvent.change(within(dialog).getByLabelText(/설명/), { target: { value: '소액 구매요청' } });
      fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
      await confirmYes();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '결재규칙' })).not.toBeInTheDocument());
      expect(lastCall(services.calls, 'updateApprovalRule')!.input).toMatchObject({
        path: { ruleId: 1 },
        body: {
          docType: 'PR',
          minAmount: 0,
          maxAmount: 10000000,
          lineId: 1,
          description: '소액 구매요청',
          useYn: 'Y',
          version: 1,
        },
      });

      await waitFor(() => expect(gridRowTexts().length).toBe(3));
      clickGridRow(1, { x: 200 });
      await waitFor(() => expect(screen.getByRole('button', { name: '삭제' })).toBeEnabled());
      fireEvent.click(screen.getByRole('button', { name: '삭제' }));
      const ask = await screen.findByRole('alertdialog');
      expect(ask).toHaveTextContent('이 결재규칙을 삭제하시겠습니까?');
      fireEvent.click(within(ask).getByRole('button', { name: '확인' }));
      expect(await screen.findByRole('alertdialog')).toHaveTextContent(
        '결재에 사용된 규칙은 삭제할 수 없습니다. 사용여부를 N으로 바꾸세요',
      );
      expect(lastCall(services.calls, 'deleteApprovalRule')!.input).toMatchObject({
        path: { ruleId: 1 },
        query: { version: 2 },
      });
    },
  );

  it('read only without write authority', async () => {
    renderPrFlow('/portal/approval/approvalRule', { ...asAdmin, authority: { read: true, write: false } });
    await screen.findByText('총 3건');
    expect(screen.queryByRole('button', { name: '결재규칙 등록' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '삭제' })).not.toBeInTheDocument();
  });
});

describe('approvalLine: ordered approvers per line', { timeout: 30_000 }, () => {
  it(
    'adds an approver with the person popup, puts the steps in order and saves them as the body’s steps',
    { timeout: 30_000 },
    async () => {
      const { services, fixtures } = renderPrFlow('/portal/approval/approvalLine', asAdmin);
      const tree = await screen.findByRole('tree');
      expect(
        within(tree)
          .getAllByRole('treeitem')
          .map((n) => n.textContent),
      ).toEqual([
        '구매요청 결재 (1천만원 미만) 강동현',
        '구매요청 결재 (1천만원 이상) 강동현 → 박성호',
        '발주 결재 박성호',
      ]);
      fireEvent.click(within(tree).getByRole('treeitem', { name: /1천만원 이상/ }));
      expect(await screen.findByDisplayValue('구매요청 결재 (1천만원 이상)')).toBeInTheDocument();
      await waitFor(() => expect(gridRowTexts().map((r) => r[0])).toEqual(['강동현', '박성호']));
      // The rules using the line, below.
      await waitFor(() => expect(gridRowTexts(document, 1)[0].slice(0, 2)).toEqual(['2', '구매요청']));

      fireEvent.click(screen.getByRole('button', { name: '결재자 추가' }));
      await choosePerson('김민수');
      await waitFor(() => expect(gridRowTexts().map((r) => r[0])).toEqual(['강동현', '박성호', '김민수']));
      expect(screen.getByText('저장하지 않은 변경 내용이 있습니다.')).toBeInTheDocument();
      const up = screen.getByRole('button', { name: '위로' });
      expect(up).toBeDisabled();
      clickGridRow(2, { x: 10 });
      await waitFor(() => expect(up).toBeEnabled());
      fireEvent.click(up);
      await waitFor(() => expect(gridRowTexts().map((r) => r[0])).toEqual(['강동현', '김민수', '박성호']));
      fireEvent.click(screen.getByRole('button', { name: '저장' }));
      await confirmYes();
      await screen.findByText('저장되었습니다.');
      expect(lastCall(services.calls, 'updateApprovalLine')!.input).toEqual({
        path: { lineId: 2 },
        query: undefined,
        body: {
          lineName: '구매요청 결재 (1천만원 이상)',
          useYn: 'Y',
          description: '팀장 → 구매기획 결재',
          version: 3,
          steps: [{ approverId: 'E000006' }, { approverId: 'E000004' }, { approverId: 'E000002' }],
        },
      });
      expect(fixtures.data.lines[1].steps.map((s) => s.approverId)).toEqual(['E000006', 'E000004', 'E000002']);
      await waitFor(() =>
        expect(
          within(screen.getByRole('tree')).getByRole('treeitem', { name: /강동현 → 김민수 → 박성호/ }),
        ).toHaveAttribute('aria-selected', 'true'),
      );
    },
  );

  it(
    'a new line needs a name and at least one approver; a line in use cannot be deleted',
    { timeout: 30_000 },
    async () => {
      const { services } = renderPrFlow('/portal/approval/approvalLine', asAdmin);
      await screen.findByRole('tree');
      fireEvent.click(screen.getByRole('button', { name: '결재선 추가' }));
      const name = await screen.findByRole('textbox', { name: /^결재선/ });
      fireEvent.click(screen.getByRole('button', { name: '저장' }));
      const alert = await screen.findByRole('alertdialog');
      expect(alert).toHaveTextContent('입력 값을 확인하세요.');
      fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
      expect(await screen.findByText('최소 1행이 필요합니다.', { exact: false })).toBeInTheDocument();
      expect(services.calls.some((c) => c.operation === 'createApprovalLine')).toBe(false);
      fireEvent.change(name, { target: { value: 'LOI 결재 (대형)' } });
      fireEvent.click(screen.getByRole('button', { name: '결재자 추가' }));
      await choosePerson('박성호');
      fireEvent.click(screen.getByRole('button', { name: '저장' }));
      await confirmYes();
      await screen.findByText('저장되었습니다.');
      expect(lastCall(services.calls, 'createApprovalLine')!.input.body).toEqual({
        lineName: 'LOI 결재 (대형)',
        useYn: 'Y',
        description: '',
        steps: [{ approverId: 'E000002' }],
      });

      fireEvent.click(within(screen.getByRole('tree')).getByRole('treeitem', { name: /발주 결재/ }));
      await screen.findByDisplayValue('발주 결재');
      fireEvent.click(screen.getByRole('button', { name: '삭제' }));
      await confirmYes();
      expect(await screen.findByRole('alertdialog')).toHaveTextContent('결재 규칙(3)이 이 결재선을 씁니다');
    },
  );
});
