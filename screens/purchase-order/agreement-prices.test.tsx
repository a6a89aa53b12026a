import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationError, type OperationInput } from '../../engine/services';
import { editGridCell, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { NO_LINKAGE } from '../testing/agreement-answer';
import { answer, lastCall, renderPoFlow } from './po-test-helpers';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const T = { timeout: 30_000 };
const at = '2026-11-20T01:00:00.000Z';

const line = (lineNo: number, itemName: string, unitPrice: string) => ({
  lineNo,
  itemCode: null,
  itemName,
  spec: null,
  unitCode: 'EA',
  sgCode: null,
  unitPrice,
  agreedQty: null,
  orderedQty: '0.000',
  orderedAmount: '0.00',
  remainingQty: null,
  prices: [
    {
      effectiveFrom: '2026-11-01',
      unitPrice,
      source: 'ORIGINAL',
      reference: null,
      createdBy: 'opadmin',
      createdAt: at,
    },
  ],
});

/** An active agreement of two lines, the first with a rise from a later day. */
const ACTIVE = {
  ...NO_LINKAGE,
  agreementNo: 'AG2026-000011',
  compNo: 'C00001',
  compNameKr: '한빛정밀',
  title: '볼트 단가계약',
  currency: 'KRW',
  validFrom: '2026-11-01',
  validTo: '2027-10-31',
  status: 'ACTIVE',
  approvalStatus: 'APPROVED',
  ceilingAmount: null,
  orderedAmount: '0.00',
  remainingAmount: null,
  contractNo: null,
  buyerId: 'E000004',
  buyerName: '김민수',
  section: 'D1000',
  deptcd: 'D1240',
  sourceType: null,
  sourceNo: null,
  remark: null,
  callOffPolicy: 'REFUSE',
  approvedAt: at,
  expiredAt: null,
  terminatedAt: null,
  terminateReason: null,
  createdBy: 'operator',
  createdAt: at,
  updatedAt: at,
  version: 4,
  subconKind: null,
  lines: [line(1, '육각볼트', '1000.00'), line(2, '와셔', '50.00')],
  priceHistory: [
    {
      priceKey: '1:1',
      lineNo: 1,
      itemName: '육각볼트',
      effectiveFrom: '2026-11-01',
      unitPrice: '1000.00',
      source: 'ORIGINAL',
      reference: null,
      createdAt: at,
      state: 'CURRENT',
    },
    {
      priceKey: '1:2',
      lineNo: 1,
      itemName: '육각볼트',
      effectiveFrom: '2030-01-01',
      unitPrice: '1100.00',
      source: 'AMENDMENT',
      reference: '원자재 가격 상승',
      createdAt: at,
      state: 'FUTURE',
    },
    {
      priceKey: '2:1',
      lineNo: 2,
      itemName: '와셔',
      effectiveFrom: '2026-11-01',
      unitPrice: '50.00',
      source: 'ORIGINAL',
      reference: null,
      createdAt: at,
      state: 'CURRENT',
    },
  ],
  callOffLines: [],
  callOffs: [],
  approvals: [],
  history: [],
  pendingApprovalId: null,
  pendingApprovalVersion: null,
  currentApproverName: null,
  approvalSteps: [],
  actions: ['callOff', 'changePrices', 'terminate'],
};

function open(changeAgreementPrices: (input: OperationInput) => unknown, record: Record<string, unknown> = ACTIVE) {
  let current = record;
  return renderPoFlow(`/AgreementEdit?agreementNo=${String(record.agreementNo)}`, {
    answers: {
      getAgreement: () => current,
      changeAgreementPrices: (input) => {
        current = changeAgreementPrices(input) as Record<string, unknown>;
        return current;
      },
    },
  });
}

describe('AgreementEdit: 단가 변경 and the price history', () => {
  it('shows every line’s dated prices, marked in effect or to come', T, async () => {
    open(() => ACTIVE);
    await screen.findByDisplayValue('볼트 단가계약');
    const history = await screen.findByRole('region', { name: /단가 이력/ });
    await waitFor(() => expect(gridRowTexts(history)).toHaveLength(3));
    expect(gridRowTexts(history)[1]).toEqual(
      expect.arrayContaining(['육각볼트', '2030-01-01', '적용 예정', '단가 변경', '원자재 가격 상승']),
    );
    expect(gridRowTexts(history)[0]).toEqual(expect.arrayContaining(['적용 중', '계약 단가']));
  });

  it(
    'new prices from a day: refusals land on their field and the conflict is said; the lines left blank are not sent',
    T,
    async () => {
      let calls = 0;
      const { services } = open((input) => {
        calls++;
        if (calls === 1)
          throw new OperationError(
            400,
            'VALIDATION',
            '적용 시작일은 단가계약 유효기간(2026-11-01 ~ 2027-10-31) 안이어야 합니다',
            [
              {
                path: 'body/effectiveFrom',
                message: '적용 시작일은 단가계약 유효기간(2026-11-01 ~ 2027-10-31) 안이어야 합니다',
              },
            ],
          );
        if (calls === 2)
          throw new OperationError(
            409,
            'VERSION_CONFLICT',
            '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요',
            {
              currentVersion: 5,
            },
          );
        const b = input.body as { lines: Array<{ lineNo: number; unitPrice: string }> };
        return { ...ACTIVE, version: 5, lines: [line(1, '육각볼트', `${b.lines[0].unitPrice}.00`), ACTIVE.lines[1]] };
      });
      await screen.findByDisplayValue('볼트 단가계약');
      fireEvent.click(screen.getByRole('button', { name: '단가 변경' }));
      const dialog = await screen.findByRole('dialog', { name: '단가 변경' });
      await within(dialog).findByDisplayValue('AG2026-000011');
      await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(2));
      expect(gridRowTexts(dialog)[0]).toEqual(expect.arrayContaining(['육각볼트']));

      const from = within(dialog).getByLabelText(/^적용 시작일/);
      fireEvent.change(from, { target: { value: '2028-01-01' } });
      fireEvent.blur(from);
      fireEvent.change(within(dialog).getByLabelText(/^변경 사유/), { target: { value: '원자재 가격 상승' } });
      await editGridCell({ row: 0, field: 'unitPrice', root: dialog }, '1200');
      // Read again at each press: the toolbar is drawn again while a call runs.
      const save = () => within(dialog).getByRole('button', { name: '단가 변경' });

      // A day outside the validity: said, and shown at the field; the dialog keeps what was typed.
      fireEvent.click(save());
      await answer('확인');
      const said = await screen.findByText(/단가계약 유효기간\(2026-11-01 ~ 2027-10-31\) 안이어야 합니다/, {
        selector: '[role="alertdialog"] *',
      });
      fireEvent.click(within(said.closest<HTMLElement>('[role="alertdialog"]')!).getByRole('button', { name: '확인' }));
      await waitFor(() =>
        expect(within(dialog).getByLabelText(/^적용 시작일/)).toHaveAttribute('aria-invalid', 'true'),
      );
      expect(lastCall(services.calls, 'changeAgreementPrices')!.input).toMatchObject({
        path: { agreementNo: 'AG2026-000011' },
        body: {
          version: 4,
          effectiveFrom: '2028-01-01',
          reason: '원자재 가격 상승',
          lines: [{ lineNo: 1, unitPrice: '1200' }],
        },
      });

      // Changed meanwhile by someone else: the usual conflict message.
      await waitFor(() => expect(save()).toBeEnabled());
      fireEvent.click(save());
      await answer('확인');
      const conflict = await screen.findByText(/다른 사용자가 먼저 변경했습니다/, {
        selector: '[role="alertdialog"] *',
      });
      fireEvent.click(
        within(conflict.closest<HTMLElement>('[role="alertdialog"]')!).getByRole('button', { name: '확인' }),
      );

      await waitFor(() => expect(save()).toBeEnabled());
      fireEvent.click(save());
      await answer('확인');
      await screen.findByText('단가를 변경했습니다');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '단가 변경' })).not.toBeInTheDocument());
      const sent = lastCall(services.calls, 'changeAgreementPrices')!.input.body as { lines: unknown[] };
      expect(sent.lines).toEqual([{ lineNo: 1, unitPrice: '1200' }]);
      // The agreement is read again: its lines at the new price.
      const lines = screen.getByRole('region', { name: /계약 품목/ });
      await waitFor(() => expect(gridRowTexts(lines)[0]).toEqual(expect.arrayContaining(['1,200'])));
    },
  );

  it('is offered only when the server allows it (an active agreement, its buyer or a manager)', T, async () => {
    open(() => ACTIVE, { ...ACTIVE, actions: ['callOff', 'terminate'] });
    await screen.findByDisplayValue('볼트 단가계약');
    expect(screen.getByRole('button', { name: '발주' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '단가 변경' })).not.toBeInTheDocument();
  });
});
