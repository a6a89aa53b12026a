/**
 * Test helpers of the purchase-order screens: the screens on their routes in one memory router
 * over the fixture server (po-fixtures.ts), so a test follows links and sees state change.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import type { Authority, OperationInput } from '../../engine/services';
import { createFixtureEngineServices } from '../../engine/testing/fixture-engine-services';
import { renderScreenRoutes } from '../../engine/testing/screen-routes-harness';
import { screenDefinitions, screenTexts } from '../index';
import { PO_FIXTURE_CODES, createPoFixtures } from './po-fixtures';

/** Login data (spec §3) of the demo buyer, the purchasing manager who approves orders, and the system administrator. */
const LOGINS = {
  '20': {
    auth: 'U',
    authGroupId: '20',
    section: 'D1000',
    deptcd: 'D1240',
    deptnm: '구매운영팀',
    hname: '김민수',
    singleid: 'E000004',
  },
  '50': {
    auth: 'S',
    authGroupId: '50',
    section: 'D1000',
    deptcd: 'D1210',
    deptnm: '구매기획팀',
    hname: '박성호',
    singleid: 'E000002',
  },
  '99': {
    auth: 'S',
    authGroupId: '99',
    section: 'D1000',
    deptcd: 'D1310',
    deptnm: '정보전략팀',
    hname: '이정민',
    singleid: 'E000001',
  },
};

const PO_ROUTES: Record<string, string> = {
  // Where the agreement's e-contract link goes.
  '/contract/contractDetail': 'contract.contractDetail',
  '/OrderRequestList': 'purchaseOrder.orderRequestList',
  '/OrderRequestEdit': 'purchaseOrder.orderRequestEdit',
  '/SimpleOrderList': 'purchaseOrder.simpleOrderList',
  '/SimpleOrderEdit': 'purchaseOrder.simpleOrderEdit',
  '/LoiRequestList': 'purchaseOrder.loiRequestList',
  '/LoiRequestEdit': 'purchaseOrder.loiRequestEdit',
  '/portal/poChange/poChangeInfo': 'purchaseOrder.poChangeInfo',
  '/AgreementList': 'purchaseOrder.agreementList',
  '/AgreementEdit': 'purchaseOrder.agreementEdit',
  '/AgreementConsumption': 'purchaseOrder.agreementConsumption',
};

export interface FlowOptions {
  answers?: Record<string, (input: OperationInput) => unknown>;
  authority?: Authority;
  /** Authority group of the login (default 20: the buyer 김민수). */
  group?: '20' | '50' | '99';
}

export function renderPoFlow(initial: string, options: FlowOptions = {}) {
  const fixtures = createPoFixtures();
  const services = createFixtureEngineServices({
    answers: { ...fixtures.answers, ...options.answers },
    codes: PO_FIXTURE_CODES,
    login: LOGINS[options.group ?? '20'],
    authority: options.authority,
  });
  const r = renderScreenRoutes({
    entries: screenDefinitions,
    texts: screenTexts,
    services,
    routes: PO_ROUTES,
    initial,
  });
  return { ...r, services, fixtures };
}

type Calls = Array<{ operation: string; input: OperationInput }>;
export const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);
export const callsOf = (calls: Calls, op: string) => calls.filter((c) => c.operation === op);

/** Answers the open confirmation (alertdialog). */
export async function answer(button: '확인' | '취소') {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
}

/** The open prompt dialog (an action asking for a reason or a comment). */
export async function promptDialog(title: string): Promise<HTMLElement> {
  return screen.findByRole('dialog', { name: title });
}
