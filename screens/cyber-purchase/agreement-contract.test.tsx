import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGlideJsdom } from '../../engine/testing/grid';
import { NO_LINKAGE } from '../testing/agreement-answer';
import { renderCyberFlow } from './cyber-fixtures';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const AGREEMENT = {
  agreementNo: 'AG2026-000001',
  compNo: 'C00001',
  compNameKr: '한빛정밀',
  title: '베어링 단가계약',
  currency: 'KRW',
  validFrom: '2026-11-01',
  validTo: '2027-10-31',
  status: 'ACTIVE',
  ceilingAmount: null,
  orderedAmount: '0.00',
  remainingAmount: null,
  contractNo: 'EC2026-000010' as string | null,
  buyerName: '김민수',
  buyerEmail: null,
  buyerTelNo: null,
  version: 3,
  lines: [],
  callOffs: [],
  ...NO_LINKAGE,
};

describe('CyberAgreementEdit: the e-contract link', { timeout: 30_000 }, () => {
  it('opens the supplier’s contract screen with the agreement’s e-contract number', async () => {
    const { router } = renderCyberFlow('/cyber/CyberAgreementEdit?agreementNo=AG2026-000001', {
      answers: { getSupplierAgreement: () => AGREEMENT },
    });
    await screen.findByDisplayValue('베어링 단가계약');
    fireEvent.click(await screen.findByRole('button', { name: '전자계약 보기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cyber/contract/contractSign'));
    expect(new URLSearchParams(router.state.location.search).get('contractNo')).toBe('EC2026-000010');
  });

  it('without an e-contract number there is no link', async () => {
    renderCyberFlow('/cyber/CyberAgreementEdit?agreementNo=AG2026-000001', {
      answers: { getSupplierAgreement: () => ({ ...AGREEMENT, contractNo: null }) },
    });
    await screen.findByDisplayValue('베어링 단가계약');
    expect(screen.queryByRole('button', { name: '전자계약 보기' })).not.toBeInTheDocument();
  });
});
