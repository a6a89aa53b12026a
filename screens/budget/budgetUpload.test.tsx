import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../index';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const STAFF = {
  auth: 'I',
  authGroupId: '20',
  section: '',
  deptcd: 'D1100',
  deptnm: '구매팀',
  hname: '김민수',
  singleid: 'operator',
};
const file = (name: string) => ({
  files: [
    {
      fileId: '11111111-1111-1111-1111-111111111111',
      seq: 1,
      originalName: name,
      sizeBytes: 2048,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
  ],
});

describe('budget.budgetUpload', { timeout: 30_000 }, () => {
  it('asks for the year’s workbook (the template) when a year is typed, and offers the upload', async () => {
    const r = renderScreen('budget.budgetUpload', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: STAFF,
      route: '/budget/budgetUpload',
      answers: { getBudgetWorkbookFiles: () => file('예산_2031.xlsx') },
    });
    fireEvent.change(await screen.findByLabelText(/회계연도/), { target: { value: '2031' } });
    await waitFor(() => expect(r.services.calls.some((c) => c.operation === 'getBudgetWorkbookFiles')).toBe(true));
    const call = [...r.services.calls].reverse().find((c) => c.operation === 'getBudgetWorkbookFiles')!;
    expect(call.input.path).toEqual({ fiscalYear: '2031' });
    expect(screen.getByRole('button', { name: '올리기' })).toBeInTheDocument();
  });

  it('shows a rejected upload: nothing changed, each bad row with its column and reason, no upload button', async () => {
    renderScreen('budget.budgetUpload', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: STAFF,
      route: '/budget/budgetUpload?batchId=BU2026-000007',
      answers: {
        getBudgetUpload: () => ({
          batchId: 'BU2026-000007',
          fiscalYear: 2026,
          source: 'EXCEL',
          importKey: null,
          fileName: 'budget.xlsx',
          status: 'REJECTED',
          rowsTotal: 3,
          countNew: 0,
          countUpdate: 1,
          countUnchanged: 0,
          countSkipped: 0,
          countError: 2,
          failMessage: '2개 행에 오류가 있어 아무것도 반영하지 않았습니다',
          createdBy: 'operator',
          createdByName: '김민수',
          createdAt: '2026-11-24T05:00:00.000Z',
        }),
        listBudgetUploadRows: () => ({
          rows: [
            {
              rowNo: 3,
              result: 'ERROR',
              fiscalYear: '2026',
              month: '2',
              deptcd: 'D1100',
              accountCode: 'SUP',
              amount: '-5',
              version: '1',
              errorColumns: 'amount',
              errorText: '예산 금액은 0 이상의 원 단위 숫자로 입력하세요: -5',
            },
            {
              rowNo: 4,
              result: 'ERROR',
              fiscalYear: '2026',
              month: '13',
              deptcd: 'D1100',
              accountCode: 'SUP',
              amount: '5',
              version: '',
              errorColumns: 'month',
              errorText: '월은 1–12 입니다: 13',
            },
            {
              rowNo: 2,
              result: 'UPDATE',
              fiscalYear: '2026',
              month: '1',
              deptcd: 'D1100',
              accountCode: 'SUP',
              amount: '5',
              version: '1',
              errorColumns: '',
              errorText: '',
            },
          ],
          total: 3,
        }),
        getBudgetUploadErrorFiles: () => file('budget_오류.xlsx'),
      },
    });
    expect(await screen.findByDisplayValue('2개 행에 오류가 있어 아무것도 반영하지 않았습니다')).toBeInTheDocument();
    await waitFor(() => expect(gridRowTexts().length).toBe(3));
    expect(gridRowTexts()[0]).toEqual(
      expect.arrayContaining(['3', '오류', 'amount', '예산 금액은 0 이상의 원 단위 숫자로 입력하세요: -5']),
    );
    expect(gridRowTexts()[1]).toEqual(expect.arrayContaining(['월은 1–12 입니다: 13']));
    expect(screen.queryByRole('button', { name: '올리기' })).not.toBeInTheDocument();
  });
});
