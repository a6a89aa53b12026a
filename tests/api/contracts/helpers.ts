import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import type { api } from '../fulfilment/helpers.js';
import { awardedRfq, client, day, logins, type Flow } from '../purchase/helpers.js';

/** The contract suites' steps that every one of them takes the same way: answers, the approval set-up, approvals. */
export type Http = ReturnType<typeof api>;

/** The answer of a request that must succeed (200), read field by field. */
export const okBody = (r: { status: number; body: unknown }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in the tests
  return r.body as Record<string, any>;
};

/** One approval step (opadmin, E000002) for every contract amount: approval line and rule number `id`. */
export async function oneStepContractApproval(t: TestApp, id: number) {
  await t.db.db
    .insertInto('approvalLine')
    .values({ lineId: id, lineName: '전자계약 결재', description: null })
    .execute();
  await t.db.db.insertInto('approvalLineStep').values({ lineId: id, stepNo: 1, approverId: 'E000002' }).execute();
  await t.db.db
    .insertInto('approvalRule')
    .values({ ruleId: id, docType: 'CONTRACT', minAmount: '0', maxAmount: null, lineId: id, description: 'test' })
    .execute();
}

/** The buyer submits the contract at `version` and opadmin approves its CONTRACT approval (one step). */
export async function submitAndApproveContract(
  t: TestApp,
  http: Http,
  who: { operator: LoggedIn; opadmin: LoggedIn },
  no: string,
  version: number,
) {
  okBody(await http.post(`/api/v1/contracts/${no}/submit`, who.operator, { version }));
  const approval = await t.db.db
    .selectFrom('approval')
    .select(['approvalId', 'version'])
    .where('docType', '=', 'CONTRACT')
    .where('docNo', '=', no)
    .executeTakeFirstOrThrow();
  okBody(
    await http.post(`/api/v1/approvals/${approval.approvalId}/approve`, who.opadmin, { version: approval.version }),
  );
}

/** An order to C00001 from an awarded quotation request, submitted and approved by opadmin; answers the flow and its number. */
export async function approvedPo(t: TestApp, http: Http, who: { operator: LoggedIn; opadmin: LoggedIn }) {
  const f: Flow = {
    ...client(t),
    u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'supplier1', 'supplier2']),
  };
  const rfq = await awardedRfq(f, 'C00001');
  const po0 = okBody(
    await http.post('/api/v1/pos', who.operator, { rfqNo: rfq.rfqNo, rfqVersion: rfq.version, dueDate: day(20) }),
  );
  const submitted = okBody(await http.post(`/api/v1/pos/${po0.poNo}/submit`, who.operator, { version: po0.version }));
  const pa = submitted.approvals.at(-1);
  okBody(await http.post(`/api/v1/approvals/${pa.approvalId}/approve`, who.opadmin, { version: pa.version }));
  return { f, poNo: po0.poNo as string };
}
