import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../engine/testing/screen-harness';
import { OperationError, type OperationInput } from '../../../engine/services';
import { screenDefinitions, screenTexts } from '../../../screens';
import { createPoFixtures } from '../../../screens/purchase-order/po-fixtures';
import { NO_CONTRACT_LINKAGE } from '../../../screens/testing/contract-answer';
import ContractCreate from './contractCreate.custom';

const OPERATOR = {
  auth: 'U',
  authGroupId: '20',
  section: 'D1000',
  deptcd: 'D1240',
  deptnm: '구매운영팀',
  hname: '김민수',
  singleid: 'E000004',
};
const TEMPLATES = {
  rows: [
    {
      templateNo: 'SUPPLY',
      version: 2,
      name: '물품공급 표준계약서',
      contractType: 'SUPPLY',
      signOrder: 'SUPPLIER_FIRST',
      useYn: 'Y',
      createdAt: '2026-11-20T01:00:00.000Z',
    },
    {
      templateNo: 'OLD',
      version: 1,
      name: '구 양식',
      contractType: 'SUPPLY',
      signOrder: 'BUYER_FIRST',
      useYn: 'N',
      createdAt: '2026-11-20T01:00:00.000Z',
    },
  ],
  total: 2,
  variables: [],
};
const SHA = 'ab'.repeat(32);
const ORIGINAL = {
  contractNo: 'CT2026-000007',
  compNo: 'C00001',
  templateNo: 'SUPPLY',
  templateVersion: 2,
  contractType: 'SUPPLY',
  signOrder: 'SUPPLIER_FIRST',
  title: '설비 보수 자재 공급계약',
  sourceKind: 'PO',
  sourceNo: 'PO2026-000301',
  supplyAmount: '1000000',
  vatAmount: '100000',
  totalAmount: '1100000',
  startDate: '2027-01-01',
  endDate: '2027-12-31',
  contractDate: '2026-11-20',
  signDeadline: '2026-12-04',
  variables: {},
  status: 'EXECUTED',
  approvalId: 5,
  approvalStatus: 'APPROVED',
  buyerSignerId: 'operator',
  supplierSignerId: null,
  documentSha: SHA,
  executedSha: SHA,
  supplierSignedBy: 'supplier1',
  supplierSignedAt: '2026-11-21T01:00:00.000Z',
  buyerSignedBy: 'operator',
  buyerSignedAt: '2026-11-21T02:00:00.000Z',
  executedAt: '2026-11-21T02:00:00.000Z',
  declineReason: null,
  stampDuty: '0',
  stampBuyerShare: '0',
  stampSupplierShare: '0',
  stampStatus: 'NOT_TAXABLE',
  amendsContractNo: null,
  changeSummary: null,
  sourceChanges: [],
  buyerSignerName: '김민수',
  supplierSignerName: null,
  nextSigner: null,
  taxType: 'TAXABLE',
  viewedByMe: false,
  createdBy: 'operator',
  createdAt: '2026-11-20T01:00:00.000Z',
  updatedAt: '2026-11-21T02:00:00.000Z',
  version: 7,
  events: [],
  stamps: [],
  ...NO_CONTRACT_LINKAGE,
};

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);

function open(
  route: string,
  over: { original?: Record<string, unknown>; amend?: (input: OperationInput) => unknown } = {},
) {
  const po = createPoFixtures().answers;
  let address = '';
  const r = renderScreen('contract.contractCreate', {
    entries: screenDefinitions,
    texts: screenTexts,
    login: OPERATOR,
    route,
    customComponents: { contractCreate: ContractCreate },
    onLocation: (a) => (address = a),
    answers: {
      listContractTemplates: () => TEMPLATES,
      getPo: po.getPo,
      getLoi: po.getLoi,
      listPos: po.listPos,
      getContract: () => over.original ?? ORIGINAL,
      listContractSigners: (input: OperationInput) =>
        (input.query as { party?: string } | undefined)?.party === 'SUPPLIER'
          ? {
              rows: [
                { userId: 'supplier1adm', name: '문미경' },
                { userId: 'supplier1', name: '서재훈' },
              ],
              total: 2,
            }
          : {
              rows: [
                { userId: 'operator', name: '김민수' },
                { userId: 'opadmin', name: '박성호' },
              ],
              total: 2,
            },
      createContract: () => ({ contractNo: 'CT2026-000010', version: 1, documentSha: SHA }),
      createContractAmendment: over.amend ?? (() => ({ contractNo: 'CT2026-000011', version: 1, documentSha: SHA })),
    },
  });
  return { ...r, address: () => address };
}

async function confirmDialog() {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

/** Types into a field and leaves it (a date commits on leaving). */
function type(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

async function saveAmendment(r: ReturnType<typeof open>) {
  fireEvent.click(screen.getByRole('button', { name: '변경계약서 작성' }));
  await confirmDialog();
  await waitFor(() => expect(lastCall(r.services.calls, 'createContractAmendment')).toBeDefined());
  return lastCall(r.services.calls, 'createContractAmendment')!.input.body as Record<string, unknown>;
}

describe('contract.contractCreate', { timeout: 30_000 }, () => {
  it('the order chosen in the popup fills the supplier, title and amounts; the save sends them and opens the new contract', async () => {
    const r = open('/contract/contractCreate');
    const template = await screen.findByRole('combobox', { name: /계약서 양식/ });
    // Only the templates in use; the single one is chosen already.
    await waitFor(() => expect((template as HTMLSelectElement).value).toBe('SUPPLY'));
    expect(within(template).queryByText(/구 양식/)).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: /근거 문서/ }), { target: { value: 'PO' } });
    fireEvent.click(screen.getByRole('button', { name: '찾기' }));
    const popup = await screen.findByRole('dialog', { name: '발주 찾기' });
    fireEvent.click(within(popup).getByRole('button', { name: 'PO2026-000301 선택' }));
    await screen.findByText('PO2026-000301의 협력사와 금액을 채웠습니다.');
    const po = lastCall(r.services.calls, 'getPo')!;
    expect(po.input.path).toEqual({ poNo: 'PO2026-000301' });
    await waitFor(() => expect(screen.getByLabelText(/^계약명/)).toHaveValue('설비 보수 자재'));
    // The signers are chosen by name; the contract stores their user ids. The buyer's starts as the
    // logged-in user (none in this harness); the supplier's are its users allowed to sign.
    const buyerSigner = screen.getByRole('combobox', { name: /^당사 서명자/ });
    await waitFor(() => expect(within(buyerSigner).getByRole('option', { name: '김민수' })).toBeInTheDocument());
    expect(within(buyerSigner).queryByRole('option', { name: /operator/ })).toBeNull();
    fireEvent.change(buyerSigner, { target: { value: 'operator' } });
    const supplierSigner = screen.getByRole('combobox', { name: /^협력사 서명자/ });
    await waitFor(() => expect(within(supplierSigner).getByRole('option', { name: '서재훈' })).toBeInTheDocument());
    expect(lastCall(r.services.calls, 'listContractSigners')!.input.query).toEqual({
      party: 'SUPPLIER',
      compNo: 'C00001',
    });
    expect(supplierSigner).toHaveDisplayValue(/지정하지 않음/);
    fireEvent.change(supplierSigner, { target: { value: 'supplier1' } });
    fireEvent.click(screen.getByRole('button', { name: '계약서 작성' }));
    await confirmDialog();
    await waitFor(() => expect(lastCall(r.services.calls, 'createContract')).toBeDefined());
    const body = lastCall(r.services.calls, 'createContract')!.input.body as Record<string, unknown>;
    expect(body).toMatchObject({
      templateNo: 'SUPPLY',
      compNo: 'C00001',
      sourceKind: 'PO',
      sourceNo: 'PO2026-000301',
      title: '설비 보수 자재',
      buyerSignerId: 'operator',
      supplierSignerId: 'supplier1',
      taxType: 'TAXABLE',
    });
    // The VAT proposed is a tenth of the supply amount, in whole won.
    expect(BigInt(body.vatAmount as string)).toBe(BigInt(body.supplyAmount as string) / 10n);
    await waitFor(() => expect(r.address()).toBe('/contract/contractDetail?contractNo=CT2026-000010'));
  });

  it('the tax type is chosen on the form: it proposes the VAT (0 for 면세 and 영세율, a tenth for 과세) and is sent', async () => {
    const r = open('/contract/contractCreate?sourceKind=PO&sourceNo=PO2026-000303');
    await screen.findByText('PO2026-000303의 협력사와 금액을 채웠습니다.');
    const taxType = screen.getByRole('combobox', { name: /^과세 구분/ });
    expect(taxType).toHaveDisplayValue('과세 (10%)');
    expect(
      within(taxType)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['과세 (10%)', '영세율 (0%)', '면세']);
    const supply = screen.getByLabelText(/^공급가액/) as HTMLInputElement;
    const vat = screen.getByLabelText(/^부가세/) as HTMLInputElement;
    const supplyWon = BigInt(supply.value.replace(/,/g, ''));
    expect(BigInt(vat.value.replace(/,/g, ''))).toBe(supplyWon / 10n);
    fireEvent.change(taxType, { target: { value: 'EXEMPT' } });
    await waitFor(() => expect(vat).toHaveValue('0'));
    fireEvent.change(taxType, { target: { value: 'TAXABLE' } });
    await waitFor(() => expect(BigInt(vat.value.replace(/,/g, ''))).toBe(supplyWon / 10n));
    fireEvent.change(taxType, { target: { value: 'ZERO_RATED' } });
    await waitFor(() => expect(vat).toHaveValue('0'));
    fireEvent.change(screen.getByRole('combobox', { name: /계약서 양식/ }), { target: { value: 'SUPPLY' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^당사 서명자/ }), { target: { value: 'operator' } });
    fireEvent.click(screen.getByRole('button', { name: '계약서 작성' }));
    await confirmDialog();
    await waitFor(() => expect(lastCall(r.services.calls, 'createContract')).toBeDefined());
    expect(lastCall(r.services.calls, 'createContract')!.input.body).toMatchObject({
      taxType: 'ZERO_RATED',
      vatAmount: '0',
    });
  });

  it('an amendment starts from the original’s tax type and sends it', async () => {
    const r = open('/contract/contractCreate?amends=CT2026-000007', {
      original: { ...ORIGINAL, taxType: 'EXEMPT', vatAmount: '0', totalAmount: '1000000' },
    });
    const taxType = await screen.findByRole('combobox', { name: /^과세 구분/ });
    await waitFor(() => expect(taxType).toHaveDisplayValue('면세'));
    fireEvent.change(screen.getByLabelText(/^계약명/), { target: { value: '설비 보수 자재 공급계약 (변경)' } });
    expect(await saveAmendment(r)).toMatchObject({ taxType: 'EXEMPT', vatAmount: '0' });
  });

  it('names what is missing instead of sending', async () => {
    const r = open('/contract/contractCreate');
    await screen.findByRole('combobox', { name: /계약서 양식/ });
    fireEvent.click(screen.getByRole('button', { name: '계약서 작성' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent(/협력사.*계약명.*공급가액/);
    expect(lastCall(r.services.calls, 'createContract')).toBeUndefined();
  });

  it('an amendment starts from the original’s terms and sends the changed ones to its amendments', async () => {
    const r = open('/contract/contractCreate?amends=CT2026-000007');
    await screen.findByText(/원계약 CT2026-000007 \(설비 보수 자재 공급계약\)의 변경계약/);
    const end = screen.getByLabelText(/^계약 종료일/);
    await waitFor(() => expect(end).toHaveValue('2027-12-31'));
    const title = screen.getByLabelText(/^계약명/);
    fireEvent.change(title, { target: { value: '설비 보수 자재 공급계약 (변경)' } });
    fireEvent.click(screen.getByRole('button', { name: '변경계약서 작성' }));
    await confirmDialog();
    await waitFor(() => expect(lastCall(r.services.calls, 'createContractAmendment')).toBeDefined());
    expect(lastCall(r.services.calls, 'createContractAmendment')!.input).toMatchObject({
      path: { econtractNo: 'CT2026-000007' },
      body: {
        templateNo: 'SUPPLY',
        title: '설비 보수 자재 공급계약 (변경)',
        supplyAmount: '1000000',
        vatAmount: '100000',
        startDate: '2027-01-01',
        endDate: '2027-12-31',
        buyerSignerId: 'operator',
      },
    });
    expect(lastCall(r.services.calls, 'createContract')).toBeUndefined();
    await waitFor(() => expect(r.address()).toBe('/contract/contractDetail?contractNo=CT2026-000011'));
  });
  it('a link from the order opens the form filled from it', async () => {
    const r = open('/contract/contractCreate?sourceKind=PO&sourceNo=PO2026-000303');
    await screen.findByText('PO2026-000303의 협력사와 금액을 채웠습니다.');
    expect(lastCall(r.services.calls, 'getPo')!.input.path).toEqual({ poNo: 'PO2026-000303' });
    expect(screen.getByRole('combobox', { name: /근거 문서/ })).toHaveValue('PO');
    expect(screen.getByLabelText(/^근거 번호/)).toHaveValue('PO2026-000303');
    expect(screen.getByLabelText(/^계약명/)).toHaveValue('포장재 발주');
  });

  describe('the change of the order or LOI the amendment agrees', () => {
    it('a PO contract: the new due date and the changed line only, as the order change', async () => {
      const r = open('/contract/contractCreate?amends=CT2026-000007');
      const section = await screen.findByRole('group', { name: '발주/LOI 변경 내용' });
      expect(lastCall(r.services.calls, 'getPo')!.input.path).toEqual({ poNo: 'PO2026-000301' });
      // The order's current values, prefilled.
      const due = within(section).getByLabelText(/^새 납기일/);
      expect(due).toHaveValue('2026-12-20');
      const table = within(section).getByRole('table');
      expect(within(table).getAllByRole('row')).toHaveLength(3);
      const qty1 = within(table).getByLabelText('1번 베어링 6204 새 수량');
      expect(qty1).toHaveValue('10');
      expect(within(table).getByLabelText('2번 오일씰 35x52 새 수량')).toHaveValue('2.5');
      expect(within(section).getByRole('status')).toHaveTextContent('바뀐 내용이 없습니다');

      type(due, '2027-01-15');
      type(qty1, '12');
      // Typed again as it was: not a change.
      type(within(table).getByLabelText('2번 오일씰 35x52 새 단가'), '1,000.00');
      expect(within(section).getByRole('status')).toHaveTextContent('변경 내용이 함께 기록됩니다');
      const body = await saveAmendment(r);
      expect(body.sourceChange).toEqual({ dueDate: '2027-01-15', lines: [{ lineNo: 1, quantity: '12' }] });
    });

    it('an LOI contract: its new amount and last valid day', async () => {
      const r = open('/contract/contractCreate?amends=CT2026-000008', {
        original: { ...ORIGINAL, contractNo: 'CT2026-000008', sourceKind: 'LOI', sourceNo: 'LOI2026-000021' },
      });
      const section = await screen.findByRole('group', { name: '발주/LOI 변경 내용' });
      expect(lastCall(r.services.calls, 'getLoi')!.input.path).toEqual({ loiNo: 'LOI2026-000021' });
      const amount = within(section).getByLabelText(/^새 LOI 금액/);
      const until = within(section).getByLabelText(/^새 유효 종료일/);
      expect(amount).toHaveValue('30,000,000');
      expect(until).toHaveValue('2027-02-18');
      expect(within(section).queryByRole('table')).toBeNull();
      type(amount, '36,000,000');
      type(until, '2027-03-31');
      const body = await saveAmendment(r);
      expect(body.sourceChange).toEqual({ amount: '36000000', validUntil: '2027-03-31' });
    });

    it('nothing changed: no sourceChange is sent', async () => {
      const r = open('/contract/contractCreate?amends=CT2026-000007');
      const section = await screen.findByRole('group', { name: '발주/LOI 변경 내용' });
      await waitFor(() => expect(within(section).getByLabelText(/^새 납기일/)).toHaveValue('2026-12-20'));
      const body = await saveAmendment(r);
      expect(body).not.toHaveProperty('sourceChange');
      expect(body.title).toBe('설비 보수 자재 공급계약');
    });

    it('a contract with no source shows no change section', async () => {
      const r = open('/contract/contractCreate?amends=CT2026-000009', {
        original: { ...ORIGINAL, contractNo: 'CT2026-000009', sourceKind: 'NONE', sourceNo: null },
      });
      await screen.findByText(/원계약 CT2026-000009/);
      await waitFor(() => expect(screen.getByLabelText(/^계약 종료일/)).toHaveValue('2027-12-31'));
      expect(screen.queryByRole('group', { name: '발주/LOI 변경 내용' })).toBeNull();
      expect(lastCall(r.services.calls, 'getPo')).toBeUndefined();
      const body = await saveAmendment(r);
      expect(body).not.toHaveProperty('sourceChange');
    });

    it('the server’s refusal of the change is shown in its words and the form stays', async () => {
      const r = open('/contract/contractCreate?amends=CT2026-000007', {
        amend: () => {
          throw new OperationError(409, 'PO_CHANGE_PENDING', '결재 중인 발주 변경이 있어 변경할 수 없습니다');
        },
      });
      const section = await screen.findByRole('group', { name: '발주/LOI 변경 내용' });
      type(within(section).getByLabelText('1번 베어링 6204 새 단가'), '1200');
      const body = await saveAmendment(r);
      expect(body.sourceChange).toEqual({ lines: [{ lineNo: 1, unitPrice: '1200' }] });
      const alert = await screen.findByRole('alertdialog');
      expect(alert).toHaveTextContent('결재 중인 발주 변경이 있어 변경할 수 없습니다');
      expect(r.address()).not.toContain('contractDetail');
    });
  });
});
