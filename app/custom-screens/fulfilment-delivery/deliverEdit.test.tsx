import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperationInput } from '../../../engine';
import { renderScreen } from '../../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../../../screens';
import { createFulfilmentFixtures, todayText } from '../../../screens/fulfilment-delivery/fulfilment-fixtures';
import DeliverEdit, { bodyLines, linesFromOrder } from './deliverEdit.custom';

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);

function open(route: string, extra: Partial<Parameters<typeof renderScreen>[1]> = {}) {
  const fixtures = createFulfilmentFixtures();
  const r = renderScreen('fulfilmentDelivery.deliverEdit', {
    entries: screenDefinitions, texts: screenTexts, answers: fixtures.answers, codes: fixtures.codes, portal: 'external', login: null,
    customComponents: { deliverEdit: DeliverEdit }, route, ...extra,
  });
  return { ...r, fixtures };
}

async function confirmYes() {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

describe('deliverEdit: the supplier registers a delivery', { timeout: 30_000 }, () => {
  it('against an order: its open lines, the server’s over-delivery refusal at the line, then the registered delivery', async () => {
    const { services, fixtures } = open('/deliverEdit');
    const order = await screen.findByLabelText(/^발주/, { selector: 'select' });
    await waitFor(() => expect(within(order).getByRole('option', { name: /PO2026-000510/ })).toBeInTheDocument());
    expect(screen.getByLabelText(/^납품일/)).toHaveValue(todayText());
    fireEvent.change(order, { target: { value: 'PO2026-000510' } });
    await screen.findByText('평와셔 M8');
    expect(lastCall(services.calls, 'getDeliverableOrder')!.input.path).toEqual({ poNo: 'PO2026-000510' });
    // Line 3 is fully delivered: not offered.
    expect(screen.queryByText('스프링와셔 M8')).not.toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);

    fireEvent.change(screen.getByLabelText('납품수량 1'), { target: { value: '11' } });
    expect(screen.getByTestId('delivery-total')).toHaveTextContent('납품금액 KRW 16,500');
    fireEvent.change(screen.getByLabelText('차량번호'), { target: { value: '12가3456' } });
    fireEvent.click(screen.getByRole('button', { name: '납품 등록' }));
    await confirmYes();
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('발주 잔량을 초과하는 납품입니다');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '확인' }));
    const row1 = screen.getByLabelText('납품수량 1').closest('tr')!;
    expect(row1).toHaveAttribute('aria-invalid', 'true');
    expect(row1).toHaveTextContent('발주 잔량(10)을 초과하여 납품할 수 없습니다');
    expect(fixtures.data.deliveries).toHaveLength(4);

    fireEvent.change(screen.getByLabelText('납품수량 1'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('납품수량 2'), { target: { value: '4.5' } });
    fireEvent.change(screen.getByLabelText('비고 2'), { target: { value: '분할 포장' } });
    await waitFor(() => expect(screen.getByRole('button', { name: '납품 등록' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: '납품 등록' }));
    await confirmYes();
    await screen.findByText('납품이 등록되었습니다: DLV2026-000900');
    expect(lastCall(services.calls, 'createDelivery')!.input.body).toMatchObject({
      poNo: 'PO2026-000510', deliveryDate: todayText(), vehicleNo: '12가3456',
      lines: [{ poLineNo: 1, quantity: '6' }, { poLineNo: 2, quantity: '4.5', BIGO: '분할 포장' }],
    });
    expect(lastCall(services.calls, 'createDelivery')!.input.body).not.toHaveProperty('currency');
    // Then the registered delivery itself is shown, still editable.
    expect(await screen.findByTestId('delivery-status')).toHaveTextContent('납품등록');
    expect(lastCall(services.calls, 'getMyDelivery')!.input.path).toEqual({ deliveryNo: 'DLV2026-000900' });
  });

  it('without an order: item, unit, quantity and price per line; blank lines are left out; missing item names are caught first', async () => {
    const { services } = open('/deliverEdit?noPo=Y');
    expect(await screen.findByRole('radio', { name: '무발주 납품' })).toBeChecked();
    expect(screen.getByText('발주 없이 등록한 납품(무발주)은 발주가 등록되어야 입고할 수 있습니다.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('납품수량 1'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: '납품 등록' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('입력 값을 확인하세요.');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '확인' }));
    expect(screen.getByLabelText('납품수량 1').closest('tr')).toHaveTextContent('품목명과 단위를 입력하세요.');
    expect(lastCall(services.calls, 'createDelivery')).toBeUndefined();

    fireEvent.change(screen.getByLabelText('품목명 1'), { target: { value: '안전장갑' } });
    fireEvent.change(screen.getByLabelText('단위 1'), { target: { value: 'EA' } });
    fireEvent.change(screen.getByLabelText('단가 1'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: '행 추가' }));
    expect(screen.getByLabelText('품목명 2')).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: '납품 등록' }));
    await confirmYes();
    await screen.findByText('납품이 등록되었습니다: DLV2026-000900');
    const body = lastCall(services.calls, 'createDelivery')!.input.body as Record<string, unknown>;
    expect(body).toMatchObject({ currency: 'KRW', lines: [{ itemName: '안전장갑', unitCode: 'EA', quantity: '50', PRICE: '1000' }] });
    expect(body).not.toHaveProperty('poNo');
    expect(body.lines).toHaveLength(1);
  });

  it('edits a registered delivery (its own quantity counts as deliverable) and sends the version it read', async () => {
    const { services } = open('/deliverEdit?deliveryNo=DLV2026-000101');
    const qty = await screen.findByLabelText('납품수량 1');
    expect(qty).toHaveValue('6');
    expect(qty.closest('tr')).toHaveTextContent('10');
    fireEvent.change(qty, { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('차량번호'), { target: { value: '34나5678' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await confirmYes();
    await screen.findByText('저장되었습니다.');
    expect(lastCall(services.calls, 'updateDelivery')!.input).toMatchObject({
      path: { deliveryNo: 'DLV2026-000101' },
      body: { version: 1, deliveryDate: '2026-11-18', vehicleNo: '34나5678', BIGO: '1차 납품', lines: [{ poLineNo: 1, quantity: '7', BIGO: '박스 3개' }] },
    });
    await waitFor(() => expect(services.calls.filter((c) => c.operation === 'getMyDelivery')).toHaveLength(2));
  });

  it('cancels a registered delivery with a reason; it is then read only', async () => {
    const { services } = open('/deliverEdit?deliveryNo=DLV2026-000101');
    await screen.findByLabelText('납품수량 1');
    fireEvent.click(screen.getByRole('button', { name: '납품 취소' }));
    const prompt = await screen.findByRole('dialog');
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    expect(await within(prompt).findByText('필수 입력 항목입니다.')).toBeInTheDocument();
    fireEvent.change(within(prompt).getByLabelText(/취소사유/), { target: { value: '수량 재확인' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('납품을 취소했습니다.');
    expect(lastCall(services.calls, 'cancelDelivery')!.input).toMatchObject({ path: { deliveryNo: 'DLV2026-000101' }, body: { version: 1, reason: '수량 재확인' } });
    await waitFor(() => expect(screen.getByTestId('delivery-status')).toHaveTextContent('취소'));
    expect(screen.queryByLabelText('납품수량 1')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '저장' })).not.toBeInTheDocument();
    expect(screen.getByText('입고되었거나 취소된 납품은 수정할 수 없습니다.')).toBeInTheDocument();
  });

  it('another company’s delivery answers like a missing one; without write authority nothing can be sent', async () => {
    const a = open('/deliverEdit?deliveryNo=DLV2026-000102');
    expect(await screen.findByRole('alert')).toHaveTextContent('납품을 찾을 수 없습니다');
    a.unmount();
    open('/deliverEdit?deliveryNo=DLV2026-000101', { authority: { read: true, write: false } });
    await screen.findByTestId('delivery-status');
    expect(screen.queryByLabelText('납품수량 1')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '저장' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '납품 취소' })).not.toBeInTheDocument();
  });
});

describe('deliverEdit: lines to body', () => {
  it('an order’s open lines become drafts; only lines given a quantity are sent, under the delivery’s names', () => {
    const drafts = linesFromOrder({
      order: { poNo: 'P', title: 't', status: 'ACKNOWLEDGED', currency: 'KRW', poDate: '2026-11-01', dueDate: null, totalAmount: '1', openLineCount: 1 },
      lines: [
        { lineNo: 1, itemCode: null, itemName: 'a', spec: null, unitCode: 'EA', quantity: '2.000', PRICE: '1.00', AMT: '2.00', deliveredQty: '0.000', openQty: '2.000', deliveryDate: null },
        { lineNo: 2, itemCode: null, itemName: 'b', spec: null, unitCode: 'EA', quantity: '2.000', PRICE: '1.00', AMT: '2.00', deliveredQty: '2.000', openQty: '0.000', deliveryDate: null },
      ],
    });
    expect(drafts.map((d) => [d.poLineNo, d.available])).toEqual([[1, '2.000']]);
    expect(bodyLines(drafts, true).body).toEqual([]);
    drafts[0].quantity = ' 1.5 ';
    expect(bodyLines(drafts, true)).toEqual({ body: [{ poLineNo: 1, quantity: '1.5', BIGO: undefined }], keys: [drafts[0].key] });
  });
});
