import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import type { OperationInput } from '../../engine/services';
import { screenDefinitions, screenTexts } from '../index';
import { OPERATOR_LOGIN } from '../settlement/settlement-fixtures';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Row = Record<string, unknown>;

describe('linkageIndexManage: 납품대금 연동 indexes and their values', { timeout: 30_000 }, () => {
  it('lists the values and enters one for an index chosen by name', async () => {
    const rows: Row[] = [
      {
        valueKey: 'STEEL_HRC:2026-10-31',
        indexCode: 'STEEL_HRC',
        indexName: '열연강판 가격지수',
        unit: '지수',
        valueDate: '2026-10-31',
        value: '125.5000',
        updatedByName: '김민수',
        updatedAt: '2026-11-01T00:00:00.000Z',
      },
    ];
    const { services } = renderScreen('subcontracting.linkageIndexManage', {
      entries: screenDefinitions,
      texts: screenTexts,
      login: OPERATOR_LOGIN,
      answers: {
        listLinkageIndexValues: () => ({ rows, total: rows.length }),
        listLinkageIndexes: () => ({
          rows: [
            {
              indexCode: 'STEEL_HRC',
              indexName: '열연강판 가격지수',
              unit: '지수',
              source: '한국물가정보',
              useYn: 'Y',
              version: 1,
            },
          ],
        }),
        setLinkageIndexValue: (input: OperationInput) => {
          const b = input.body as Row;
          const row = { ...rows[0], ...b, valueKey: `${String(b.indexCode)}:${String(b.valueDate)}` };
          rows.unshift(row);
          return row;
        },
      },
    });
    await screen.findByText('총 1건');
    await waitFor(() => expect(gridRowTexts().length).toBe(1));
    expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['STEEL_HRC', '열연강판 가격지수', '2026-10-31']));

    fireEvent.click(screen.getByRole('button', { name: '지표값 입력' }));
    const prompt = await screen.findByRole('dialog', { name: '지표값 입력' });
    const index = within(prompt).getByLabelText(/기준 지표/);
    await waitFor(() => expect(within(index).getByRole('option', { name: '열연강판 가격지수' })).toBeInTheDocument());
    fireEvent.change(index, { target: { value: 'STEEL_HRC' } });
    fireEvent.change(within(prompt).getByLabelText(/지표값/), { target: { value: '131.25' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('지표값을 입력했습니다');
    const call = [...services.calls].reverse().find((c) => c.operation === 'setLinkageIndexValue')!;
    expect(call.input.body).toMatchObject({
      indexCode: 'STEEL_HRC',
      value: '131.25',
      valueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
  });
});
