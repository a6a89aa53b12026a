import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, prBody, refused, snapshot, type Flow } from './helpers.js';

/** Approval administration: rules by document type and amount band, lines of ordered approvers. */
describe('approval rules and lines', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['admin', 'opadmin', 'buyer', 'uadmin1', 'uadmin3', 'monitor', 'operator']),
    };
  });
  afterAll(() => t.close());

  it('lists the seeded rules and lines with their approvers in order', async () => {
    const rules = ok(await f.get('/api/v1/approval/rules?size=100', f.u.admin));
    expect(
      rules.rows.map(
        (r: { docType: string; minAmount: string; maxAmount: string | null }) =>
          `${r.docType} ${r.minAmount}-${r.maxAmount ?? ''}`,
      ),
    ).toEqual(
      expect.arrayContaining([
        'PR 0-10000000',
        'PR 10000000-',
        'PO 0-100000000',
        'PO 100000000-',
        'SIMPLE 0-',
        'LOI 0-',
      ]),
    );
    expect(
      rules.rows.find((r: { docType: string; minAmount: string }) => r.docType === 'PR' && r.minAmount === '10000000')
        .approvers,
    ).toBe('강동현 → 박성호');
    const prOnly = ok(await f.get('/api/v1/approval/rules?docType=PR', f.u.admin));
    expect(prOnly.rows.every((r: { docType: string }) => r.docType === 'PR')).toBe(true);
    const lines = ok(await f.get('/api/v1/approval/lines?sort=stepCount:desc', f.u.admin));
    expect(lines.rows[0].stepCount).toBe(2);
    const line = ok(await f.get(`/api/v1/approval/lines/${lines.rows[0].lineId}`, f.u.admin));
    expect(line.steps.map((s: { stepNo: number }) => s.stepNo)).toEqual([1, 2]);
    expect(line.rules.length).toBeGreaterThan(0);
    refused(await f.get('/api/v1/approval/lines/9999', f.u.admin), 404, 'APPROVAL_LINE_NOT_FOUND');
    // Read-only and unrelated groups.
    ok(await f.get('/api/v1/approval/rules', f.u.monitor));
    refused(await f.get('/api/v1/approval/rules', f.u.buyer), 403, 'GPMS006');
  });

  it('creates, changes and deletes lines with validation, versions and audit rows', async () => {
    const bad = refused(
      await f.post('/api/v1/approval/lines', f.u.admin, {
        lineName: '',
        steps: [{ approverId: 'E000006' }, { approverId: 'E000006' }, { approverId: 'E999999' }],
      }),
      400,
      'VALIDATION',
    );
    expect(bad.details!.map((d) => d.path)).toEqual(['body/lineName', 'body/steps/1/approverId']);
    const unknown = refused(
      await f.post('/api/v1/approval/lines', f.u.admin, {
        lineName: '없는 결재자',
        steps: [{ approverId: 'E999999' }],
      }),
      400,
      'VALIDATION',
    );
    expect(unknown.details).toEqual([
      { path: 'body/steps/0/approverId', message: '사원(내부 사용자)을 찾을 수 없습니다: E999999' },
    ]);
    refused(await f.post('/api/v1/approval/lines', f.u.admin, { lineName: '빈 결재선', steps: [] }), 400, 'VALIDATION');
    refused(
      await f.post('/api/v1/approval/lines', f.u.monitor, { lineName: '모니터', steps: [{ approverId: 'E000006' }] }),
      403,
      'GPMS006',
    );

    const created = ok(
      await f.post('/api/v1/approval/lines', f.u.admin, {
        lineName: '시험 결재선',
        steps: [{ approverId: 'E000008' }, { approverId: 'E000002' }],
      }),
    );
    expect(
      created.steps.map((s: { approverId: string; approverName: string }) => [s.approverId, s.approverName]),
    ).toEqual([
      ['E000008', '한상우'],
      ['E000002', '박성호'],
    ]);
    const changed = ok(
      await f.put(`/api/v1/approval/lines/${created.lineId}`, f.u.admin, {
        lineName: '시험 결재선 2',
        steps: [{ approverId: 'E000002' }],
        version: 1,
      }),
    );
    expect(changed).toMatchObject({ lineName: '시험 결재선 2', version: 2, steps: [{ approverId: 'E000002' }] });
    const snap = await snapshot(t, 'approvalLine');
    refused(
      await f.put(`/api/v1/approval/lines/${created.lineId}`, f.u.admin, {
        lineName: '늦은 변경',
        steps: [{ approverId: 'E000002' }],
        version: 1,
      }),
      409,
      'VERSION_CONFLICT',
    );
    refused(await f.del(`/api/v1/approval/lines/${created.lineId}?version=1`, f.u.admin), 409, 'VERSION_CONFLICT');
    expect(await snapshot(t, 'approvalLine')).toEqual(snap);
    ok(await f.del(`/api/v1/approval/lines/${created.lineId}?version=2`, f.u.admin));
    refused(await f.get(`/api/v1/approval/lines/${created.lineId}`, f.u.admin), 404);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'approval_line')
      .where('entityKey', '=', String(created.lineId))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    // A line a rule uses is neither deleted nor switched off.
    const used = ok(await f.get('/api/v1/approval/lines/1', f.u.admin));
    refused(await f.del(`/api/v1/approval/lines/1?version=${used.version}`, f.u.admin), 409, 'APPROVAL_LINE_IN_USE');
    refused(
      await f.put('/api/v1/approval/lines/1', f.u.admin, {
        lineName: used.lineName,
        useYn: 'N',
        steps: [{ approverId: 'E000006' }],
        version: used.version,
      }),
      409,
      'APPROVAL_LINE_IN_USE',
    );
  });

  it('refuses overlapping bands and bad amounts; a used rule cannot be deleted', async () => {
    const overlap = refused(
      await f.post('/api/v1/approval/rules', f.u.admin, {
        docType: 'PR',
        minAmount: '5000000',
        maxAmount: '20000000',
        lineId: 1,
      }),
      409,
      'APPROVAL_RULE_OVERLAP',
    );
    expect(overlap.details![0].path).toBe('body/minAmount');
    const bad = refused(
      await f.post('/api/v1/approval/rules', f.u.admin, {
        docType: 'PR',
        minAmount: '10.5',
        maxAmount: '-1',
        lineId: 1,
      }),
      400,
      'VALIDATION',
    );
    expect(bad.details!.map((d) => d.path)).toEqual(['body/minAmount', 'body/maxAmount']);
    refused(
      await f.post('/api/v1/approval/rules', f.u.admin, {
        docType: 'PR',
        minAmount: '100',
        maxAmount: '50',
        lineId: 1,
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post('/api/v1/approval/rules', f.u.admin, { docType: 'XX', minAmount: '0', lineId: 1 }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post('/api/v1/approval/rules', f.u.admin, { docType: 'PR', minAmount: '0', lineId: 999 }),
      400,
      'VALIDATION',
    );
    // An inactive rule may overlap (it is never picked).
    const off = ok(
      await f.post('/api/v1/approval/rules', f.u.admin, {
        docType: 'PR',
        minAmount: '0',
        maxAmount: '1000',
        lineId: 3,
        useYn: 'N',
      }),
    );
    ok(await f.del(`/api/v1/approval/rules/${off.ruleId}?version=${off.version}`, f.u.admin));
    const rules = ok(await f.get('/api/v1/approval/rules?docType=PR', f.u.admin));
    const small = rules.rows.find((r: { minAmount: string }) => r.minAmount === '0');
    refused(
      await f.del(`/api/v1/approval/rules/${small.ruleId}?version=${small.version}`, f.u.admin),
      409,
      'APPROVAL_RULE_IN_USE',
    );
    refused(
      await f.put(`/api/v1/approval/rules/${small.ruleId}`, f.u.admin, {
        docType: 'PR',
        minAmount: '0',
        maxAmount: '10000000',
        lineId: 1,
        version: small.version + 5,
      }),
      409,
      'VERSION_CONFLICT',
    );
  });

  it('changes take effect for later submissions only; documents in approval keep their line', async () => {
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    const inFlight = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    expect(inFlight.approvals[0].steps.map((s: { approverId: string }) => s.approverId)).toEqual(['E000006']);
    // The small-PR line now asks uadmin3 first, then uadmin1.
    const line = ok(await f.get('/api/v1/approval/lines/1', f.u.admin));
    ok(
      await f.put('/api/v1/approval/lines/1', f.u.admin, {
        lineName: line.lineName,
        steps: [{ approverId: 'E000008' }, { approverId: 'E000006' }],
        version: line.version,
      }),
    );
    const old = ok(
      await f.post(`/api/v1/approvals/${inFlight.approvals[0].approvalId}/approve`, f.u.uadmin1, {
        version: inFlight.approvals[0].version,
      }),
    );
    expect(old.documentStatus).toBe('APPROVED');
    const next = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    const later = ok(await f.post(`/api/v1/prs/${next.prNo}/submit`, f.u.buyer, { version: next.version }));
    expect(later.approvals[0].steps.map((s: { approverId: string }) => s.approverId)).toEqual(['E000008', 'E000006']);
    refused(
      await f.post(`/api/v1/approvals/${later.approvals[0].approvalId}/approve`, f.u.uadmin1, {
        version: later.approvals[0].version,
      }),
      403,
      'NOT_ALLOWED',
    );
    ok(
      await f.post(`/api/v1/approvals/${later.approvals[0].approvalId}/approve`, f.u.uadmin3, {
        version: later.approvals[0].version,
      }),
    );
    // A rule switched off: the next submission finds no rule, and nothing changes.
    const rules = ok(await f.get('/api/v1/approval/rules?docType=PR', f.u.admin));
    const small = rules.rows.find((r: { minAmount: string }) => r.minAmount === '0');
    ok(
      await f.put(`/api/v1/approval/rules/${small.ruleId}`, f.u.admin, {
        docType: 'PR',
        minAmount: '0',
        maxAmount: '10000000',
        lineId: 1,
        useYn: 'N',
        version: small.version,
      }),
    );
    const third = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    const snap = await snapshot(t, 'approval');
    const none = refused(
      await f.post(`/api/v1/prs/${third.prNo}/submit`, f.u.buyer, { version: third.version }),
      409,
      'APPROVAL_RULE_MISSING',
    );
    expect(none.msg).toContain('45,001원');
    expect(await snapshot(t, 'approval')).toEqual(snap);
    expect(ok(await f.get(`/api/v1/prs/${third.prNo}`, f.u.buyer)).status).toBe('DRAFT');
  });

  it('shows an approval round to document readers and refuses suppliers and unknown ids', async () => {
    const pending = ok(await f.get('/api/v1/home/approvals', f.u.opadmin));
    expect(pending.total).toBeGreaterThan(0);
    const one = ok(await f.get(`/api/v1/approvals/${pending.rows[0].approvalId}`, f.u.operator));
    expect(
      one.steps.some(
        (s: { approverId: string; status: string }) => s.approverId === 'E000002' && s.status === 'PENDING',
      ),
    ).toBe(true);
    refused(await f.get('/api/v1/approvals/99999999', f.u.operator), 404, 'APPROVAL_NOT_FOUND');
  });
});
