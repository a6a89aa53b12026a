import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { multipart } from '../../helpers/multipart.js';
import { client, day, logins, ok, prBody, receivedPr, refused, snapshot, type Flow } from './helpers.js';

/** Purchase requests: create, edit, submit, approve/reject, cancel, receive, return — and every refusal. */
describe('purchase requests', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    const c = client(t);
    f = {
      ...c,
      u: await logins(t, [
        'buyer',
        'uadmin1',
        'uadmin2',
        'uadmin3',
        'opadmin',
        'operator',
        'tfadmin',
        'monitor',
        'supplier1',
      ]),
    };
  });
  afterAll(() => t.close());

  it('creates a draft with a readable number continuing the sequence, exact amounts and an audit row', async () => {
    const before = await t.db.db
      .selectFrom('documentSequence')
      .select('lastValue')
      .where('prefix', '=', 'PR')
      .where('period', '=', day(0).slice(0, 4))
      .executeTakeFirst();
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    expect(pr.prNo).toMatch(/^PR\d{4}-\d{6}$/);
    expect(Number(pr.prNo.slice(-6))).toBe((before?.lastValue ?? 0) + 1);
    expect(pr).toMatchObject({
      status: 'DRAFT',
      approvalStatus: 'NONE',
      requesterId: 'E000005',
      section: 'D1000',
      deptcd: 'D1220',
      currency: 'KRW',
      version: 1,
    });
    // 10 × 1500 = 15000; 2.5 × 12000.50 = 30001.25 → 30001 (KRW has no decimals, half up); total 45001.
    expect(pr.lines.map((l: { estAmount: string }) => l.estAmount)).toEqual(['15000.00', '30001.00']);
    expect(pr.totalAmount).toBe('45001.00');
    expect(pr.lines[0]).toMatchObject({ itemName: '육각볼트', unitCode: 'EA', sgCode: 'SGI-MRO0101-D' });
    expect(pr.lines[1]).toMatchObject({ itemCode: null, itemName: '비규격 브래킷', quantity: '2.500' });
    expect(pr.actions).toEqual(['update', 'submit', 'cancel']);
    expect(pr.history.map((h: { action: string }) => h.action)).toEqual(['CREATE']);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entity', '=', 'pr_header')
      .where('entityKey', '=', pr.prNo)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([{ action: 'CREATE', actor: 'buyer' }]);
  });

  it('refuses bad input with a field error each and writes nothing', async () => {
    const snap = await snapshot(t, 'prHeader');
    const bad = refused(
      await f.post(
        '/api/v1/prs',
        f.u.buyer,
        prBody({
          desiredDate: day(-1),
          lines: [
            { itemCode: 'MRO0101-0001', quantity: '0', estUnitPrice: '100' },
            { itemCode: 'MRO0101-0001', quantity: '1.2345', estUnitPrice: '1.234' },
            { itemCode: 'NOPE-0000', quantity: '1', estUnitPrice: '-5' },
            { itemName: '', quantity: 'abc', estUnitPrice: '1' },
          ],
        }),
      ),
      400,
      'VALIDATION',
    );
    const byPath = Object.fromEntries(bad.details!.map((d) => [d.path, d.message]));
    expect(byPath['body/desiredDate']).toBe('희망 납기일은 오늘 이후여야 합니다');
    expect(byPath['body/lines/0/quantity']).toBe('수량은 0보다 커야 합니다');
    expect(byPath['body/lines/1/quantity']).toBe('수량은 소수점 이하 3자리까지 입력할 수 있습니다');
    expect(byPath['body/lines/1/estUnitPrice']).toBe('단가는 소수점 이하 2자리까지 입력할 수 있습니다');
    expect(byPath['body/lines/2/estUnitPrice']).toBe('단가는 0 이상이어야 합니다');
    expect(byPath['body/lines/3/quantity']).toBe('수량은 숫자로 입력하세요');
    expect(byPath['body/lines/3/itemName']).toBeDefined();
    expect(byPath['body/lines/3/unitCode']).toBeDefined();
    const unknown = refused(
      await f.post(
        '/api/v1/prs',
        f.u.buyer,
        prBody({ lines: [{ itemCode: 'NOPE-0000', quantity: '1', estUnitPrice: '1' }] }),
      ),
      400,
      'VALIDATION',
    );
    expect(unknown.details).toEqual([
      { path: 'body/lines/0/itemCode', message: '등록되지 않은 품목입니다: NOPE-0000' },
    ]);
    refused(await f.post('/api/v1/prs', f.u.buyer, prBody({ lines: [] })), 400, 'VALIDATION');
    refused(await f.post('/api/v1/prs', f.u.buyer, prBody({ currency: 'USD' })), 400, 'VALIDATION');
    refused(await f.post('/api/v1/prs', f.u.buyer, prBody({ deptcd: 'D2110' })), 400, 'VALIDATION');
    expect(await snapshot(t, 'prHeader')).toEqual(snap);
  });

  it('keeps attachments through the file API; an unknown file group is refused', async () => {
    const form = await multipart([{ name: '사양서.txt', content: '사양', type: 'text/plain' }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cmmn/file/upload',
      payload: form.payload,
      headers: { ...f.u.buyer.headers, ...form.headers },
    });
    const { fileId } = ok(upload);
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody({ fileId })));
    expect(pr.fileId).toBe(fileId);
    expect(pr.attachments).toEqual([
      { fileId, seq: 1, originalName: '사양서.txt', sizeBytes: 6, mimeType: 'text/plain' },
    ]);
    const missing = refused(
      await f.post('/api/v1/prs', f.u.buyer, prBody({ fileId: '00000000-0000-0000-0000-000000000000' })),
      400,
      'VALIDATION',
    );
    expect(missing.details![0].path).toBe('body/fileId');
  });

  it('lets only the requester edit a draft; a stale version is 409 and changes nothing', async () => {
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    const edited = ok(
      await f.put(`/api/v1/prs/${pr.prNo}`, f.u.buyer, { ...prBody({ title: '수정된 구매요청' }), version: 1 }),
    );
    expect(edited).toMatchObject({ title: '수정된 구매요청', version: 2 });
    const snap = await snapshot(t, 'prHeader');
    refused(
      await f.put(`/api/v1/prs/${pr.prNo}`, f.u.buyer, { ...prBody({ title: '늦은 수정' }), version: 1 }),
      409,
      'VERSION_CONFLICT',
    );
    refused(
      await f.put(`/api/v1/prs/${pr.prNo}`, f.u.uadmin3, { ...prBody({ title: '남의 수정' }), version: 2 }),
      403,
      'NOT_ALLOWED',
    );
    refused(await f.put(`/api/v1/prs/${pr.prNo}`, f.u.monitor, { ...prBody(), version: 2 }), 403, 'GPMS006');
    refused(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.uadmin3, { version: 2 }), 403, 'NOT_ALLOWED');
    refused(await f.put('/api/v1/prs/PR2099-999999', f.u.buyer, { ...prBody(), version: 1 }), 404, 'PR_NOT_FOUND');
    expect(await snapshot(t, 'prHeader')).toEqual(snap);
    expect(
      (await t.db.db.selectFrom('prHeader').select('title').where('prNo', '=', pr.prNo).executeTakeFirstOrThrow())
        .title,
    ).toBe('수정된 구매요청');
  });

  it('submits by rule: a small PR goes to uadmin1 alone and is approved in one step', async () => {
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    const sent = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    expect(sent).toMatchObject({ status: 'IN_APPROVAL', approvalStatus: 'PENDING', actions: ['cancel'] });
    const [a] = sent.approvals;
    expect(a).toMatchObject({
      docType: 'PR',
      status: 'PENDING',
      amountKrw: '45001',
      lineName: '구매요청 결재 (1천만원 미만)',
      currentStep: 1,
    });
    expect(a.steps.map((s: { approverId: string; status: string }) => [s.approverId, s.status])).toEqual([
      ['E000006', 'PENDING'],
    ]);
    // In approval the requester cannot edit or submit again.
    refused(
      await f.put(`/api/v1/prs/${pr.prNo}`, f.u.buyer, { ...prBody(), version: sent.version }),
      409,
      'INVALID_STATE',
    );
    const again = refused(
      await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: sent.version }),
      409,
      'INVALID_STATE',
    );
    expect(again.msg).toBe('결재중 상태의 구매요청은 결재상신할 수 없습니다');
    // Only the current approver decides.
    refused(
      await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version }),
      403,
      'NOT_ALLOWED',
    );
    refused(
      await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.buyer, { version: a.version }),
      403,
      'NOT_ALLOWED',
    );
    refused(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.supplier1, { version: a.version }), 403);
    const done = ok(
      await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.uadmin1, {
        version: a.version,
        comment: '승인합니다',
      }),
    );
    expect(done.documentStatus).toBe('APPROVED');
    expect(done.approval).toMatchObject({ status: 'APPROVED', currentStep: null });
    expect(done.approval.steps[0]).toMatchObject({ status: 'APPROVED', comment: '승인합니다', approverName: '강동현' });
    refused(
      await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.uadmin1, { version: done.approval.version }),
      409,
      'INVALID_STATE',
    );
    refused(
      await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.uadmin1, { version: a.version }),
      409,
      'VERSION_CONFLICT',
    );
    const approved = ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.buyer));
    expect(approved).toMatchObject({ status: 'APPROVED', approvalStatus: 'APPROVED' });
    expect(approved.approvedAt).not.toBeNull();
    expect(approved.history.map((h: { action: string }) => h.action)).toEqual(['CREATE', 'SUBMIT', 'APPROVED']);
  });

  it('sends a PR of 10,000,000 won or more through uadmin1 then opadmin; JPY converts at JPY_RATE per 100 yen', async () => {
    // 1,200,000 JPY × 905.32 / 100 = 10,863,840 KRW: the two-step line.
    const pr = ok(
      await f.post(
        '/api/v1/prs',
        f.u.buyer,
        prBody({
          currency: 'JPY',
          lines: [{ itemName: '수입 계측기', unitCode: 'EA', quantity: '1', estUnitPrice: '1200000' }],
        }),
      ),
    );
    const sent = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    const a = sent.approvals[0];
    expect(a).toMatchObject({ amountKrw: '10863840', lineName: '구매요청 결재 (1천만원 이상)' });
    expect(a.steps.map((s: { approverId: string; status: string }) => [s.approverId, s.status])).toEqual([
      ['E000006', 'PENDING'],
      ['E000002', 'WAITING'],
    ]);
    refused(
      await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version }),
      403,
      'NOT_ALLOWED',
    );
    const first = ok(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.uadmin1, { version: a.version }));
    expect(first).toMatchObject({ documentStatus: 'IN_APPROVAL', approval: { status: 'IN_PROGRESS', currentStep: 2 } });
    expect(ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.buyer)).approvalStatus).toBe('IN_PROGRESS');
    refused(
      await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.uadmin1, { version: first.approval.version }),
      403,
      'NOT_ALLOWED',
    );
    const last = ok(
      await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: first.approval.version }),
    );
    expect(last.documentStatus).toBe('APPROVED');
  });

  it('rejects with a required comment; the requester revises and submits again', async () => {
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    const sent = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    const a = sent.approvals[0];
    const noComment = refused(
      await f.post(`/api/v1/approvals/${a.approvalId}/reject`, f.u.uadmin1, { version: a.version, comment: '  ' }),
      400,
      'VALIDATION',
    );
    expect(noComment.details).toEqual([{ path: 'body/comment', message: '반려 사유를 입력하세요' }]);
    const rejected = ok(
      await f.post(`/api/v1/approvals/${a.approvalId}/reject`, f.u.uadmin1, {
        version: a.version,
        comment: '수량 재검토 바랍니다',
      }),
    );
    expect(rejected).toMatchObject({ documentStatus: 'REJECTED', approval: { status: 'REJECTED' } });
    const back = ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.buyer));
    expect(back).toMatchObject({
      status: 'REJECTED',
      approvalStatus: 'REJECTED',
      actions: ['update', 'submit', 'cancel'],
    });
    const revised = ok(
      await f.put(`/api/v1/prs/${pr.prNo}`, f.u.buyer, {
        ...prBody({ lines: [{ itemCode: 'MRO0101-0001', quantity: '5', estUnitPrice: '1500' }] }),
        version: back.version,
      }),
    );
    const again = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: revised.version }));
    expect(again.approvals).toHaveLength(2);
    expect(again.approvals[1]).toMatchObject({ status: 'PENDING', amountKrw: '7500' });
  });

  it('cancels with a reason, withdrawing an open approval; a cancelled PR takes no further action', async () => {
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    const sent = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    refused(
      await f.post(`/api/v1/prs/${pr.prNo}/cancel`, f.u.buyer, { version: sent.version, reason: '' }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post(`/api/v1/prs/${pr.prNo}/cancel`, f.u.uadmin3, { version: sent.version, reason: '남의 취소' }),
      403,
      'NOT_ALLOWED',
    );
    const cancelled = ok(
      await f.post(`/api/v1/prs/${pr.prNo}/cancel`, f.u.buyer, { version: sent.version, reason: '계획 변경' }),
    );
    expect(cancelled).toMatchObject({
      status: 'CANCELLED',
      approvalStatus: 'WITHDRAWN',
      cancelReason: '계획 변경',
      actions: [],
    });
    expect(cancelled.approvals[0].status).toBe('WITHDRAWN');
    expect(cancelled.approvals[0].steps[0].status).toBe('SKIPPED');
    const a = cancelled.approvals[0];
    refused(
      await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.uadmin1, { version: a.version }),
      409,
      'INVALID_STATE',
    );
    refused(
      await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: cancelled.version }),
      409,
      'INVALID_STATE',
    );
    refused(
      await f.post(`/api/v1/prs/${pr.prNo}/cancel`, f.u.buyer, { version: cancelled.version, reason: '또 취소' }),
      409,
      'INVALID_STATE',
    );
  });

  it('purchasing receives an approved PR and assigns a buyer; refusals change nothing', async () => {
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    // Not approved yet: receiving is the wrong state.
    refused(
      await f.post(`/api/v1/prs/${pr.prNo}/receive`, f.u.operator, { version: pr.version, buyerId: 'E000004' }),
      409,
      'INVALID_STATE',
    );
    const received = await receivedPr(f);
    expect(received).toMatchObject({ status: 'RECEIVED', buyerId: 'E000004', buyerName: '김민수' });
    // Purchasing who reads the agreements may also look for agreements that could order its lines.
    expect(received.actions).toEqual(['return', 'requestQuote', 'proposeAgreements']);
    const p2 = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    const s2 = ok(await f.post(`/api/v1/prs/${p2.prNo}/submit`, f.u.buyer, { version: p2.version }));
    const d2 = ok(
      await f.post(`/api/v1/approvals/${s2.approvals[0].approvalId}/approve`, f.u.uadmin1, {
        version: s2.approvals[0].version,
      }),
    );
    expect(d2.documentStatus).toBe('APPROVED');
    const current = ok(await f.get(`/api/v1/prs/${p2.prNo}`, f.u.operator));
    const snap = await snapshot(t, 'prHeader');
    refused(
      await f.post(`/api/v1/prs/${p2.prNo}/receive`, f.u.buyer, { version: current.version, buyerId: 'E000004' }),
      403,
      'GPMS006',
    );
    refused(
      await f.post(`/api/v1/prs/${p2.prNo}/receive`, f.u.operator, { version: current.version, buyerId: 'E000005' }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post(`/api/v1/prs/${p2.prNo}/receive`, f.u.operator, { version: current.version, buyerId: 'E999999' }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post(`/api/v1/prs/${p2.prNo}/receive`, f.u.operator, {
        version: current.version - 1,
        buyerId: 'E000004',
      }),
      409,
      'VERSION_CONFLICT',
    );
    expect(await snapshot(t, 'prHeader')).toEqual(snap);
    ok(await f.post(`/api/v1/prs/${p2.prNo}/receive`, f.u.tfadmin, { version: current.version, buyerId: 'E000003' }));
  });

  it('purchasing returns a PR with a reason: only the assigned buyer or a manager once received', async () => {
    const received = await receivedPr(f);
    // Assigned to the operator; the TF admin (a purchasing manager) may return it, uadmin3 has no receipt screen.
    refused(
      await f.post(`/api/v1/prs/${received.prNo}/return`, f.u.uadmin3, { version: received.version, reason: 'x' }),
      403,
      'GPMS006',
    );
    refused(
      await f.post(`/api/v1/prs/${received.prNo}/return`, f.u.operator, { version: received.version, reason: ' ' }),
      400,
      'VALIDATION',
    );
    const returned = ok(
      await f.post(`/api/v1/prs/${received.prNo}/return`, f.u.tfadmin, {
        version: received.version,
        reason: '표준품으로 대체하세요',
      }),
    );
    expect(returned).toMatchObject({ status: 'REJECTED', rejectReason: '표준품으로 대체하세요' });
    refused(
      await f.post(`/api/v1/prs/${received.prNo}/return`, f.u.tfadmin, { version: returned.version, reason: '다시' }),
      409,
      'INVALID_STATE',
    );
    // The requester may revise and resubmit.
    expect(ok(await f.get(`/api/v1/prs/${received.prNo}`, f.u.buyer)).actions).toContain('submit');
  });

  it('lists PRs in the caller’s scope with paging, sorting, filters and per-currency totals', async () => {
    const mine = ok(await f.get('/api/v1/prs?size=500', f.u.buyer));
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.rows.every((r: { requesterId: string }) => r.requesterId === 'E000005')).toBe(true);
    const all = ok(await f.get('/api/v1/prs?size=5&sort=totalAmount:desc', f.u.uadmin3));
    expect(all.total).toBeGreaterThan(mine.total);
    const amounts = all.rows.map((r: { totalAmount: string }) => Number(r.totalAmount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(all.totals.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(all.total);
    expect(all.totals.every((x: { totalAmount: string }) => /^\d+(\.\d+)?$/.test(x.totalAmount))).toBe(true);
    // uadmin1 (31, department D2110) sees the PRs it approves, from another department.
    const approverView = ok(await f.get('/api/v1/prs?size=500', f.u.uadmin1));
    expect(approverView.rows.some((r: { deptcd: string }) => r.deptcd === 'D1220')).toBe(true);
    // uadmin2 (32, section D2000) sees none of the buyer's (section D1000) and cannot open one.
    const section = ok(await f.get('/api/v1/prs?size=500', f.u.uadmin2));
    expect(section.rows.every((r: { section: string }) => r.section === 'D2000')).toBe(true);
    refused(await f.get(`/api/v1/prs/${mine.rows[0].prNo}`, f.u.uadmin2), 404, 'PR_NOT_FOUND');
    const drafts = ok(await f.get('/api/v1/prs?status=DRAFT&status=REJECTED&size=500', f.u.uadmin3));
    expect(drafts.rows.every((r: { status: string }) => ['DRAFT', 'REJECTED'].includes(r.status))).toBe(true);
    refused(await f.get('/api/v1/prs?sort=createdBy:asc', f.u.uadmin3), 400, 'VALIDATION');
    refused(await f.get('/api/v1/prs?size=5001', f.u.uadmin3), 400, 'VALIDATION');
    refused(await f.get('/api/v1/prs', f.u.supplier1), 403);
    const confirm = ok(await f.get('/api/v1/pr-confirm?size=500', f.u.operator));
    expect(
      confirm.rows.every((r: { status: string }) => ['APPROVED', 'RECEIVED', 'QUOT_REQUESTED'].includes(r.status)),
    ).toBe(true);
    const mineToBuy = ok(await f.get('/api/v1/pr-confirm?mine=Y&size=500', f.u.operator));
    expect(mineToBuy.rows.every((r: { buyerId: string }) => r.buyerId === 'E000004')).toBe(true);
    refused(await f.get('/api/v1/pr-confirm', f.u.buyer), 403, 'GPMS006');
  });
});
