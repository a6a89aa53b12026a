import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationError } from '../services';
import { clickGridRow, gridRowTexts, installGlideJsdom } from '../testing/grid';
import { renderScreen } from '../testing/screen-harness';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

/**
 * A document saved whole (header and lines in one body), as createPr / updatePr take it: popup
 * widgets over flat fields (`params`), the lines' own fields sent (`send`), rows added from the
 * person popup and put in order (`addFrom`, `reorder`), a step only on what was saved (`screen.dirty`).
 */
const definition = {
  id: 'test.document',
  kind: 'edit',
  route: '/test/document',
  title: '문서',
  key: ['prNo'],
  load: { operation: 'getPr' },
  sections: [
    {
      fields: [
        { field: 'title', label: '제목', required: true },
        {
          field: 'section',
          label: '사업부문',
          widget: 'businessSection',
          params: { topDept: 'section', sectionName: 'sectionName' },
        },
        { field: 'deptcd', label: '부서', widget: 'department', params: { deptcd: 'deptcd', deptnm: 'deptnm' } },
        { field: 'desiredDate', label: '희망일' },
        { field: 'currency', label: '통화' },
      ],
    },
  ],
  details: [
    {
      id: 'lines',
      title: '품목',
      rowKey: 'lineNo',
      reorder: true,
      send: ['itemName', 'unitCode', 'quantity', 'estUnitPrice'],
      addFrom: { widget: 'person', label: '사람으로 추가', fill: { itemName: 'hname', unitCode: 'singleid' } },
      columns: [
        { field: 'lineNo' },
        { field: 'itemName', editable: true },
        { field: 'unitCode' },
        { field: 'quantity', type: 'number', editable: true },
        { field: 'estUnitPrice', type: 'number' },
        { field: 'estAmount', type: 'number' },
      ],
    },
  ],
  actions: [
    { kind: 'save', operation: 'createPr', updateOperation: 'updatePr' },
    {
      kind: 'workflow',
      id: 'submit',
      label: '상신',
      operation: 'submitPr',
      enabled: '!screen.dirty',
      params: { body: { version: 'form.version' } },
    },
  ],
};

const record = {
  prNo: 'PR1',
  title: '문서 1',
  section: 'D1000',
  sectionName: '본사',
  deptcd: 'D1220',
  deptnm: '구매1팀',
  desiredDate: '2026-12-01',
  currency: 'KRW',
  version: 3,
  lines: [
    { lineNo: 1, itemName: '볼트', unitCode: 'EA', quantity: '10.000', estUnitPrice: '100.00', estAmount: '1000.00' },
    { lineNo: 2, itemName: '너트', unitCode: 'EA', quantity: '5.000', estUnitPrice: '50.00', estAmount: '250.00' },
  ],
};

function open(updatePr: (input: { body?: unknown }) => unknown = () => record) {
  return renderScreen('test.document', {
    entries: [{ file: 'screens/test/document.screen.json', definition }],
    route: '/?prNo=PR1',
    answers: { getPr: () => record, updatePr, submitPr: () => record },
    // TODO: a PR cut down to the fields this made-up screen shows; answer whole PRs (screens/purchase-request/pr-fixtures.ts).
    uncheckedAnswers: {
      getPr: 'engine test: a partial PR',
      updatePr: 'engine test: a partial PR',
      submitPr: 'engine test: a partial PR',
    },
  });
}

async function confirmYes() {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

describe('a document saved whole', { timeout: 30_000 }, () => {
  it('shows popup fields from flat fields and sends each part back to its field; the lines with their own fields only', async () => {
    const { services } = open();
    expect(await screen.findByDisplayValue('본사')).toBeInTheDocument();
    expect(screen.getByDisplayValue('구매1팀')).toBeInTheDocument();
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
    fireEvent.change(screen.getByLabelText(/제목/), { target: { value: '문서 1 (수정)' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await confirmYes();
    await screen.findByText('저장되었습니다.');
    expect(services.calls.find((c) => c.operation === 'updatePr')!.input.body).toEqual({
      title: '문서 1 (수정)',
      section: 'D1000',
      deptcd: 'D1220',
      desiredDate: '2026-12-01',
      currency: 'KRW',
      version: 3,
      lines: [
        { itemName: '볼트', unitCode: 'EA', quantity: 10, estUnitPrice: 100 },
        { itemName: '너트', unitCode: 'EA', quantity: 5, estUnitPrice: 50 },
      ],
    });
  });

  it(
    'adds a row from the person popup, moves it up, and a step waits until the change is saved; row errors land on the sent rows',
    { timeout: 20_000 },
    async () => {
      const { services } = open(() => {
        throw new OperationError(400, 'VALIDATION', '입력 값을 확인하세요', [
          { path: 'body/lines/1/quantity', message: '수량은 0보다 커야 합니다' },
        ]);
      });
      await screen.findByDisplayValue('본사');
      await waitFor(() => expect(gridRowTexts().length).toBe(2));
      const submit = screen.getByRole('button', { name: '상신' });
      expect(submit).toBeEnabled();

      fireEvent.click(screen.getByRole('button', { name: '사람으로 추가' }));
      const popup = await screen.findByRole('dialog', { name: '사원 검색' });
      fireEvent.change(within(popup).getByLabelText('이름'), { target: { value: '김민수' } });
      fireEvent.click(within(popup).getByRole('button', { name: '조회' }));
      await waitFor(() => expect(within(popup).getByRole('button', { name: '선택' })).toBeEnabled());
      fireEvent.click(within(popup).getByRole('button', { name: '선택' }));
      await waitFor(() => expect(gridRowTexts().map((r) => r[1])).toEqual(['볼트', '너트', '김민수']));
      expect(gridRowTexts()[2][2]).toBe('E000004');
      await waitFor(() => expect(submit).toBeDisabled());

      const up = screen.getByRole('button', { name: '위로' });
      const down = screen.getByRole('button', { name: '아래로' });
      expect(up).toBeDisabled();
      clickGridRow(2, { x: 10 });
      await waitFor(() => expect(up).toBeEnabled());
      expect(down).toBeDisabled();
      fireEvent.click(up);
      await waitFor(() => expect(gridRowTexts().map((r) => r[1])).toEqual(['볼트', '김민수', '너트']));

      fireEvent.click(screen.getByRole('button', { name: '저장' }));
      await confirmYes();
      const alert = await screen.findByRole('alertdialog');
      fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
      // body/lines/1 is the second row sent: the moved one.
      expect(await screen.findByText('2행: quantity — 수량은 0보다 커야 합니다')).toBeInTheDocument();
      expect(
        (
          services.calls.find((c) => c.operation === 'updatePr')!.input.body as { lines: Array<{ itemName: string }> }
        ).lines.map((l) => l.itemName),
      ).toEqual(['볼트', '김민수', '너트']);
    },
  );

  it('an emptied popup field sends empty parts (the server takes its default)', async () => {
    const { services } = open();
    await screen.findByDisplayValue('본사');
    const section = screen.getByDisplayValue('본사').closest('[data-field="section"]')!;
    fireEvent.click(within(section as HTMLElement).getByRole('button', { name: '사업부문 지우기' }));
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await confirmYes();
    await screen.findByText('저장되었습니다.');
    expect(services.calls.find((c) => c.operation === 'updatePr')!.input.body).toMatchObject({
      section: '',
      deptcd: 'D1220',
    });
  });
});
