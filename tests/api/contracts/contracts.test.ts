import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { latestCode, type LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { api, expectError } from '../fulfilment/helpers.js';
import { awardedRfq, client, day, logins, type Flow } from '../purchase/helpers.js';
import { expireContracts } from '../../../server/modules/contracts/service.js';
import { contractFontsAvailable } from '../../../server/modules/contracts/render.js';
import { verifySeal } from '../../../server/modules/contracts/seal-verify.js';
import { signatureOf } from '../../../server/modules/contracts/seal.js';
import { timestampOf, tstInfoOf } from '../../../server/modules/contracts/tsa.js';
import { anchorContractHeads, readContractAnchors } from '../../../server/modules/contracts/anchor.js';
import { eventHash, instantText } from '../../../server/modules/contracts/chain.js';
import { readPdf } from '../../helpers/pdf.js';
import { addDays, contractSteps, kstToday, ok, oneContractApprover, sha256 } from './steps.js';

const BODY = [
  '{{contract.typeName}}',
  '',
  '제1조 (목적)',
  '',
  '발주자 {{buyer.name}}(이하 "갑")과 수급자 {{supplier.name}}(이하 "을")은 {{contract.title}}에 관하여 다음과 같이 계약한다.',
  '',
  '제2조 (계약금액)',
  '',
  '계약금액은 {{contract.totalAmount}}(공급가액 {{contract.supplyAmount}}, 부가가치세 {{contract.vatAmount}})으로 한다.',
  '',
  '{{clause:PAY_TERMS}}',
].join('\n');

// Without the fonts the suite fails here (and in CI runs, never skips): .ci/run installs them.
it('the machine has the Korean fonts the contract PDF is printed with (fonts-noto-cjk)', () => {
  expect(contractFontsAvailable()).toBe(true);
});

describe.runIf(process.env.CI === 'true' || contractFontsAvailable())(
  'electronic contracts: templates, approval, signing in both portals, evidence, stamp duty',
  () => {
    let t: TestApp;
    let http: ReturnType<typeof api>;
    let operator: LoggedIn;
    let opadmin: LoggedIn;
    let supplier1: LoggedIn;
    let supplier2: LoggedIn;
    let monitor: LoggedIn;

    beforeAll(async () => {
      t = await buildTestApp();
      http = api(t.app);
      [operator, opadmin, supplier1, supplier2, monitor] = await Promise.all([
        sessionAs(t.app, 'operator'),
        sessionAs(t.app, 'opadmin'),
        sessionAs(t.app, 'supplier1'),
        sessionAs(t.app, 'supplier2'),
        sessionAs(t.app, 'monitor'),
      ]);
      await oneContractApprover(t, 900);
    }, 120_000);
    afterAll(() => t?.close());

    const steps = () => contractSteps(t, http, () => ({ operator, opadmin, supplier1 }));
    const detail = (no: string) => steps().detail(no);

    async function template(no: string, contractType: string, signOrder: string) {
      const cur = await http.get(`/api/v1/contract-templates/${no}`, operator);
      const version = cur.status === 200 ? (cur.body as { version: number }).version : 0;
      return ok(
        await http.put(`/api/v1/contract-templates/${no}`, operator, {
          name: `${contractType} 계약서`,
          contractType,
          signOrder,
          body: BODY,
          version,
        }),
      );
    }

    /** A contract made, approved and sent; answers its number and detail. */
    async function sent(templateNo: string, supply: string, vat: string, extra: Record<string, unknown> = {}) {
      const created = ok(
        await http.post('/api/v1/contracts', operator, {
          templateNo,
          compNo: 'C00001',
          title: '금형 제작',
          supplyAmount: supply,
          vatAmount: vat,
          startDate: '2026-12-01',
          endDate: '2027-11-30',
          signDeadline: addDays(kstToday(), 14),
          buyerSignerId: 'operator',
          ...extra,
        }),
      );
      const no = created.contractNo as string;
      return { no, c: await steps().submitAndApprove(no, created.version as number) };
    }

    /** The buyer's named signer opens the copy awaiting its signature (열람). */
    const buyerViews = (no: string) => steps().buyerViews(no);

    const signBody = (c: Record<string, unknown>) => ({ version: c.version, documentSha: c.documentSha });

    /** What the owner's rights can do: change an event from `seq` on and recompute every hash after it. */
    async function rewriteChainFrom(no: string, seq: number) {
      const rows = await t.db.db
        .selectFrom('econtractEvent')
        .selectAll()
        .where('contractNo', '=', no)
        .orderBy('seq')
        .execute();
      await sql`alter table econtract_event disable trigger econtract_event_no_change`.execute(t.db.db);
      let prev = rows.find((r) => r.seq === seq - 1)!.hash;
      for (const r of rows.filter((x) => x.seq >= seq)) {
        const e = {
          contractNo: r.contractNo,
          seq: r.seq,
          kind: r.kind,
          occurredAt: instantText(r.occurredAt),
          ip: r.ip,
          userAgent: r.userAgent,
          userId: r.seq === seq ? 'mallory' : r.userId,
          actorCompNo: r.actorCompNo,
          docSha: r.docSha,
          detail: r.detail,
          prevHash: prev,
        };
        const hash = eventHash(e);
        await sql`update econtract_event set user_id = ${e.userId}, prev_hash = ${prev}, hash = ${hash}
                  where contract_no = ${no} and seq = ${r.seq}`.execute(t.db.db);
        prev = hash;
      }
      await sql`alter table econtract_event enable trigger econtract_event_no_change`.execute(t.db.db);
    }

    const supplierSigns = (no: string, who = supplier1) => steps().supplierSigns(no, who);

    it('a clause (its code with an underscore, kept as written) and a template are saved; an unknown variable is refused at save with its line and column', async () => {
      ok(
        await http.put('/api/v1/contract-clauses/PAY_TERMS', operator, {
          title: '대금 지급',
          body: '제3조 (대금 지급)\n\n갑은 {{contract.endDate}}까지 을에게 대금을 지급한다.',
          version: 0,
        }),
      );
      const bad = await http.put('/api/v1/contract-templates/BAD', operator, {
        name: '잘못된 템플릿',
        contractType: 'SUPPLY',
        signOrder: 'SUPPLIER_FIRST',
        body: '제1조\n갑 {{buyer.name}}과 을 {{supplier.nmae}}',
        version: 0,
      });
      expectError(bad, 400, 'CONTRACT_TEMPLATE_INVALID');
      expect(bad.body.msg).toContain('2행 21열');
      expect(bad.body.msg).toContain('supplier.nmae');
      const first = await template('MOLD', 'CONSTRUCT', 'SUPPLIER_FIRST');
      expect(first).toEqual({ templateNo: 'MOLD', version: 1 });
      // Saving over a version not the latest: 409.
      const stale = await http.put('/api/v1/contract-templates/MOLD', operator, {
        name: 'x',
        contractType: 'CONSTRUCT',
        signOrder: 'SUPPLIER_FIRST',
        body: BODY,
        version: 0,
      });
      expectError(stale, 409, 'VERSION_CONFLICT');
      expect((await template('MOLD', 'CONSTRUCT', 'SUPPLIER_FIRST')).version).toBe(2);
      const v1 = ok(await http.get('/api/v1/contract-templates/MOLD?version=1', operator));
      expect(v1.clauses.PAY_TERMS.title).toBe('대금 지급');
      const list = ok(await http.get('/api/v1/contract-templates', operator));
      expect(list.total).toBe(list.rows.length);
      expect(list.rows.find((r: { templateNo: string }) => r.templateNo === 'MOLD')?.version).toBe(2);
    });

    it('the demo seed’s templates and clauses make a contract naming both parties’ 대표자 and 사업자등록번호 and its 계약일자', async () => {
      const list = ok(await http.get('/api/v1/contract-templates', operator));
      expect(list.rows.map((r: { templateNo: string }) => r.templateNo)).toEqual(
        expect.arrayContaining(['SUPPLY-STD', 'AMEND-STD']),
      );
      expect(list.variables.map((v: { name: string }) => v.name)).toEqual(
        expect.arrayContaining(['contract.date', 'buyer.ceo', 'buyer.bizNo', 'supplier.ceo', 'supplier.bizNo']),
      );
      const clauses = ok(await http.get('/api/v1/contract-clauses', operator));
      expect(clauses.rows.map((c: { clauseCode: string }) => c.clauseCode)).toEqual(
        expect.arrayContaining(['PAYMENT', 'WARRANTY', 'DISPUTE']),
      );
      const created = ok(
        await http.post('/api/v1/contracts', operator, {
          templateNo: 'SUPPLY-STD',
          compNo: 'C00001',
          title: '사출 부품 공급',
          supplyAmount: '5000000',
          vatAmount: '500000',
          signDeadline: addDays(kstToday(), 7),
          buyerSignerId: 'operator',
        }),
      );
      const c = await detail(created.contractNo as string);
      expect(c.variables['contract.date']).toBe(kstToday());
      expect(c.variables['buyer.bizNo']).toMatch(/^\d{3}-\d{2}-\d{5}$/);
      expect(c.variables['buyer.ceo']).toBeTruthy();
      expect(c.variables['supplier.bizNo']).toBeTruthy();
      const text = (
        await readPdf((await http.get(`/api/v1/contracts/${c.contractNo}/document/draft`, operator)).res.rawPayload)
      ).text.join('\n');
      const y = kstToday();
      expect(text).toContain(
        `계약일자 ${Number(y.slice(0, 4))}년 ${Number(y.slice(5, 7))}월 ${Number(y.slice(8, 10))}일`,
      );
      expect(text).toContain(c.variables['buyer.bizNo']);
      expect(text).toContain(c.variables['supplier.bizNo']);
      expect(text).toContain('제8조 (분쟁 해결)');
    });

    it('draft → approval → sent: the supplier sees it only once sent; another company’s supplier gets 404', async () => {
      const created = ok(
        await http.post('/api/v1/contracts', operator, {
          templateNo: 'MOLD',
          compNo: 'C00001',
          title: '금형 제작',
          supplyAmount: '10000000',
          vatAmount: '1000000',
          signDeadline: addDays(kstToday(), 7),
          buyerSignerId: 'operator',
        }),
      );
      const no = created.contractNo as string;
      expect((await http.get(`/api/v1/cyber/contracts/${no}`, supplier1)).status).toBe(404);
      const draft = await detail(no);
      expect(draft).toMatchObject({
        status: 'DRAFT',
        totalAmount: '11000000',
        stampDuty: '20000',
        stampStatus: 'REQUIRED',
      });
      expect(draft.variables['contract.totalAmount']).toBe('11000000');
      ok(await http.post(`/api/v1/contracts/${no}/submit`, operator, { version: draft.version }));
      expect((await detail(no)).status).toBe('IN_APPROVAL');
      const approval = await t.db.db
        .selectFrom('approval')
        .select(['approvalId', 'version'])
        .where('docNo', '=', no)
        .executeTakeFirstOrThrow();
      ok(await http.post(`/api/v1/approvals/${approval.approvalId}/approve`, opadmin, { version: approval.version }));
      const c = await detail(no);
      expect(c.status).toBe('SENT');
      expect(c.events.map((e: { kind: string }) => e.kind)).toEqual(['CREATED', 'SUBMITTED', 'APPROVED', 'SENT']);
      const notice = await t.db.db.selectFrom('notification').select(['template']).where('refKey', '=', no).execute();
      expect(notice.map((n) => n.template)).toContain('contract.sent');
      expect(ok(await http.get(`/api/v1/cyber/contracts/${no}`, supplier1)).status).toBe('SENT');
      expect((await http.get(`/api/v1/cyber/contracts/${no}`, supplier2)).status).toBe(404);
      expect((await http.post(`/api/v1/cyber/contracts/${no}/sign-code`, supplier2)).status).toBe(404);
      const rows = ok(await http.get('/api/v1/cyber/contracts', supplier2)).rows as Array<{ contractNo: string }>;
      expect(rows.map((r) => r.contractNo)).not.toContain(no);
      const mine = ok(await http.get(`/api/v1/cyber/contracts?text=${no}`, supplier1));
      expect(mine.rows.map((r: { contractNo: string }) => r.contractNo)).toEqual([no]);
      expect(mine.total).toBe(1);
    });

    it('the stamp duty of a 도급 contract at its brackets’ edges, by the amount with VAT, as the contract records it', async () => {
      for (const [supply, vat, duty, status] of [
        ['9090910', '909090', '0', 'NOT_TAXABLE'], // 10,000,000
        ['9090910', '909091', '20000', 'REQUIRED'], // 10,000,001
        ['909090910', '90909090', '150000', 'REQUIRED'], // 1,000,000,000
        ['909090910', '90909091', '350000', 'REQUIRED'], // 1,000,000,001
      ] as const) {
        const created = ok(
          await http.post('/api/v1/contracts', operator, {
            templateNo: 'MOLD',
            compNo: 'C00001',
            title: '금형 제작',
            supplyAmount: supply,
            vatAmount: vat,
            signDeadline: addDays(kstToday(), 7),
            buyerSignerId: 'operator',
          }),
        );
        const c = await detail(created.contractNo as string);
        expect(c, `${supply} + ${vat}`).toMatchObject({ stampDuty: duty, stampStatus: status });
        expect(c.variables['contract.stampDuty']).toBe(duty);
      }
    });

    it('signing: out of order 409; wrong code 400; supplier then buyer; stamp duty gates execution; evidence hashes the PDF shown', async () => {
      const { no, c } = await sent('MOLD', '10000000', '1000000');
      // Supplier first: the buyer may not sign yet.
      expectError(
        await http.post(`/api/v1/contracts/${no}/sign`, operator, {
          version: c.version,
          documentSha: c.documentSha,
          consent: true,
        }),
        409,
        'CONTRACT_NOT_YOUR_TURN',
      );
      // A download is no evidence: reading the signing copy, even read-only (monitor), records nothing.
      const before = (await detail(no)).events.length;
      expect((await http.get(`/api/v1/contracts/${no}/document/draft`, monitor)).status).toBe(200);
      expect((await http.get(`/api/v1/cyber/contracts/${no}/document/draft`, supplier1)).status).toBe(200);
      expect((await detail(no)).events.length).toBe(before);
      // Only the signer's own 열람 does, and a signature needs it first.
      ok(await http.post(`/api/v1/cyber/contracts/${no}/sign-code`, supplier1));
      const real = await latestCode(t.app);
      expectError(
        await http.post(`/api/v1/cyber/contracts/${no}/sign`, supplier1, {
          version: c.version,
          documentSha: c.documentSha,
          consent: true,
          code: real,
        }),
        409,
        'CONTRACT_NOT_VIEWED',
      );
      expectError(await http.post(`/api/v1/contracts/${no}/view`, opadmin), 403, 'CONTRACT_NOT_SIGNER');
      const viewed = await http.post(`/api/v1/cyber/contracts/${no}/view`, supplier1);
      expect(viewed.status).toBe(200);
      expect(sha256(viewed.res.rawPayload)).toBe(c.documentSha);
      // A wrong code signs nothing.
      expectError(
        await http.post(`/api/v1/cyber/contracts/${no}/sign`, supplier1, {
          version: c.version,
          documentSha: c.documentSha,
          consent: true,
          code: real === '000000' ? '111111' : '000000',
        }),
        400,
        'CONTRACT_CODE_INVALID',
      );
      // A hash of another document is refused.
      expectError(
        await http.post(`/api/v1/cyber/contracts/${no}/sign`, supplier1, {
          version: c.version,
          documentSha: 'a'.repeat(64),
          consent: true,
          code: real,
        }),
        409,
        'CONTRACT_DOCUMENT_CHANGED',
      );
      expect(ok(await supplierSigns(no)).status).toBe('PARTLY_SIGNED');
      // The buyer's signer opens it (열람) before signing.
      await buyerViews(no);
      let now = await detail(no);
      // Taxable and no stamps: the last signature is refused (REQUIRE).
      expectError(
        await http.post(`/api/v1/contracts/${no}/sign`, operator, {
          version: now.version,
          documentSha: now.documentSha,
          consent: true,
        }),
        409,
        'CONTRACT_STAMP_REQUIRED',
      );
      // Only the named signer signs for the company.
      expect(
        (
          await http.post(`/api/v1/contracts/${no}/sign`, opadmin, {
            version: now.version,
            documentSha: now.documentSha,
            consent: true,
          })
        ).status,
      ).toBe(403);
      // Each party records its own share: staff never the supplier's.
      expectError(
        await http.post(`/api/v1/contracts/${no}/stamps`, operator, {
          version: now.version,
          party: 'SUPPLIER',
          stampNo: '2026112899999',
        }),
        403,
        'CONTRACT_NOT_YOUR_SHARE',
      );
      // Not a revenue stamp's number: refused, nothing recorded.
      const notAStamp = await http.post(`/api/v1/contracts/${no}/stamps`, operator, {
        version: now.version,
        party: 'BUYER',
        stampNo: 'R-2026-0001',
      });
      expectError(notAStamp, 400, 'VALIDATION');
      expect(JSON.stringify(notAStamp.body)).toContain('전자수입인지 번호는');
      ok(
        await http.post(`/api/v1/contracts/${no}/stamps`, operator, {
          version: now.version,
          party: 'BUYER',
          stampNo: '0101-2026-1128-0001',
        }),
      );
      now = await detail(no);
      expect(now.stampStatus).toBe('REQUIRED');
      const mine = ok(await http.get(`/api/v1/cyber/contracts/${no}`, supplier1));
      expect(
        ok(
          await http.post(`/api/v1/cyber/contracts/${no}/stamp`, supplier1, {
            version: mine.version,
            stampNo: '0101 2026 1128 0002',
          }),
        ).stampStatus,
      ).toBe('PAID');
      now = await detail(no);
      expect(now.stamps.map((s: { party: string; amount: string }) => [s.party, s.amount])).toEqual([
        ['BUYER', '10000'],
        ['SUPPLIER', '10000'],
      ]);
      const done = ok(
        await http.post(`/api/v1/contracts/${no}/sign`, operator, {
          version: now.version,
          documentSha: now.documentSha,
          consent: true,
        }),
      );
      expect(done.status).toBe('EXECUTED');
      const ex = await detail(no);
      const kinds = ex.events.map((e: { kind: string }) => e.kind);
      expect(kinds).toEqual([
        'CREATED',
        'SUBMITTED',
        'APPROVED',
        'SENT',
        'CODE_SENT',
        'VIEWED',
        'VIEWED',
        'CODE_SENT',
        'CODE_VERIFIED',
        'CONSENT',
        'SIGNED',
        'VIEWED',
        'STAMP_RECORDED',
        'STAMP_RECORDED',
        'CONSENT',
        'SIGNED',
        'COMPLETED',
      ]);
      const signed = ex.events.filter((e: { kind: string }) => e.kind === 'SIGNED');
      expect(signed.map((e: { docSha: string }) => e.docSha)).toEqual([ex.documentSha, ex.documentSha]);
      const supplierSigned = signed[0];
      expect(supplierSigned).toMatchObject({ userId: 'supplier1', actorCompNo: 'C00001' });
      expect(supplierSigned.ip).toBeTruthy();
      // The chain's head as it stood before execution is sealed into the executed copy; verify finds it.
      const completed = ex.events.find((e: { kind: string }) => e.kind === 'COMPLETED');
      const head = ex.events.find((e: { seq: number }) => e.seq === completed.seq - 1);
      expect(ok(await http.get(`/api/v1/contracts/${no}/verify`, operator))).toMatchObject({
        ok: true,
        firstBadSeq: null,
        sealValid: true,
        sealedHead: { seq: head.seq, hash: head.hash },
      });
      // Stamps are frozen at execution: not re-recorded, not changed in the database.
      expectError(
        await http.post(`/api/v1/contracts/${no}/stamps`, operator, {
          version: ex.version,
          party: 'BUYER',
          stampNo: '0101-2026-1128-0003',
        }),
        409,
        'CONTRACT_STAMP_FROZEN',
      );
      await expect(
        sql`update econtract_stamp set stamp_no = 'forged' where contract_no = ${no}`.execute(t.db.db),
      ).rejects.toThrow(/executed econtract/);
      // A supplier sees the buyer's people by name and role, never their address, browser or id.
      const theirs = ok(await http.get(`/api/v1/cyber/contracts/${no}`, supplier1));
      const staffEvents = theirs.events.filter((e: { actorCompNo: string | null }) => e.actorCompNo === null);
      expect(staffEvents.length).toBeGreaterThan(5);
      for (const e of staffEvents) expect(e).toMatchObject({ ip: null, userAgent: null, userId: null });
      expect(staffEvents.find((e: { kind: string }) => e.kind === 'SIGNED')).toMatchObject({
        actorRole: 'BUYER_SIGNER',
        actorName: expect.any(String),
      });
      expect(staffEvents.find((e: { kind: string }) => e.kind === 'CREATED').actorName).toBeTruthy();
      expect(JSON.stringify(theirs.events)).not.toContain('"operator"');
      expect(theirs.stamps.find((x: { party: string }) => x.party === 'BUYER')).toMatchObject({ recordedBy: null });
      // Their own company's events stay whole; staff still see everything.
      expect(theirs.events.find((e: { kind: string }) => e.kind === 'CODE_VERIFIED')).toMatchObject({
        userId: 'supplier1',
        actorRole: 'SUPPLIER_USER',
      });
      expect(ex.events.find((e: { kind: string }) => e.kind === 'CREATED')).toMatchObject({ userId: 'operator' });
      expect(ok(await http.get(`/api/v1/cyber/contracts/${no}/verify`, supplier1)).ok).toBe(true);
      // The verification page: our executed contract, unchanged; anything else is not ours.
      const pdf = (await http.get(`/api/v1/contracts/${no}/document/executed`, operator)).res.rawPayload;
      // The executed copy: the document both signed, unchanged, then the company's seal over the whole file.
      const draftPdf = (await http.get(`/api/v1/contracts/${no}/document/draft`, operator)).res.rawPayload;
      expect(sha256(draftPdf)).toBe(ex.documentSha);
      expect(Buffer.compare(pdf.subarray(0, draftPdf.length), draftPdf)).toBe(0);
      expect(sha256(pdf)).toBe(ex.executedSha);
      // The stamps' numbers (normalised) are printed on the certificate page, under the seal.
      const certificate = (await readPdf(pdf)).text.at(-1)!;
      expect(certificate).toContain('0101202611280001');
      expect(certificate).toContain('0101202611280002');
      expect(certificate).toContain('20,000원');
      expect(await verifySeal(pdf)).toMatchObject({ ok: true, coversWholeFile: true });
      // With the RFC 3161 token of the local authority: its imprint is the hash of the signature value.
      const ts = timestampOf(signatureOf(pdf).cms);
      expect(
        Buffer.from(tstInfoOf(ts!.token).messageImprint.hashedMessage.valueBlock.valueHexView).toString('hex'),
      ).toBe(sha256(ts!.signatureValue));
      expect(
        ok(await http.post('/api/v1/contract-verifications', operator, { pdfBase64: pdf.toString('base64') })),
      ).toMatchObject({ result: 'EXECUTED_UNCHANGED', contractNo: no, sealValid: true });
      const changed = Buffer.from(pdf);
      changed[Math.floor(changed.length / 2)] ^= 1;
      expect(
        ok(await http.post('/api/v1/contract-verifications', operator, { pdfBase64: changed.toString('base64') }))
          .result,
      ).toBe('NOT_OURS_OR_MODIFIED');
      expect(
        ok(await http.post('/api/v1/cyber/contract-verifications', supplier1, { contractNo: no, sha256: sha256(pdf) }))
          .result,
      ).toBe('EXECUTED_UNCHANGED');
      expect(
        ok(await http.post('/api/v1/cyber/contract-verifications', supplier2, { contractNo: no, sha256: sha256(pdf) }))
          .result,
      ).toBe('NOT_OURS_OR_MODIFIED');
    });

    it('the evidence log is append-only in the database, and editing one stored event makes verify name it', async () => {
      const { no } = await sent('MOLD', '1000000', '100000');
      await expect(
        sql`update econtract_event set ip = '10.9.9.9' where contract_no = ${no} and seq = 2`.execute(t.db.db),
      ).rejects.toThrow(/append-only/);
      await expect(sql`delete from econtract_event where contract_no = ${no}`.execute(t.db.db)).rejects.toThrow(
        /append-only/,
      );
      expect(ok(await http.get(`/api/v1/contracts/${no}/verify`, operator)).ok).toBe(true);
      // Someone with the owner's rights switches the trigger off and edits the third event.
      await sql`alter table econtract_event disable trigger econtract_event_no_change`.execute(t.db.db);
      await sql`update econtract_event set user_id = 'mallory' where contract_no = ${no} and seq = 3`.execute(t.db.db);
      await sql`alter table econtract_event enable trigger econtract_event_no_change`.execute(t.db.db);
      const verdict = ok(await http.get(`/api/v1/contracts/${no}/verify`, operator));
      expect(verdict).toMatchObject({ ok: false, firstBadSeq: 3, firstBadKind: 'APPROVED', reason: 'HASH_MISMATCH' });
    });

    it('a supply contract carries no stamp duty; buyer-first order: the supplier out of order 409, then both sign', async () => {
      await template('SUPPLY1', 'SUPPLY', 'BUYER_FIRST');
      const { no, c } = await sent('SUPPLY1', '5000000000', '500000000');
      expect(c).toMatchObject({
        stampDuty: '0',
        stampStatus: 'NOT_TAXABLE',
        signOrder: 'BUYER_FIRST',
        nextSigner: 'BUYER',
      });
      expectError(await http.post(`/api/v1/cyber/contracts/${no}/sign-code`, supplier1), 409, 'CONTRACT_NOT_YOUR_TURN');
      await buyerViews(no);
      ok(
        await http.post(`/api/v1/contracts/${no}/sign`, operator, {
          version: c.version,
          documentSha: c.documentSha,
          consent: true,
        }),
      );
      expect(ok(await supplierSigns(no)).status).toBe('EXECUTED');
    });

    it('an amendment references the executed original, lists what changed, signs supplier first; the original never changes', async () => {
      const { no, c } = await sent('SUPPLY1', '1000000', '100000');
      await buyerViews(no);
      ok(
        await http.post(`/api/v1/contracts/${no}/sign`, operator, {
          version: c.version,
          documentSha: c.documentSha,
          consent: true,
        }),
      );
      ok(await supplierSigns(no));
      const original = await detail(no);
      expect(original.status).toBe('EXECUTED');
      const am = ok(
        await http.post(`/api/v1/contracts/${no}/amendments`, operator, {
          title: '금형 제작',
          supplyAmount: '1200000',
          vatAmount: '120000',
          startDate: '2026-12-01',
          endDate: '2027-11-30',
          signDeadline: addDays(kstToday(), 10),
          buyerSignerId: 'operator',
        }),
      );
      const a = await detail(am.contractNo);
      expect(a).toMatchObject({ amendsContractNo: no, signOrder: 'SUPPLIER_FIRST', status: 'DRAFT' });
      expect(a.changeSummary.map((x: { name: string }) => x.name)).toEqual([
        'contract.supplyAmount',
        'contract.vatAmount',
        'contract.totalAmount',
      ]);
      expect(a.variables['amends.no']).toBe(no);
      // A draft is not amended; the executed row refuses any change in the database.
      const draftNo = ok(
        await http.post('/api/v1/contracts', operator, {
          templateNo: 'SUPPLY1',
          compNo: 'C00001',
          title: 'x',
          supplyAmount: '1',
          vatAmount: '0',
          signDeadline: addDays(kstToday(), 3),
          buyerSignerId: 'operator',
        }),
      ).contractNo;
      expectError(
        await http.post(`/api/v1/contracts/${draftNo}/amendments`, operator, {
          supplyAmount: '2',
          vatAmount: '0',
          title: 'x',
          signDeadline: addDays(kstToday(), 3),
          buyerSignerId: 'operator',
        }),
        409,
        'CONTRACT_NOT_EXECUTED',
      );
      await expect(
        sql`update econtract set total_amount = 1, supply_amount = 1, vat_amount = 0 where contract_no = ${no}`.execute(
          t.db.db,
        ),
      ).rejects.toThrow(/executed econtract/);
      expect(await detail(no)).toMatchObject({ version: original.version, totalAmount: original.totalAmount });
    });

    it('one door: a contract or amendment on an order or LOI the caller may not change is refused at creation, and at the last signature when the right went after it was made', async () => {
      // A template of its own (no clause), so the test stands alone.
      const cur = await http.get('/api/v1/contract-templates/SRC', operator);
      ok(
        await http.put('/api/v1/contract-templates/SRC', operator, {
          name: '공급 계약서',
          contractType: 'SUPPLY',
          signOrder: 'SUPPLIER_FIRST',
          body: '{{contract.typeName}}\n\n계약금액은 {{contract.totalAmount}}으로 한다.',
          version: cur.status === 200 ? (cur.body as { version: number }).version : 0,
        }),
      );
      const contractOn = (sourceKind: 'PO' | 'LOI', sourceNo: string) =>
        http.post('/api/v1/contracts', operator, {
          templateNo: 'SRC',
          compNo: 'C00001',
          title: '공급 계약',
          supplyAmount: '1000',
          vatAmount: '100',
          signDeadline: addDays(kstToday(), 14),
          buyerSignerId: 'operator',
          sourceKind,
          sourceNo,
        });
      const contracts = async () =>
        Number(
          (
            await t.db.db
              .selectFrom('econtract')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );

      // operator (group 20, not a purchasing manager) is not the buyer of these seeded documents of C00001.
      const theirPo = await t.db.db
        .selectFrom('poHeader')
        .select(['poNo', 'version'])
        .where('compNo', '=', 'C00001')
        .where('poType', '=', 'PO')
        .where('buyerId', '<>', 'E000004')
        .where('status', 'in', ['SENT', 'ACKNOWLEDGED'])
        .orderBy('poNo')
        .executeTakeFirstOrThrow();
      const theirLoi = await t.db.db
        .selectFrom('loi')
        .select(['loiNo'])
        .where('compNo', '=', 'C00001')
        .where('buyerId', '<>', 'E000004')
        .where('status', 'in', ['ISSUED', 'ACCEPTED'])
        .orderBy('loiNo')
        .executeTakeFirstOrThrow();
      // The order's own door refuses him; a contract on it is refused with the same answer, nothing made.
      const direct = await http.post(`/api/v1/pos/${theirPo.poNo}/change`, operator, {
        version: theirPo.version,
        reason: '단가 인상',
        lines: [{ lineNo: 1, unitPrice: '220000' }],
      });
      expectError(direct, 403, 'NOT_ALLOWED');
      const before = await contracts();
      const onPo = await contractOn('PO', theirPo.poNo);
      expectError(onPo, 403, 'NOT_ALLOWED');
      expect((onPo.body as { msg: string }).msg).toBe((direct.body as { msg: string }).msg);
      const onLoi = await contractOn('LOI', theirLoi.loiNo);
      expectError(onLoi, 403, 'NOT_ALLOWED');
      expect((onLoi.body as { msg: string }).msg).toContain('담당 구매자 또는 구매 관리자만');
      expect(await contracts()).toBe(before);

      // His own order: a contract on it, executed; an amendment raising a price, approved and signed by the supplier.
      const f: Flow = {
        ...client(t),
        u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'supplier1', 'supplier2']),
      };
      const rfq = await awardedRfq(f, 'C00001');
      const po0 = ok(
        await http.post('/api/v1/pos', operator, { rfqNo: rfq.rfqNo, rfqVersion: rfq.version, dueDate: day(20) }),
      );
      const submitted = ok(await http.post(`/api/v1/pos/${po0.poNo}/submit`, operator, { version: po0.version }));
      const pa = submitted.approvals.at(-1);
      ok(await http.post(`/api/v1/approvals/${pa.approvalId}/approve`, opadmin, { version: pa.version }));
      const poNo = po0.poNo as string;
      const approveOnce = async (no: string) => steps().submitAndApprove(no, (await detail(no)).version as number);
      const no = ok(await contractOn('PO', poNo)).contractNo as string;
      await approveOnce(no);
      ok(await supplierSigns(no));
      await buyerViews(no);
      const c0 = await detail(no);
      ok(
        await http.post(`/api/v1/contracts/${no}/sign`, operator, {
          version: c0.version,
          documentSha: c0.documentSha,
          consent: true,
        }),
      );
      expect((await detail(no)).status).toBe('EXECUTED');
      const amend = () =>
        http.post(`/api/v1/contracts/${no}/amendments`, operator, {
          title: '공급 계약',
          supplyAmount: '1000',
          vatAmount: '100',
          signDeadline: addDays(kstToday(), 10),
          buyerSignerId: 'operator',
          sourceChange: { lines: [{ lineNo: 1, unitPrice: '1100' }] },
        });
      const am = ok(await amend()).contractNo as string;
      await approveOnce(am);
      ok(await supplierSigns(am));
      const order = await t.db.db
        .selectFrom('poHeader')
        .select(['totalAmount', 'revision', 'buyerId'])
        .where('poNo', '=', poNo)
        .executeTakeFirstOrThrow();

      // The order passes to another buyer: the amendment can no longer be executed on operator's word, nor made.
      await t.db.db.updateTable('poHeader').set({ buyerId: 'E000005' }).where('poNo', '=', poNo).execute();
      await buyerViews(am);
      const a = await detail(am);
      const last = await http.post(`/api/v1/contracts/${am}/sign`, operator, {
        version: a.version,
        documentSha: a.documentSha,
        consent: true,
      });
      expectError(last, 403, 'NOT_ALLOWED');
      expect(await detail(am)).toMatchObject({ status: 'PARTLY_SIGNED', version: a.version });
      expect(
        await t.db.db
          .selectFrom('poHeader')
          .select(['totalAmount', 'revision', 'buyerId'])
          .where('poNo', '=', poNo)
          .executeTakeFirstOrThrow(),
      ).toEqual({ ...order, buyerId: 'E000005' });
      expectError(await amend(), 403, 'NOT_ALLOWED');
    });

    it('인지세 of a 변경계약 by 시행령 §12 (the duty on the new amount less what the old one bore; 0 for a decrease or no change); VAT checked against the supply', async () => {
      // Supply ₩9 M with VAT ₩90 M: refused, naming the tenth expected.
      const wrongVat = await http.post('/api/v1/contracts', operator, {
        templateNo: 'MOLD',
        compNo: 'C00001',
        title: '금형 제작',
        supplyAmount: '9000000',
        vatAmount: '90000000',
        signDeadline: addDays(kstToday(), 7),
        buyerSignerId: 'operator',
      });
      expectError(wrongVat, 400, 'VALIDATION');
      expect(JSON.stringify(wrongVat.body)).toContain('900,000원');
      const exempt = await http.post('/api/v1/contracts', operator, {
        templateNo: 'MOLD',
        compNo: 'C00001',
        title: '금형 제작',
        supplyAmount: '9000000',
        vatAmount: '900000',
        taxType: 'EXEMPT',
        signDeadline: addDays(kstToday(), 7),
        buyerSignerId: 'operator',
      });
      expectError(exempt, 400, 'VALIDATION');
      /** An executed 도급 contract of this total (stamps recorded when it owes duty). */
      async function executed(supply: string, vat: string) {
        const { no } = await sent('MOLD', supply, vat);
        ok(await supplierSigns(no));
        let c = await detail(no);
        if (c.stampStatus === 'REQUIRED') {
          ok(
            await http.post(`/api/v1/contracts/${no}/stamps`, operator, {
              version: c.version,
              party: 'BUYER',
              stampNo: '1111222233334444',
            }),
          );
          const mine = ok(await http.get(`/api/v1/cyber/contracts/${no}`, supplier1));
          ok(
            await http.post(`/api/v1/cyber/contracts/${no}/stamp`, supplier1, {
              version: mine.version,
              stampNo: '1111222233335555',
            }),
          );
          c = await detail(no);
        }
        await buyerViews(no);
        c = await detail(no);
        ok(
          await http.post(`/api/v1/contracts/${no}/sign`, operator, {
            version: c.version,
            documentSha: c.documentSha,
            consent: true,
          }),
        );
        expect((await detail(no)).status).toBe('EXECUTED');
        return no;
      }
      const amend = async (no: string, supply: string, vat: string, title = '금형 제작') =>
        detail(
          ok(
            await http.post(`/api/v1/contracts/${no}/amendments`, operator, {
              title,
              supplyAmount: supply,
              vatAmount: vat,
              signDeadline: addDays(kstToday(), 10),
              buyerSignerId: 'operator',
            }),
          ).contractNo as string,
        );
      // ₩10 M (no duty) → ₩35 M: the 30–50 M bracket's ₩40,000 less nothing paid.
      const ten = await executed('9090910', '909090');
      expect((await detail(ten)).stampDuty).toBe('0');
      expect(await amend(ten, '31818182', '3181818')).toMatchObject({
        totalAmount: '35000000',
        stampDuty: '40000',
        stampStatus: 'REQUIRED',
      });
      // ₩30 M (₩20,000 paid) → ₩35 M: 40,000 − 20,000; a decrease or the same amount owes nothing.
      const thirty = await executed('27272728', '2727272');
      expect((await detail(thirty)).stampDuty).toBe('20000');
      expect(await amend(thirty, '31818182', '3181818')).toMatchObject({ stampDuty: '20000', stampStatus: 'REQUIRED' });
      expect(await amend(thirty, '27272728', '2727272', '금형 제작 (납기 변경)')).toMatchObject({
        stampDuty: '0',
        stampStatus: 'NOT_TAXABLE',
      });
      expect(await amend(thirty, '9090910', '909090')).toMatchObject({ stampDuty: '0', stampStatus: 'NOT_TAXABLE' });
      // One won over the 30 M edge: the next bracket less what was paid.
      expect(await amend(thirty, '27272728', '2727273')).toMatchObject({ totalAmount: '30000001', stampDuty: '20000' });
    });

    it('the tax type: checked, frozen and answered; each signer’s 열람 answered as viewedByMe; an amendment keeps the original’s unless it states its own', async () => {
      await template('TAXT', 'SUPPLY', 'SUPPLIER_FIRST');
      // 면세 with VAT 0: accepted, the type frozen by its name and answered.
      const { no } = await sent('TAXT', '5000000', '0', { taxType: 'EXEMPT' });
      let c = await detail(no);
      expect(c).toMatchObject({ taxType: 'EXEMPT', vatAmount: '0', viewedByMe: false });
      expect(c.variables['contract.taxTypeName']).toBe('면세');
      // viewedByMe is the reader's own 열람 of the copy as it is.
      const viewed = (who: LoggedIn) => http.get(`/api/v1/cyber/contracts/${no}`, who);
      expect(ok(await viewed(supplier1)).viewedByMe).toBe(false);
      ok(await supplierSigns(no));
      expect(ok(await viewed(supplier1)).viewedByMe).toBe(true);
      c = await detail(no);
      expect(c.viewedByMe).toBe(false);
      // The buyer's signer too is refused before its own 열람 (the supplier's does not count for it).
      expectError(
        await http.post(`/api/v1/contracts/${no}/sign`, operator, { ...signBody(c), consent: true }),
        409,
        'CONTRACT_NOT_VIEWED',
      );
      await buyerViews(no);
      c = await detail(no);
      expect(c.viewedByMe).toBe(true);
      expect(ok(await http.get(`/api/v1/contracts/${no}`, opadmin)).viewedByMe).toBe(false);
      ok(await http.post(`/api/v1/contracts/${no}/sign`, operator, { ...signBody(c), consent: true }));
      expect((await detail(no)).status).toBe('EXECUTED');
      const amendment = (body: Record<string, unknown>) =>
        http.post(`/api/v1/contracts/${no}/amendments`, operator, {
          title: '금형 제작',
          signDeadline: addDays(kstToday(), 10),
          buyerSignerId: 'operator',
          ...body,
        });
      // No tax type stated: the original's (면세): VAT 0 is accepted, a tenth refused.
      const same = ok(await amendment({ supplyAmount: '6000000', vatAmount: '0' }));
      expect(await detail(same.contractNo)).toMatchObject({ taxType: 'EXEMPT', vatAmount: '0' });
      expectError(await amendment({ supplyAmount: '6000000', vatAmount: '600000' }), 400, 'VALIDATION');
      // Stated: the amendment's own, and the change of type is in its summary.
      const taxed = ok(await amendment({ supplyAmount: '6000000', vatAmount: '600000', taxType: 'TAXABLE' }));
      const d = await detail(taxed.contractNo);
      expect(d.taxType).toBe('TAXABLE');
      expect(d.changeSummary).toContainEqual({ name: 'contract.taxTypeName', before: '면세', after: '과세(10%)' });
    });

    it('the supplier declines with a reason', async () => {
      const { no } = await sent('MOLD', '1000000', '100000');
      const mine = ok(await http.get(`/api/v1/cyber/contracts/${no}`, supplier1));
      ok(
        await http.post(`/api/v1/cyber/contracts/${no}/decline`, supplier1, {
          version: mine.version,
          reason: '단가 재협의 필요',
        }),
      );
      const c = await detail(no);
      expect(c).toMatchObject({ status: 'DECLINED', declineReason: '단가 재협의 필요' });
      expect(c.events.at(-1)).toMatchObject({ kind: 'DECLINED', userId: 'supplier1' });
    });

    it('the template fixes the signing order; the buyer’s signer must hold the contract-signing authority', async () => {
      const body = {
        templateNo: 'MOLD',
        compNo: 'C00001',
        title: '순서 확인',
        supplyAmount: '1000000',
        vatAmount: '100000',
        signDeadline: addDays(kstToday(), 5),
      };
      // The body cannot choose the order: MOLD is signed supplier first.
      expectError(
        await http.post('/api/v1/contracts', operator, {
          ...body,
          buyerSignerId: 'operator',
          signOrder: 'BUYER_FIRST',
        }),
        400,
        'VALIDATION',
      );
      const made = ok(await http.post('/api/v1/contracts', operator, { ...body, buyerSignerId: 'operator' }));
      expect((await detail(made.contractNo)).signOrder).toBe('SUPPLIER_FIRST');
      // A read-only internal user (monitor) is no signer; neither is an unknown id.
      for (const buyerSignerId of ['monitor', 'nobody-here']) {
        const r = await http.post('/api/v1/contracts', operator, { ...body, buyerSignerId });
        expectError(r, 400, 'VALIDATION');
        expect((r.body as { details: Array<{ path: string }> }).details[0]!.path).toBe('body/buyerSignerId');
      }
    });

    it('signing codes are limited per user and contract: the sixth in ten minutes is 429 with a wait, sends nothing and adds no event', async () => {
      const { no } = await sent('MOLD', '1000000', '100000');
      for (let i = 0; i < 5; i++) ok(await http.post(`/api/v1/cyber/contracts/${no}/sign-code`, supplier1));
      const code = await latestCode(t.app);
      const limited = await http.post(`/api/v1/cyber/contracts/${no}/sign-code`, supplier1);
      expectError(limited, 429, 'CONTRACT_CODE_LIMIT');
      expect((limited.body as { msg: string }).msg).toContain('인증번호 요청이 너무 많습니다');
      const wait = Number(limited.res.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(600);
      expect(await latestCode(t.app)).toBe(code);
      const events = (await detail(no)).events.filter((e: { kind: string }) => e.kind === 'CODE_SENT');
      expect(events).toHaveLength(5);
    });

    it('the chain is anchored outside the database and verify compares it with the head sealed into the executed copy', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ct-anchor-'));
      const file = path.join(dir, 'contract-chain.anchor');
      const config = t.app.config as { contractChainAnchor: string | null };
      config.contractChainAnchor = file;
      try {
        // Executed: each signature's request anchors the head it leaves.
        const { no, c } = await sent('SUPPLY1', '1000000', '100000');
        await buyerViews(no);
        ok(await http.post(`/api/v1/contracts/${no}/sign`, operator, { ...signBody(c), consent: true }));
        ok(await supplierSigns(no));
        const ex = await detail(no);
        const last = ex.events.at(-1);
        expect(ok(await http.get(`/api/v1/contracts/${no}/verify`, operator))).toMatchObject({
          ok: true,
          anchoredHead: { seq: last.seq, hash: last.hash },
        });
        // Someone with the owner's rights rewrites the chain from seq 2 and recomputes every hash:
        // the chain verifies on its own, but no longer holds the head the executed copy seals.
        await rewriteChainFrom(no, 2);
        const rewritten = ok(await http.get(`/api/v1/contracts/${no}/verify`, operator));
        const sealed = ex.events.find((e: { kind: string }) => e.kind === 'COMPLETED').seq - 1;
        expect(rewritten).toMatchObject({ ok: false, reason: 'SEALED_HEAD_MISMATCH', firstBadSeq: sealed });

        // Declined: the newest event removed leaves a chain that verifies, but not the anchored head.
        const d = await sent('MOLD', '1000000', '100000');
        const mine = ok(await http.get(`/api/v1/cyber/contracts/${d.no}`, supplier1));
        ok(
          await http.post(`/api/v1/cyber/contracts/${d.no}/decline`, supplier1, {
            version: mine.version,
            reason: '재협의',
          }),
        );
        const declined = (await detail(d.no)).events.at(-1);
        expect(declined.kind).toBe('DECLINED');
        await sql`alter table econtract_event disable trigger econtract_event_no_change`.execute(t.db.db);
        await sql`delete from econtract_event where contract_no = ${d.no} and seq = ${declined.seq}`.execute(t.db.db);
        await sql`alter table econtract_event enable trigger econtract_event_no_change`.execute(t.db.db);
        expect(ok(await http.get(`/api/v1/contracts/${d.no}/verify`, operator))).toMatchObject({
          ok: false,
          reason: 'END_CUT',
          firstBadSeq: declined.seq,
        });
        // The job anchors heads written outside a contract's requests (an approval) within a minute.
        const other = await sent('MOLD', '1000000', '100000');
        const sentEvent = other.c.events.at(-1);
        expect(await anchorContractHeads(t.db.db, file)).toBeGreaterThan(0);
        expect((await readContractAnchors(file, other.no)).get(other.no)).toEqual({
          seq: sentEvent.seq,
          hash: sentEvent.hash,
        });
      } finally {
        config.contractChainAnchor = null;
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    // Last: it moves the app's clock forward.
    it('expiry by the business clock: past the deadline a signature is refused and the sweep expires it once', async () => {
      const { no } = await sent('MOLD', '1000000', '100000', { signDeadline: kstToday() });
      t.app.clock.advance(2 * 86_400_000);
      expectError(await http.post(`/api/v1/cyber/contracts/${no}/sign-code`, supplier1), 409, 'CONTRACT_EXPIRED');
      expect(await expireContracts(t.db.db, t.app.clock.now())).toBeGreaterThanOrEqual(1);
      const c = await detail(no);
      expect(c.status).toBe('EXPIRED');
      expect(c.events.at(-1)).toMatchObject({ kind: 'EXPIRED', userId: 'system' });
      expect(await expireContracts(t.db.db, t.app.clock.now())).toBe(0);
    });
  },
);
