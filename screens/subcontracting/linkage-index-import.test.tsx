import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationError, type OperationInput } from '../../engine/services';
import { installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../index';
import { OPERATOR_LOGIN } from '../settlement/settlement-fixtures';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const TEMPLATE = {
  files: [
    {
      fileId: '11111111-1111-1111-1111-111111111111',
      seq: 1,
      originalName: '연동지표값_양식.xlsx',
      sizeBytes: 6144,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
  ],
};

/** Drops a file on the dialog's file field, as a person does; answers when it is uploaded. */
async function attach(dialog: HTMLElement, name: string) {
  const file = new File(['지표 코드,기준일,지표값\nSTEEL_HRC,2026-10-31,125.5\n'], name, { type: 'text/csv' });
  fireEvent.drop(within(dialog).getByTestId('file-drop-zone'), { dataTransfer: { files: [file], types: ['Files'] } });
  await within(dialog).findByText(name);
}

describe('linkageIndexManage: index values from a file', { timeout: 30_000 }, () => {
  it('offers the template, sends the file; a refusal lists every row’s error under its summary; a success reloads the list', async () => {
    let imports = 0;
    const { services } = renderScreen('subcontracting.linkageIndexManage', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: OPERATOR_LOGIN,
      answers: {
        listLinkageIndexValues: () => ({ rows: [], total: 0 }),
        listLinkageIndexes: () => ({ rows: [] }),
        getLinkageIndexTemplateFiles: () => TEMPLATE,
        importLinkageIndexValues: (input: OperationInput) => {
          imports++;
          if (imports === 1)
            throw new OperationError(
              400,
              'LINKAGE_INDEX_FILE_INVALID',
              '2개 행에 오류가 있어 아무것도 반영하지 않았습니다',
              {
                problems: [
                  { rowNo: 3, column: 'indexCode', message: '3행 지표 코드: 등록되지 않은 기준 지표입니다: NOPE' },
                  { rowNo: 5, column: 'value', message: '5행 지표값: 지표값은 0보다 커야 합니다' },
                ],
              },
            );
          expect(input.body).toEqual({ fileId: expect.any(String) });
          return { rows: 12, created: 10, replaced: 2 };
        },
      },
    });
    await screen.findByText('총 0건');
    fireEvent.click(screen.getByRole('button', { name: '파일로 입력' }));
    const dialog = await screen.findByRole('dialog', { name: '지표값 파일 입력' });
    // The template, made for the caller, is the field's file group (its link lists the group's file).
    expect(await within(dialog).findByRole('group', { name: '양식' })).toBeInTheDocument();
    await waitFor(() => expect(services.calls.some((c) => c.operation === 'getLinkageIndexTemplateFiles')).toBe(true));
    const upload = () => within(dialog).getByRole('button', { name: '올리기' });
    expect(upload()).toBeDisabled();
    await attach(dialog, 'values.csv');

    await waitFor(() => expect(upload()).toBeEnabled());
    fireEvent.click(upload());
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '확인' }));
    const summary = await screen.findByText(/2개 행에 오류가 있어 아무것도 반영하지 않았습니다/, {
      selector: '[role="alertdialog"] *',
    });
    const refusal = summary.closest<HTMLElement>('[role="alertdialog"]')!;
    // The summary first, then every row's error.
    expect(refusal.textContent!.indexOf('2개 행에')).toBeLessThan(refusal.textContent!.indexOf('3행 지표 코드'));
    expect(refusal).toHaveTextContent('3행 지표 코드: 등록되지 않은 기준 지표입니다: NOPE');
    expect(refusal).toHaveTextContent('5행 지표값: 지표값은 0보다 커야 합니다');
    fireEvent.click(within(refusal).getByRole('button', { name: '확인' }));

    const listed = services.calls.filter((c) => c.operation === 'listLinkageIndexValues').length;
    await waitFor(() => expect(upload()).toBeEnabled());
    fireEvent.click(upload());
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '확인' }));
    await screen.findByText('지표값 12행을 반영했습니다 (새 날짜 10, 바뀐 값 2)');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '지표값 파일 입력' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(services.calls.filter((c) => c.operation === 'listLinkageIndexValues').length).toBeGreaterThan(listed),
    );
  });

  it('a monitoring user reads the values and is not offered the import', async () => {
    renderScreen('subcontracting.linkageIndexManage', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: OPERATOR_LOGIN,
      authority: { read: true, write: false },
      answers: { listLinkageIndexValues: () => ({ rows: [], total: 0 }), listLinkageIndexes: () => ({ rows: [] }) },
    });
    await screen.findByText('총 0건');
    expect(screen.queryByRole('button', { name: '파일로 입력' })).not.toBeInTheDocument();
  });
});
