// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildCodes } from '../../../server/db/seed/codes.js';
import {
  bandsOverlap,
  decide,
  initialSteps,
  inBand,
  pickRule,
  withdraw,
  type StepState,
} from '../../../server/modules/purchase/approval/workflow.js';
import { LOI_MACHINE, effectiveLoiStatus, loiActionsFor } from '../../../server/modules/purchase/loi/workflow.js';
import {
  PO_MACHINE,
  poActionsFor,
  statusAfterApproval,
  statusAfterChange,
  withinApproval,
} from '../../../server/modules/purchase/po/workflow.js';
import { PR_MACHINE, prActionsFor, prScopeOf } from '../../../server/modules/purchase/pr/workflow.js';
import {
  QUOT_MACHINE,
  RFQ_MACHINE,
  lowest,
  quotationOpen,
  selectionAllowed,
} from '../../../server/modules/purchase/rfq/workflow.js';
import { actionsFrom, canDo, nextStatus, wrongStateMessage, type Machine } from '../../../server/domain/machine.js';
import { isBelowLimit } from '../../../server/modules/purchase/simple-order/workflow.js';

const codes = buildCodes().codes;
const codeTexts = (group: string) => new Map(codes.filter((c) => c.groupId === group).map((c) => [c.code, c.textKo]));

/** Every machine's states are its code group's codes, with the same Korean names. */
describe.each([
  ['PR_STATUS', PR_MACHINE],
  ['PO_STATUS', PO_MACHINE],
  ['LOI_STATUS', LOI_MACHINE],
  ['QUOT_STATUS', QUOT_MACHINE],
  ['RFQ_STATUS', RFQ_MACHINE],
] as Array<[string, Machine<string, string>]>)('%s lifecycle', (group, m) => {
  it('matches the common codes', () => {
    const texts = codeTexts(group);
    expect([...texts.keys()].sort()).toEqual([...m.statuses].sort());
    for (const s of m.statuses) expect(m.statusLabels[s], s).toBe(texts.get(s));
  });

  it('leads only to known states, from known states', () => {
    for (const [action, t] of Object.entries(m.transitions)) {
      for (const from of t.from) expect(m.statuses, `${action} from ${from}`).toContain(from);
      if (t.to !== 'same') expect(m.statuses, action).toContain(t.to);
      expect(m.actionLabels[action], action).toMatch(/[가-힣]/);
    }
  });
});

describe('state machine helpers', () => {
  it('answers the next state or null, and the actions from a state', () => {
    expect(nextStatus(PR_MACHINE, 'submit', 'DRAFT')).toBe('IN_APPROVAL');
    expect(nextStatus(PR_MACHINE, 'submit', 'REJECTED')).toBe('IN_APPROVAL');
    expect(nextStatus(PR_MACHINE, 'update', 'DRAFT')).toBe('DRAFT');
    expect(nextStatus(PR_MACHINE, 'submit', 'IN_APPROVAL')).toBeNull();
    expect(canDo(PR_MACHINE, 'receive', 'APPROVED')).toBe(true);
    expect(canDo(PR_MACHINE, 'receive', 'RECEIVED')).toBe(false);
    expect(actionsFrom(PR_MACHINE, 'CANCELLED')).toEqual([]);
    expect(actionsFrom(PR_MACHINE, 'ORDERED')).toEqual([]);
    expect(wrongStateMessage(PR_MACHINE, 'update', 'IN_APPROVAL')).toBe('결재중 상태의 구매요청은 수정할 수 없습니다');
    expect(wrongStateMessage(LOI_MACHINE, 'accept', 'ACCEPTED')).toBe('수락 상태의 LOI는 수락할 수 없습니다');
  });

  it('walks the PR happy path and its exits', () => {
    const path = ['submit', 'approve', 'receive', 'requestQuote', 'order'] as const;
    let s: string = 'DRAFT';
    for (const a of path) s = nextStatus(PR_MACHINE, a, s)!;
    expect(s).toBe('ORDERED');
    expect(nextStatus(PR_MACHINE, 'reject', 'IN_APPROVAL')).toBe('REJECTED');
    expect(nextStatus(PR_MACHINE, 'return', 'RECEIVED')).toBe('REJECTED');
    expect(nextStatus(PR_MACHINE, 'reopen', 'QUOT_REQUESTED')).toBe('RECEIVED');
    expect(nextStatus(PR_MACHINE, 'cancel', 'RECEIVED')).toBeNull();
  });

  it('gives each PR role its own buttons', () => {
    const none = { isRequester: false, canPurchase: false, isBuyer: false, isManager: false, canWritePr: true };
    expect(prActionsFor('DRAFT', { ...none, isRequester: true })).toEqual(['update', 'submit', 'cancel']);
    expect(prActionsFor('DRAFT', none)).toEqual([]);
    expect(prActionsFor('DRAFT', { ...none, isRequester: true, canWritePr: false })).toEqual([]);
    expect(prActionsFor('APPROVED', { ...none, canPurchase: true })).toEqual(['receive', 'return']);
    expect(prActionsFor('RECEIVED', { ...none, canPurchase: true })).toEqual([]);
    expect(prActionsFor('RECEIVED', { ...none, canPurchase: true, isBuyer: true })).toEqual(['return', 'requestQuote']);
    expect(prActionsFor('IN_APPROVAL', { ...none, isRequester: true })).toEqual(['cancel']);
  });

  it('scopes PR lists by authority group (spec §6 prefill rules)', () => {
    const me = { deptcd: 'D1220', section: 'D1000' };
    expect(prScopeOf({ ...me, authGroupId: '30' })).toEqual({ kind: 'self' });
    expect(prScopeOf({ ...me, authGroupId: '31' })).toEqual({ kind: 'dept', deptcd: 'D1220' });
    expect(prScopeOf({ ...me, authGroupId: '32' })).toEqual({ kind: 'section', section: 'D1000' });
    for (const g of ['33', '34', '10', '20', '40', '50', '51', '99'])
      expect(prScopeOf({ ...me, authGroupId: g })).toEqual({ kind: 'all' });
  });
});

describe('purchase order rules', () => {
  it('sends on approval when FORWARD_YN is Y; asks for a new acknowledgment after a change', () => {
    expect(statusAfterApproval('Y')).toBe('SENT');
    expect(statusAfterApproval('N')).toBe('APPROVED');
    expect(statusAfterChange('ACKNOWLEDGED')).toBe('SENT');
    expect(statusAfterChange('SENT')).toBe('SENT');
    expect(statusAfterChange('PARTLY_DELIVERED')).toBe('PARTLY_DELIVERED');
    expect(nextStatus(PO_MACHINE, 'acknowledge', 'ACKNOWLEDGED')).toBeNull();
    expect(nextStatus(PO_MACHINE, 'reject', 'IN_APPROVAL')).toBe('DRAFT');
    expect(nextStatus(PO_MACHINE, 'cancel', 'PARTLY_DELIVERED')).toBeNull();
  });

  it('never goes above the approved amount', () => {
    expect(withinApproval('12500.00', '12500.00')).toBe(true);
    expect(withinApproval('12500.01', '12500.00')).toBe(false);
    expect(withinApproval('99', null)).toBe(true);
  });

  it('offers actions to the buyer or a manager holding the edit screen, never approval or acknowledgment', () => {
    const buyer = { isBuyer: true, isManager: false, canWrite: true };
    expect(poActionsFor('DRAFT', buyer, { delivered: false })).toEqual(['update', 'submit', 'cancel']);
    expect(poActionsFor('IN_APPROVAL', buyer, { delivered: false })).toEqual(['cancel']);
    expect(poActionsFor('SENT', buyer, { delivered: false })).toEqual(['change', 'cancel']);
    expect(poActionsFor('ACKNOWLEDGED', buyer, { delivered: true })).toEqual(['change']);
    expect(poActionsFor('SENT', { ...buyer, isBuyer: false }, { delivered: false })).toEqual([]);
    expect(poActionsFor('SENT', { isBuyer: false, isManager: true, canWrite: true }, { delivered: false })).toEqual([
      'change',
      'cancel',
    ]);
    expect(poActionsFor('SENT', { ...buyer, canWrite: false }, { delivered: false })).toEqual([]);
  });

  it('keeps simple orders strictly below the limit', () => {
    expect(isBelowLimit('4999999', '5000000')).toBe(true);
    expect(isBelowLimit('5000000', '5000000')).toBe(false);
  });
});

describe('LOI rules', () => {
  it('reads an issued LOI past its validity as expired; other states as they are', () => {
    expect(effectiveLoiStatus('ISSUED', '2026-11-20', '2026-11-21')).toBe('EXPIRED');
    expect(effectiveLoiStatus('ISSUED', '2026-11-21', '2026-11-21')).toBe('ISSUED');
    expect(effectiveLoiStatus('ACCEPTED', '2026-01-01', '2026-11-21')).toBe('ACCEPTED');
    expect(nextStatus(LOI_MACHINE, 'approve', 'IN_APPROVAL')).toBe('ISSUED');
    expect(nextStatus(LOI_MACHINE, 'cancel', 'ACCEPTED')).toBeNull();
    expect(loiActionsFor('ISSUED', { isBuyer: true, isManager: false, canWrite: true })).toEqual(['cancel']);
    expect(loiActionsFor('DRAFT', { isBuyer: false, isManager: false, canWrite: true })).toEqual([]);
  });
});

describe('quotation rules', () => {
  const deadline = new Date('2026-12-01T09:00:00Z');
  it('is open until the deadline while the request is open', () => {
    expect(quotationOpen('OPEN', deadline, new Date('2026-12-01T08:59:59Z'))).toBe(true);
    expect(quotationOpen('OPEN', deadline, new Date('2026-12-01T09:00:01Z'))).toBe(false);
    expect(quotationOpen('AWARDED', deadline, new Date('2026-11-01T00:00:00Z'))).toBe(false);
  });

  it('allows selection after the deadline or once everyone has answered', () => {
    const before = new Date('2026-11-30T00:00:00Z');
    expect(selectionAllowed(deadline, before, ['SUBMITTED', 'CHECKED'])).toBe(false);
    expect(selectionAllowed(deadline, before, ['SUBMITTED', 'SUBMITTED'])).toBe(true);
    expect(selectionAllowed(deadline, new Date('2026-12-02T00:00:00Z'), ['REQUESTED'])).toBe(true);
    expect(selectionAllowed(deadline, before, [])).toBe(false);
  });

  it('finds the lowest total and the lowest price per line among answered quotations', () => {
    const best = lowest([
      {
        compNo: 'A',
        status: 'SUBMITTED',
        totalAmount: '300.00',
        lines: [
          { lineNo: 1, unitPrice: '10.00' },
          { lineNo: 2, unitPrice: '5.00' },
        ],
      },
      {
        compNo: 'B',
        status: 'SUBMITTED',
        totalAmount: '250.00',
        lines: [
          { lineNo: 1, unitPrice: '12.00' },
          { lineNo: 2, unitPrice: '2.50' },
        ],
      },
      { compNo: 'C', status: 'CHECKED', totalAmount: null, lines: [] },
    ]);
    expect(best.total).toBe('250.00');
    expect(Object.fromEntries(best.byLine)).toEqual({ 1: '10.00', 2: '2.50' });
    expect(lowest([]).total).toBeNull();
  });
});

describe('approval', () => {
  const rules = [
    { ruleId: 1, minAmount: '0', maxAmount: '10000000' },
    { ruleId: 2, minAmount: '10000000', maxAmount: null },
  ];

  it('picks the rule whose band holds the amount: lower bound in, upper bound out', () => {
    expect(pickRule(rules, '0')?.ruleId).toBe(1);
    expect(pickRule(rules, '9999999')?.ruleId).toBe(1);
    expect(pickRule(rules, '10000000')?.ruleId).toBe(2);
    expect(pickRule(rules, '999999999999')?.ruleId).toBe(2);
    expect(pickRule(rules.slice(0, 1), '10000000')).toBeNull();
    expect(inBand({ minAmount: '5', maxAmount: '10' }, '10')).toBe(false);
  });

  it('detects overlapping bands, open-ended ones included', () => {
    expect(bandsOverlap({ minAmount: '0', maxAmount: '100' }, { minAmount: '100', maxAmount: null })).toBe(false);
    expect(bandsOverlap({ minAmount: '0', maxAmount: '101' }, { minAmount: '100', maxAmount: null })).toBe(true);
    expect(bandsOverlap({ minAmount: '50', maxAmount: null }, { minAmount: '100', maxAmount: null })).toBe(true);
    expect(bandsOverlap({ minAmount: '5', maxAmount: '6' }, { minAmount: '0', maxAmount: '100' })).toBe(true);
  });

  it('asks the approvers in order; the last approval approves; any rejection rejects and skips the rest', () => {
    const steps = initialSteps(['A', 'B', 'C']);
    expect(steps.map((s) => s.status)).toEqual(['PENDING', 'WAITING', 'WAITING']);
    expect(decide('PENDING', steps, 'B', 'APPROVE')).toEqual({ ok: false, reason: 'NOT_CURRENT_APPROVER' });
    const one = decide('PENDING', steps, 'A', 'APPROVE');
    if (!one.ok) throw new Error('A should approve');
    expect(one).toMatchObject({ outcome: 'NEXT', status: 'IN_PROGRESS', currentStep: 2, acted: 1 });
    const two = decide(one.status, one.steps, 'B', 'APPROVE');
    if (!two.ok) throw new Error('B should approve');
    const three = decide(two.status, two.steps, 'C', 'APPROVE');
    expect(three).toMatchObject({ ok: true, outcome: 'APPROVED', status: 'APPROVED', currentStep: null });
    if (!three.ok) throw new Error('C should approve');
    expect(decide(three.status, three.steps, 'C', 'APPROVE')).toEqual({ ok: false, reason: 'FINISHED' });
    const rejected = decide(one.status, one.steps, 'B', 'REJECT');
    expect(rejected).toMatchObject({ ok: true, outcome: 'REJECTED', status: 'REJECTED' });
    if (rejected.ok)
      expect(rejected.steps.map((s: StepState) => s.status)).toEqual(['APPROVED', 'REJECTED', 'SKIPPED']);
    expect(() => initialSteps([])).toThrow();
  });

  it('skips the open steps of a withdrawn approval', () => {
    const steps: StepState[] = [
      { stepNo: 1, approverId: 'A', status: 'APPROVED' },
      { stepNo: 2, approverId: 'B', status: 'PENDING' },
      { stepNo: 3, approverId: 'C', status: 'WAITING' },
    ];
    expect(withdraw(steps).map((s) => s.status)).toEqual(['APPROVED', 'SKIPPED', 'SKIPPED']);
  });
});
