import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationError, type OperationInput } from '../../engine/services';
import { installGlideJsdom } from '../../engine/testing/grid';
import { NO_LINKAGE } from '../testing/agreement-answer';
import { lastCall, renderPoFlow } from './po-test-helpers';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const T = { timeout: 30_000 };

/** A 하도급 draft agreement without a 연동 answer yet. */
const DRAFT = {
  agreementNo: 'AG2026-000007',
  compNo: 'C00001',
  compNameKr: '한빛정밀',
  title: '강판 단가계약',
  currency: 'KRW',
  validFrom: '2026-11-01',
  validTo: '2027-04-30',
  status: 'DRAFT',
  ceilingAmount: '200000.00',
  orderedAmount: '0.00',
  remainingAmount: '200000.00',
  contractNo: null,
  buyerName: '김민수',
  version: 2,
  lines: [
    {
      lineNo: 1,
      itemCode: 'MRO0101-0001',
      itemName: '열연강판',
      spec: null,
      unitCode: 'EA',
      sgCode: null,
      unitPrice: '1000.00',
      agreedQty: '100.000',
      orderedQty: '0.000',
      orderedAmount: '0.00',
      remainingQty: '100.000',
      prices: [],
    },
  ],
  ...NO_LINKAGE,
  subconKind: 'MANUFACTURE',
  callOffLines: [],
  callOffPolicy: 'REFUSE',
  approvalStatus: 'NONE',
  buyerId: 'E000004',
  section: 'D1000',
  deptcd: 'D1240',
  sourceType: null,
  sourceNo: null,
  remark: null,
  approvedAt: null,
  expiredAt: null,
  terminatedAt: null,
  terminateReason: null,
  createdBy: 'operator',
  createdAt: '2026-11-19T01:00:00.000Z',
  updatedAt: '2026-11-19T01:00:00.000Z',
  callOffs: [],
  approvals: [],
  history: [],
  pendingApprovalId: null,
  pendingApprovalVersion: null,
  currentApproverName: null,
  approvalSteps: [],
  actions: ['update', 'delete', 'submit'],
};

const INDEXES = {
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
};

const CLAUSE = {
  linkageKind: 'LINKED',
  linkageMaterial: '열연강판',
  linkageSharePct: '35.000',
  linkageIndexCode: 'STEEL_HRC',
  linkageIndexName: '열연강판 가격지수',
  linkageIndexUnit: '지수',
  linkageBaseDate: '2026-10-31',
  linkageBaseValue: '125.5000',
  linkageCompareBasis: 'MONTH_AVG',
  linkageComparePeriodMonths: 3,
  linkageTriggerPct: '5.00',
  linkageFormulaNote: null,
};

function open(record: Record<string, unknown>, setAgreementLinkage?: (input: OperationInput) => unknown) {
  let current = record;
  const r = renderPoFlow(`/AgreementEdit?agreementNo=${String(record.agreementNo)}`, {
    answers: {
      getAgreement: () => current,
      listLinkageIndexes: () => INDEXES,
      setAgreementLinkage: (input) => {
        const answer = setAgreementLinkage?.(input) ?? {
          ...current,
          ...(input.body as Record<string, unknown>),
          version: Number(current.version) + 1,
        };
        current = answer as Record<string, unknown>;
        return answer;
      },
    },
  });
  return r;
}

describe('AgreementEdit: 납품대금 연동 (상생협력법 §21)', () => {
  it(
    'a draft takes a 연동 clause: the fields of the choice, stored by 연동 저장 with the version read',
    T,
    async () => {
      const { services } = open(DRAFT, (input) => ({
        ...DRAFT,
        ...CLAUSE,
        linkageSharePct: String((input.body as Record<string, unknown>).linkageSharePct),
        version: 3,
      }));
      await screen.findByDisplayValue('강판 단가계약');
      expect(screen.getByLabelText('하도급 구분')).toHaveDisplayValue('제조위탁');
      // Nothing answered yet: neither the clause's fields nor the save.
      expect(screen.queryByLabelText('주요 원재료')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '연동 저장' })).not.toBeInTheDocument();

      fireEvent.click(screen.getByRole('radio', { name: '연동' }));
      fireEvent.change(await screen.findByLabelText('주요 원재료'), { target: { value: '열연강판' } });
      fireEvent.change(screen.getByLabelText('원재료 비중(%)'), { target: { value: '35' } });
      const index = screen.getByLabelText('기준 지표');
      await waitFor(() => expect(within(index).getByRole('option', { name: '열연강판 가격지수' })).toBeInTheDocument());
      fireEvent.change(index, { target: { value: 'STEEL_HRC' } });
      // The date field takes what is typed when it is left (widgets/date-input).
      await userEvent.type(screen.getByLabelText('기준시점'), '20261031');
      await userEvent.tab();
      fireEvent.change(screen.getByLabelText('기준시점 지표값'), { target: { value: '125.5' } });
      fireEvent.change(screen.getByLabelText('비교시점 지표값 산정'), { target: { value: 'MONTH_AVG' } });
      fireEvent.change(screen.getByLabelText('조정주기(개월)'), { target: { value: '3' } });
      fireEvent.change(screen.getByLabelText('조정요건(변동률 %)'), { target: { value: '5' } });
      expect(screen.queryByLabelText('미연동 사유')).not.toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: '연동 저장' }));
      await screen.findByText('납품대금 연동 내용을 저장했습니다');
      expect(lastCall(services.calls, 'setAgreementLinkage')!.input).toMatchObject({
        path: { agreementNo: 'AG2026-000007' },
        body: {
          version: 2,
          linkageKind: 'LINKED',
          linkageMaterial: '열연강판',
          linkageSharePct: '35',
          linkageIndexCode: 'STEEL_HRC',
          linkageBaseDate: '2026-10-31',
          linkageBaseValue: '125.5',
          linkageCompareBasis: 'MONTH_AVG',
          linkageTriggerPct: '5',
        },
      });
      expect(
        Number(
          (lastCall(services.calls, 'setAgreementLinkage')!.input.body as Record<string, unknown>)
            .linkageComparePeriodMonths,
        ),
      ).toBe(3);
    },
  );

  it('a 미연동 answer shows the exception and the reason; the server’s refusal is shown', T, async () => {
    const { services } = open(DRAFT, () => {
      throw new OperationError(400, 'VALIDATION', '소액 예외는 납품대금 1억 원 이하에만 적용됩니다', [
        { path: 'body/linkageExceptionType', message: '소액 예외는 납품대금 1억 원 이하에만 적용됩니다' },
      ]);
    });
    await screen.findByDisplayValue('강판 단가계약');
    fireEvent.click(screen.getByRole('radio', { name: '미연동' }));
    fireEvent.change(await screen.findByLabelText('미연동 사유 유형'), { target: { value: 'SMALL_AMOUNT' } });
    fireEvent.change(screen.getByLabelText('미연동 사유'), { target: { value: '소액 거래' } });
    expect(screen.queryByLabelText('주요 원재료')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '연동 저장' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('소액 예외는 납품대금 1억 원 이하에만 적용됩니다');
    expect(lastCall(services.calls, 'setAgreementLinkage')!.input.body).toMatchObject({
      linkageKind: 'NOT_LINKED',
      linkageExceptionType: 'SMALL_AMOUNT',
      linkageReason: '소액 거래',
    });
  });

  it('an active agreement shows its clause, read only, without 연동 저장', T, async () => {
    open({ ...DRAFT, ...CLAUSE, status: 'ACTIVE', approvalStatus: 'APPROVED', actions: ['terminate', 'callOff'] });
    await screen.findByDisplayValue('강판 단가계약');
    await waitFor(() => expect(screen.getByLabelText('주요 원재료')).toHaveValue('열연강판'));
    expect(screen.getByLabelText('주요 원재료')).toHaveAttribute('readonly');
    expect(screen.getByRole('radio', { name: '연동' })).toBeChecked();
    expect(screen.queryByRole('button', { name: '연동 저장' })).not.toBeInTheDocument();
  });
});
