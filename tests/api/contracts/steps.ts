import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { latestCode, type LoggedIn } from '../../helpers/login.js';
import type { api } from '../fulfilment/helpers.js';

/**
 * The steps every contract test walks — one approver for contracts, submit and approve, the supplier's and the
 * buyer's signatures — written once: the three contract suites each had their own copy, and a change to the signing
 * ceremony (the 열람 before a signature, the one-time code) had to be made three times.
 */

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Today in Korea by the real clock: a sign deadline, which the server checks against the real day. */
export const kstToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

/** A 200 answer's body, read field by field; any other status fails with the body in the message. */
export const ok = (r: { status: number; body: unknown }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in the tests
  return r.body as Record<string, any>;
};

/** One approval step (opadmin, E000002) for every contract amount: approval line and rule number `id`. */
export async function oneContractApprover(t: TestApp, id: number): Promise<void> {
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

interface Parties {
  operator: LoggedIn;
  opadmin: LoggedIn;
  supplier1: LoggedIn;
}

/** The signing steps of one suite's app: `operator` drafts and signs for the buyer, `opadmin` approves. */
export function contractSteps(t: TestApp, http: ReturnType<typeof api>, who: () => Parties) {
  const detail = async (no: string) => ok(await http.get(`/api/v1/contracts/${no}`, who().operator));

  /** Submits the draft at `version` and approves it: the contract is sent to the supplier. Answers its detail. */
  async function submitAndApprove(no: string, version: number) {
    const { operator, opadmin } = who();
    ok(await http.post(`/api/v1/contracts/${no}/submit`, operator, { version }));
    const approval = await t.db.db
      .selectFrom('approval')
      .select(['approvalId', 'version'])
      .where('docType', '=', 'CONTRACT')
      .where('docNo', '=', no)
      .executeTakeFirstOrThrow();
    ok(await http.post(`/api/v1/approvals/${approval.approvalId}/approve`, opadmin, { version: approval.version }));
    return detail(no);
  }

  /**
   * The supplier's signature: its 열람 on the signing screen (the one step that records VIEWED; the bytes shown are
   * the ones signed), the one-time code, the signature. Answers the sign request's response.
   */
  async function supplierSigns(no: string, signer = who().supplier1) {
    const doc = await http.post(`/api/v1/cyber/contracts/${no}/view`, signer);
    expect(doc.status).toBe(200);
    const shown = sha256(doc.res.rawPayload);
    expect(doc.res.headers['x-content-sha256']).toBe(shown);
    ok(await http.post(`/api/v1/cyber/contracts/${no}/sign-code`, signer));
    const code = await latestCode(t.app);
    const c = ok(await http.get(`/api/v1/cyber/contracts/${no}`, signer));
    return http.post(`/api/v1/cyber/contracts/${no}/sign`, signer, {
      version: c.version,
      documentSha: shown,
      consent: true,
      code,
    });
  }

  /** The buyer's named signer opens the copy awaiting its signature (열람). */
  const buyerViews = async (no: string) => ok(await http.post(`/api/v1/contracts/${no}/view`, who().operator));

  /** The buyer's signature on the copy it has opened (`buyerViews` first). Answers the sign request's response. */
  async function buyerSignsViewed(no: string) {
    const c = await detail(no);
    return http.post(`/api/v1/contracts/${no}/sign`, who().operator, {
      version: c.version,
      documentSha: c.documentSha,
      consent: true,
    });
  }

  return { detail, submitAndApprove, supplierSigns, buyerViews, buyerSignsViewed };
}
