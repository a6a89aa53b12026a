import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, prBody, refused, snapshot, type Flow } from './helpers.js';

/**
 * Deciding an approval and naming or ending a deputy are writes: the caller's group needs write
 * authority on a document menu, not only read — being the named approver is checked on top of it.
 * uadmin1 (group 31) is the first approver of every PR; taking the group's write away (read kept)
 * must stop all four operations with the menu-authority refusal and change nothing.
 */
describe('approval decisions and delegations need write authority', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['buyer', 'uadmin1']) };
  });
  afterAll(() => t.close());

  const setGroupWrite = (canWrite: 'Y' | 'N') =>
    t.db.db
      .updateTable('menuAuth')
      .set({ canWrite })
      .where('authGroupId', '=', '31')
      .where('canRead', '=', 'Y')
      .execute();
  const delegations = async () =>
    await t.db.db
      .selectFrom('approvalDelegation')
      .select(['delegationId', 'status', 'version'])
      .orderBy('delegationId')
      .execute();

  it('a named approver whose group only reads the documents may not approve, reject, delegate or cancel a delegation', async () => {
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    const submitted = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    const approval = submitted.approvals.at(-1);
    expect(approval.steps[0]).toMatchObject({ approverId: 'E000006', status: 'PENDING' });
    // Made while the group still writes, to be cancelled below.
    const mine = ok(
      await f.post('/api/v1/approval/delegations', f.u.uadmin1, {
        deputyId: 'E000002',
        fromDate: day(10),
        toDate: day(12),
      }),
    );

    await setGroupWrite('N');
    try {
      const approvalsBefore = await snapshot(t, 'approval');
      const delegationsBefore = await delegations();
      refused(
        await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, f.u.uadmin1, { version: approval.version }),
        403,
        'GPMS006',
      );
      refused(
        await f.post(`/api/v1/approvals/${approval.approvalId}/reject`, f.u.uadmin1, {
          version: approval.version,
          comment: '반려',
        }),
        403,
        'GPMS006',
      );
      refused(
        await f.post('/api/v1/approval/delegations', f.u.uadmin1, {
          deputyId: 'E000002',
          fromDate: day(20),
          toDate: day(21),
        }),
        403,
        'GPMS006',
      );
      refused(
        await f.post(`/api/v1/approval/delegations/${mine.delegationId}/cancel`, f.u.uadmin1, {
          version: mine.version,
        }),
        403,
        'GPMS006',
      );
      // Reading stays open to them.
      ok(await f.get(`/api/v1/approvals/${approval.approvalId}`, f.u.uadmin1));
      ok(await f.get('/api/v1/approval/delegations', f.u.uadmin1));
      expect(await snapshot(t, 'approval')).toEqual(approvalsBefore);
      expect(await delegations()).toEqual(delegationsBefore);
      const still = ok(await f.get(`/api/v1/approvals/${approval.approvalId}`, f.u.uadmin1));
      expect(still).toMatchObject({ status: approval.status, version: approval.version });
    } finally {
      await setGroupWrite('Y');
    }

    // With write back, the same approver decides and cancels as before.
    const done = ok(
      await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, f.u.uadmin1, { version: approval.version }),
    );
    expect(done.documentStatus).toBe('APPROVED');
    expect(
      ok(
        await f.post(`/api/v1/approval/delegations/${mine.delegationId}/cancel`, f.u.uadmin1, {
          version: mine.version,
        }),
      ).status,
    ).toBe('CANCELLED');
  });
});
