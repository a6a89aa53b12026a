import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editGridCell, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import type { OperationInput } from '../../engine/services';
import { screenDefinitions, screenTexts } from '../index';
import { createFulfilmentFixtures, todayText } from './fulfilment-fixtures';

/**
 * /deliverEdit as a definition: the order picked fills the lines (fillFrom), only the lines given
 * a quantity go (sendWhen) under the delivery's names, the amount is computed per line and summed,
 * a delivery without an order sends its own lines and currency (sendWhen on the fields).
 */
let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);

function open(route: string, extra: Partial<Parameters<typeof renderScreen>[1]> = {}) {
  const fixtures = createFulfilmentFixtures();
  const r = renderScreen('fulfilmentDelivery.deliverEdit', {
    entries: screenDefinitions,
    texts: screenTexts,
    answers: fixtures.answers,
    codes: fixtures.codes,
    portal: 'external',
    login: null,
    route,
    ...extra,
  });
  return { ...r, fixtures };
}

async function confirmYes() {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
}

const total = () => document.querySelector('[data-total="AMT"]')?.textContent?.trim();

describe('deliverEdit: the supplier registers a delivery', { timeout: 60_000 }, () => {
  it('against an order: its open lines fill the grid, the server’s over-delivery refusal is shown at the line, then the registered delivery', async () => {
    const { services, fixtures } = open('/deliverEdit');
    const order = await screen.findByRole('combobox', { name: /^발주/ });
    await waitFor(() => expect(within(order).getByRole('option', { name: 'PO2026-000510' })).toBeInTheDocument());
    expect(screen.getByLabelText(/^납품일/)).toHaveValue(todayText());
    expect(screen.getByRole('radio', { name: '발주 납품' })).toBeChecked();
    fireEvent.change(order, { target: { value: 'PO2026-000510' } });
    // Line 3 is fully delivered: not offered.
    await waitFor(() => expect(gridRowTexts(document, 0)).toHaveLength(2));
    expect(lastCall(services.calls, 'getDeliverableOrder')!.input.path).toEqual({ poNo: 'PO2026-000510' });
    expect(gridRowTexts(document, 0).map((r) => r.slice(0, 3))).toEqual([
      ['1', 'IT-1001', '육각볼트 M8'],
      ['2', 'IT-1002', '평와셔 M8'],
    ]);

    // The order line's decimal text ("10.000", "4.500") as a person reads it; what is sent stays text (below).
    expect(gridRowTexts(document, 0).map((r) => r.slice(5, 7))).toEqual([
      ['10', '10'],
      ['4.5', '4.5'],
    ]);

    await editGridCell({ row: 0, field: 'quantity' }, '11');
    await waitFor(() => expect(total()).toBe('금액 합계 16,500'));
    fireEvent.change(screen.getByLabelText('차량번호'), { target: { value: '12가3456' } });
    fireEvent.click(screen.getByRole('button', { name: '납품 등록' }));
    await confirmYes();
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('발주 잔량을 초과하는 납품입니다');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '확인' }));
    // The one line sent is the grid's first: the server's message is said at row 1.
    expect(await screen.findByText(/1행.*발주 잔량\(10\)을 초과하여 납품할 수 없습니다/)).toBeInTheDocument();
    expect(lastCall(services.calls, 'createDelivery')!.input.body).toMatchObject({
      lines: [{ poLineNo: 1, quantity: '11' }],
    });
    expect(fixtures.data.deliveries).toHaveLength(4);

    await editGridCell({ row: 0, field: 'quantity' }, '6');
    await editGridCell({ row: 1, field: 'quantity' }, '4.5');
    await editGridCell({ row: 1, field: 'BIGO' }, '분할 포장');
    await waitFor(() => expect(total()).toBe('금액 합계 18,000'));
    fireEvent.click(screen.getByRole('button', { name: '납품 등록' }));
    await confirmYes();
    await screen.findByText('납품이 등록되었습니다: DLV2026-000900');
    const body = lastCall(services.calls, 'createDelivery')!.input.body as Record<string, unknown>;
    expect(body).toMatchObject({ poNo: 'PO2026-000510', deliveryDate: todayText(), vehicleNo: '12가3456' });
    expect(body.lines).toEqual([
      {
        poLineNo: 1,
        itemCode: 'IT-1001',
        itemName: '육각볼트 M8',
        spec: 'M8x20',
        unitCode: 'EA',
        quantity: '6',
        PRICE: '1500.00',
      },
      {
        poLineNo: 2,
        itemCode: 'IT-1002',
        itemName: '평와셔 M8',
        unitCode: 'EA',
        quantity: '4.5',
        PRICE: '2000.00',
        BIGO: '분할 포장',
      },
    ]);
    expect(body).not.toHaveProperty('currency');
    expect(body).not.toHaveProperty('arrivalDate');
    // Then the registered delivery itself is shown, still editable.
    await waitFor(() => expect(screen.getByLabelText('납품번호')).toHaveValue('DLV2026-000900'));
    expect(screen.getByRole('combobox', { name: '납품상태' })).toHaveDisplayValue('납품등록');
    expect(screen.getByRole('button', { name: '저장' })).toBeInTheDocument();
  });

  it('without an order (the link from noneOrderView says noPo=Y): item, unit, quantity and price per line, in the currency chosen; no order number is sent', async () => {
    const { services } = open('/deliverEdit?noPo=Y');
    expect(await screen.findByRole('radio', { name: '무발주 납품' })).toBeChecked();
    expect(
      await screen.findByText('발주 없이 등록한 납품(무발주)은 발주가 등록되어야 입고할 수 있습니다.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^발주/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '행 추가' }));
    await waitFor(() => expect(gridRowTexts(document, 0)).toHaveLength(1));
    await editGridCell({ row: 0, field: 'itemName' }, '안전장갑');
    await editGridCell({ row: 0, field: 'unitCode' }, 'EA');
    // Typed with thousands separators: the line keeps (and sends) the plain decimal text.
    await editGridCell({ row: 0, field: 'quantity' }, '1,050');
    await editGridCell({ row: 0, field: 'PRICE' }, '1,000.5');
    await waitFor(() => expect(total()).toBe('금액 합계 1,050,525'));
    fireEvent.click(screen.getByRole('button', { name: '납품 등록' }));
    await confirmYes();
    await screen.findByText('납품이 등록되었습니다: DLV2026-000900');
    const body = lastCall(services.calls, 'createDelivery')!.input.body as Record<string, unknown>;
    expect(body).toMatchObject({
      currency: 'KRW',
      lines: [{ itemName: '안전장갑', unitCode: 'EA', quantity: '1050', PRICE: '1000.5' }],
    });
    expect(body).not.toHaveProperty('poNo');
  });

  it('edits a registered delivery (its own quantity counts as deliverable) and sends the version it read', async () => {
    const { services } = open('/deliverEdit?deliveryNo=DLV2026-000101');
    await waitFor(() => expect(gridRowTexts(document, 0)).toHaveLength(1));
    const row = gridRowTexts(document, 0)[0];
    expect(row.slice(0, 3)).toEqual(['1', 'IT-1001', '육각볼트 M8']);
    // Ordered 10, delivered 6 by this very delivery: 10 may be delivered.
    expect(row).toContain('10');
    await editGridCell({ row: 0, field: 'quantity' }, '7');
    fireEvent.change(screen.getByLabelText('차량번호'), { target: { value: '34나5678' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await confirmYes();
    await screen.findByText('저장되었습니다.');
    expect(lastCall(services.calls, 'updateDelivery')!.input).toMatchObject({
      path: { deliveryNo: 'DLV2026-000101' },
      body: {
        version: 1,
        deliveryDate: '2026-11-18',
        vehicleNo: '34나5678',
        BIGO: '1차 납품',
        lines: [{ poLineNo: 1, quantity: '7', BIGO: '박스 3개' }],
      },
    });
    expect(lastCall(services.calls, 'updateDelivery')!.input.body).not.toHaveProperty('poNo');
  });

  it('cancels a registered delivery with a reason; it is then read only', async () => {
    const { services } = open('/deliverEdit?deliveryNo=DLV2026-000101');
    fireEvent.click(await screen.findByRole('button', { name: '납품 취소' }));
    const prompt = await screen.findByRole('dialog');
    fireEvent.change(within(prompt).getByLabelText(/취소사유/), { target: { value: '수량 재확인' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('납품을 취소했습니다.');
    expect(lastCall(services.calls, 'cancelDelivery')!.input).toMatchObject({
      path: { deliveryNo: 'DLV2026-000101' },
      body: { version: 1, reason: '수량 재확인' },
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: '납품상태' })).toHaveDisplayValue('취소'));
    expect(screen.queryByRole('button', { name: '저장' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '납품 취소' })).not.toBeInTheDocument();
  });

  it('without write authority nothing can be sent', async () => {
    open('/deliverEdit?deliveryNo=DLV2026-000101', { authority: { read: true, write: false } });
    await waitFor(() => expect(screen.getByLabelText('납품번호')).toHaveValue('DLV2026-000101'));
    expect(screen.queryByRole('button', { name: '저장' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '납품 취소' })).not.toBeInTheDocument();
  });
});
