// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionsFrom, nextStatus, transition } from '../../../../server/domain/machine';
import { TAX_INVOICE_MACHINE as M, TAX_INVOICE_STATUSES } from '../../../../server/modules/tax-invoices/machine';

describe('the reverse-issued tax invoice lifecycle', () => {
  it('walks 작성 → 역발행요청 → 발행 → 국세청 전송 → 전송 성공', () => {
    let s: string = 'DRAFT';
    for (const a of ['request', 'issue', 'send', 'ntsSucceeded'] as const) s = transition(M, a, s);
    expect(s).toBe('NTS_SUCCESS');
  });

  it('refused, then asked again; a failed transmission sent again', () => {
    expect(nextStatus(M, 'refuse', 'REQUESTED')).toBe('REFUSED');
    expect(nextStatus(M, 'request', 'REFUSED')).toBe('REQUESTED');
    expect(nextStatus(M, 'ntsFailed', 'SENT')).toBe('NTS_FAILED');
    expect(nextStatus(M, 'send', 'NTS_FAILED')).toBe('SENT');
  });

  it('refuses every other move with the state named in Korean', () => {
    expect(() => transition(M, 'issue', 'DRAFT')).toThrow('작성 상태의 세금계산서는 발행할 수 없습니다');
    expect(() => transition(M, 'cancelRequest', 'ISSUED')).toThrow('발행 상태의 세금계산서는 요청 취소할 수 없습니다');
    // Nothing leaves a successful transmission but an amendment, which is a new document.
    expect(actionsFrom(M, 'NTS_SUCCESS')).toEqual(['amend']);
    let allowed = 0;
    for (const s of TAX_INVOICE_STATUSES) allowed += actionsFrom(M, s).length;
    expect(allowed).toBe(12);
  });
});
