import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../engine/testing/screen-harness';
import { OperationError } from '../../../engine/services';
import { screenDefinitions, screenTexts } from '../../../screens';
import { CYBER_CODES, SUPPLIER_LOGIN, createCyberFixtures } from '../../../screens/cyber-purchase/cyber-fixtures';
import CyberPoPrint from './cyberPoPrint.custom';

const open = (
  route: string,
  answers: ReturnType<typeof createCyberFixtures>['answers'] = createCyberFixtures().answers,
) =>
  renderScreen('cyberPurchase.orderPrint', {
    entries: screenDefinitions,
    texts: screenTexts,
    answers,
    codes: CYBER_CODES,
    login: SUPPLIER_LOGIN,
    portal: 'external',
    route,
    customComponents: { cyberPoPrint: CyberPoPrint },
  });

describe('cyberPoPrint: the printable purchase order', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints the order read from the server: parties, lines, total in its currency', async () => {
    const { services } = open('/?poNo=PO2026-000201');
    const sheet = await screen.findByRole('article', { name: '발주서' });
    expect(services.calls.find((c) => c.operation === 'getSupplierPo')!.input.path).toEqual({ poNo: 'PO2026-000201' });
    expect(within(sheet).getByText('PO2026-000201')).toBeInTheDocument();
    expect(within(sheet).getByText('한빛정밀 (C00001)')).toBeInTheDocument();
    expect(within(sheet).getByText(/상태: 발주전송/)).toBeInTheDocument();
    const rows = within(sheet).getAllByRole('row');
    // header, two lines, the total
    expect(rows).toHaveLength(4);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'IT-10021', '베어링 6204ZZ', '20x47x14mm', 'EA', '200', '12,000', '2,400,000', '2026-04-10']);
    expect(
      within(rows[3])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['합계', '3,400,000', 'KRW']);
    expect(within(sheet).getByText('분할 납품 가능')).toBeInTheDocument();
    expect(document.body).toHaveClass('cyber-po-printing');
    // The copy printing shows: straight under <body>, hidden from screen readers (the dialog's sheet is the one read).
    const copy = document.body.querySelector(':scope > div > article[aria-hidden="true"]');
    expect(copy).not.toBeNull();
    expect(copy).toHaveTextContent('3,400,000');
  });

  it('인쇄 opens the browser’s print dialog', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    open('/?poNo=PO2026-000201');
    await screen.findByRole('article', { name: '발주서' });
    fireEvent.click(screen.getByRole('button', { name: '인쇄' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('another company’s order (404 from the server) shows the server’s message, no sheet', async () => {
    const answers = {
      ...createCyberFixtures().answers,
      getSupplierPo: () => {
        throw new OperationError(404, 'PO_NOT_FOUND', '발주서를 찾을 수 없습니다');
      },
    };
    open('/?poNo=PO2026-999999', answers);
    expect(await screen.findByRole('alert')).toHaveTextContent('발주서를 찾을 수 없습니다');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
