import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationError, type OperationInput } from '../../../engine';
import { installGlideJsdom } from '../../../engine/testing/grid';
import { PR_LOGINS, createPrFixtures } from '../../../screens/purchase-request/pr-fixtures';
import { renderPrFlow } from '../../../screens/purchase-request/pr-flow';
import RfqCompare, { formatQuantity, quoteOf, selectable } from './rfqCompare.custom';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);
const asBuyer = { login: PR_LOGINS.buyer, customComponents: { rfqCompare: RfqCompare } };

async function confirmYes() {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

describe('rfqCompare helpers', { timeout: 30_000 }, () => {
  it('formats quantities and unit prices with their own decimals', () => {
    expect(formatQuantity('1234.500')).toBe('1,234.5');
    expect(formatQuantity('600000.00')).toBe('600,000');
    expect(formatQuantity('0.125')).toBe('0.125');
    expect(formatQuantity(null)).toBe('');
  });

  it('finds a supplier’s quote of a line; only submitted quotations of an open request may be selected, and only with the server’s select action', async () => {
    const { answers } = createPrFixtures({ viewer: 'E000004' });
    type Cmp = Parameters<typeof quoteOf>[0];
    type Rfq = Parameters<typeof selectable>[1];
    const c = (await answers.compareQuotations({ path: { rfqNo: 'RFQ2026-000201' } })) as Cmp;
    const rfq = (await answers.getRfq({ path: { rfqNo: 'RFQ2026-000201' } })) as Rfq;
    expect(quoteOf(c, 1, 'C00002')).toMatchObject({ unitPrice: '580000.00', lowest: true });
    expect(quoteOf(c, 1, 'C00093')).toBeUndefined();
    const [a, , none] = c.suppliers;
    expect(selectable(c, rfq, a)).toBe(true);
    expect(selectable(c, rfq, none)).toBe(false);
    expect(selectable(c, { ...rfq!, actions: ['cancel'] }, a)).toBe(false);
    expect(selectable({ ...c, selectionAllowed: false }, rfq, a)).toBe(false);
  });
});

describe('rfqCompare: the quotations side by side (a dialog of /prConfirmEdit)', { timeout: 30_000 }, () => {
  it(
    'compares the quotations side by side and selects the winner; the PR then shows the award',
    { timeout: 30_000 },
    async () => {
      const { services } = renderPrFlow('/prConfirmEdit?prNo=PR2026-000104', asBuyer);
      await screen.findByDisplayValue('랙서버');
      fireEvent.click(screen.getByRole('button', { name: '견적 비교' }));
      const dialog = await screen.findByRole('dialog', { name: '견적 비교' });
      const table = await within(dialog).findByRole('table', { name: '견적 비교표' });
      // Suppliers as columns, lines as rows; the lowest unit price of each line and the lowest total marked.
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(
        expect.arrayContaining([
          'No',
          '품목',
          '수량',
          '㈜대한정밀C00001',
          '한빛전자 주식회사C00002',
          '(주)현진시스템C00093',
        ]),
      );
      const rows = within(table).getAllByRole('row');
      const line1 = rows.find((r) => r.textContent?.includes('랙서버'))!;
      expect(
        within(line1)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['1', '랙서버', '2 EA', '600,000', '1,200,000', '580,000 ★ 품목 최저가', '1,160,000', '–', '']);
      // The star is drawn, not read; a screen reader reads its meaning as text (KWCAG 5.4.1: not by colour or symbol alone).
      const lowest = within(line1).getAllByRole('cell')[5];
      expect(within(lowest).getByText('★')).toHaveAttribute('aria-hidden', 'true');
      expect(within(lowest).getByText('품목 최저가')).not.toHaveAttribute('aria-hidden');
      expect(lowest.querySelector('[aria-label]')).toBeNull();
      expect(table.querySelector('[data-total="C00002"]')).toHaveTextContent('1,250,000 ★ 최저');
      expect(table.querySelector('[data-total="C00093"]')).toHaveTextContent('미제출');
      expect(table.querySelector('[data-status="C00001"]')).toHaveTextContent('견적제출QT2026-000301 (2차)');
      expect(within(dialog).getAllByRole('button', { name: '선정' })).toHaveLength(2);
      expect(table.querySelector('[data-action="select-C00093"]')).toBeNull();

      fireEvent.click(table.querySelector<HTMLButtonElement>('[data-action="select-C00002"]')!);
      const ask = await screen.findByRole('alertdialog');
      expect(ask).toHaveTextContent('한빛전자 주식회사의 견적(1,250,000)을 선정하시겠습니까?');
      fireEvent.click(within(ask).getByRole('button', { name: '확인' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '견적 비교' })).not.toBeInTheDocument());
      expect(lastCall(services.calls, 'selectQuotation')!.input).toEqual({
        path: { rfqNo: 'RFQ2026-000201' },
        body: { version: 1, compNo: 'C00002' },
      });
      await waitFor(() => expect(screen.getByLabelText('견적요청 상태')).toHaveDisplayValue('업체선정'));
      expect(screen.getByLabelText('선정 협력사')).toHaveValue('C00002');
      expect(screen.queryByRole('button', { name: '견적요청 취소' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: '발주 작성' })).toBeInTheDocument();
    },
  );

  it('a refused selection is shown with the server’s message and the comparison stays', async () => {
    renderPrFlow('/prConfirmEdit?prNo=PR2026-000104', {
      ...asBuyer,
      answers: {
        selectQuotation: () => {
          throw new OperationError(
            409,
            'QUOTATION_EXPIRED',
            '견적 유효기간(2026-11-01)이 지난 견적은 선정할 수 없습니다',
          );
        },
      },
    });
    await screen.findByDisplayValue('랙서버');
    fireEvent.click(screen.getByRole('button', { name: '견적 비교' }));
    const dialog = await screen.findByRole('dialog', { name: '견적 비교' });
    const table = await within(dialog).findByRole('table', { name: '견적 비교표' });
    fireEvent.click(table.querySelector<HTMLButtonElement>('[data-action="select-C00001"]')!);
    await confirmYes();
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      '견적 유효기간(2026-11-01)이 지난 견적은 선정할 수 없습니다',
    );
    expect(screen.getByRole('dialog', { name: '견적 비교' })).toBeInTheDocument();
  });

  it('before the deadline with answers missing it says why nothing can be selected', async () => {
    const fixtures = createPrFixtures({ viewer: 'E000004' });
    const open = { ...fixtures.answers };
    renderPrFlow('/prConfirmEdit?prNo=PR2026-000104', {
      ...asBuyer,
      answers: {
        compareQuotations: async (input) => ({
          ...((await open.compareQuotations(input)) as object),
          deadlinePassed: false,
          selectionAllowed: false,
        }),
        getRfq: async (input) => ({ ...((await open.getRfq(input)) as object), actions: ['cancel'] }),
      },
    });
    await screen.findByDisplayValue('랙서버');
    fireEvent.click(screen.getByRole('button', { name: '견적 비교' }));
    const dialog = await screen.findByRole('dialog', { name: '견적 비교' });
    expect(
      await within(dialog).findByText('마감 전이며 아직 견적을 내지 않은 협력사가 있어 업체를 선정할 수 없습니다.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '선정' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getAllByRole('button', { name: '닫기' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '견적 비교' })).not.toBeInTheDocument());
  });
});
