import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pkijs from 'pkijs';
import { checkWithOutsideTools, outsideToolsAvailable } from '../../helpers/pdf-tools.js';
import { signingCertificateHashOf } from '../../../server/modules/contracts/ess.js';
import { signatureOf } from '../../../server/modules/contracts/seal.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { latestCode, type LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { api, expectError } from '../fulfilment/helpers.js';
import { awardedRfq, client, day, logins, type Flow } from '../purchase/helpers.js';
import { contractFontsAvailable } from '../../../server/modules/contracts/render.js';
import { remindSigners } from '../../../server/modules/contracts/service.js';
import { todayKst } from '../../../server/domain/dates.js';
import { render } from '../../../server/modules/notifications/templates.js';
import { verifySeal } from '../../../server/modules/contracts/seal-verify.js';
import { readPdf } from '../../helpers/pdf.js';
import { addDays, contractSteps, kstToday, ok, oneContractApprover, sha256 } from './steps.js';

const has = (tool: string) => {
  try {
    execFileSync(tool, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const poppler = has('pdftotext') && has('pdfsig') && outsideToolsAvailable;

/** Runs a poppler tool on the bytes (written to a temporary file) and answers its output. */
function poppler1(tool: string, args: string[], pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ct-'));
  const f = path.join(dir, 'c.pdf');
  fs.writeFileSync(f, pdf);
  try {
    return execFileSync(tool, [...args, f, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } catch (e) {
    return String((e as { stdout?: string }).stdout ?? '');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const BODY = [
  '{{contract.typeName}}',
  '',
  '제1조 (목적)',
  '',
  '발주자 {{buyer.name}}과 수급자 {{supplier.name}}은 {{contract.title}}에 관하여 다음과 같이 계약한다.',
  '',
  '제2조 (계약금액)',
  '',
  '계약금액은 {{contract.totalAmount}}으로 한다.',
].join('\n');

// Without the fonts the suite fails here (and in CI runs, never skips): .ci/run installs them.
it('the machine has the Korean fonts the contract PDF is printed with (fonts-noto-cjk)', () => {
  expect(contractFontsAvailable()).toBe(true);
});

it('the machine has poppler, which reads the executed copy back (poppler-utils)', () => {
  expect(poppler).toBe(true);
});

describe.runIf(process.env.CI === 'true' || contractFontsAvailable())(
  'electronic contracts: the certificate page, codes bound to their contract, amendments applied, reminders',
  () => {
    let t: TestApp;
    let http: ReturnType<typeof api>;
    let operator: LoggedIn;
    let opadmin: LoggedIn;
    let supplier1: LoggedIn;

    beforeAll(async () => {
      t = await buildTestApp();
      http = api(t.app);
      [operator, opadmin, supplier1] = await Promise.all([
        sessionAs(t.app, 'operator'),
        sessionAs(t.app, 'opadmin'),
        sessionAs(t.app, 'supplier1'),
      ]);
      await oneContractApprover(t, 901);
      const put = await http.put('/api/v1/contract-templates/SUP', operator, {
        name: '물품공급계약서',
        contractType: 'SUPPLY',
        signOrder: 'SUPPLIER_FIRST',
        body: BODY,
        version: 0,
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    }, 120_000);
    afterAll(() => t?.close());

    const steps = () => contractSteps(t, http, () => ({ operator, opadmin, supplier1 }));
    const detail = (no: string) => steps().detail(no);
    const approveAndSend = (no: string, version: number) => steps().submitAndApprove(no, version);

    async function sent(extra: Record<string, unknown> = {}) {
      const created = ok(
        await http.post('/api/v1/contracts', operator, {
          templateNo: 'SUP',
          compNo: 'C00001',
          title: '사출품 공급',
          supplyAmount: '2000000',
          vatAmount: '200000',
          signDeadline: addDays(kstToday(), 14),
          buyerSignerId: 'operator',
          ...extra,
        }),
      );
      const no = created.contractNo as string;
      return { no, c: await approveAndSend(no, created.version as number) };
    }

    const supplierSigns = async (no: string) => ok(await steps().supplierSigns(no));

    /** Gives or takes a group's write on the supplier's sign screen (계약 서명: who may sign). */
    const signWrite = (group: string, canWrite: 'Y' | 'N') =>
      t.db.db
        .updateTable('menuAuth')
        .set({ canWrite })
        .where('authGroupId', '=', group)
        .where('pgmId', '=', 'CY_CONTRACT_LIST')
        .execute();

    /** Today by the app's business clock, which the contracts read (tests below move it forward). */
    const appToday = () => todayKst(t.app.clock.now());

    /** An LOI of supplier1 for 30,000,000 won, approved (issued); its dates by the business clock, as the LOI reads them. */
    async function issuedLoi(validUntil = addDays(appToday(), 60)) {
      const l = ok(
        await http.post('/api/v1/lois', operator, {
          compNo: 'C00001',
          title: '금형 제작 LOI',
          scope: '신규 모델 금형 2벌 제작',
          currency: 'KRW',
          amount: '30000000',
          validFrom: appToday(),
          validUntil,
        }),
      );
      const s = ok(await http.post(`/api/v1/lois/${l.loiNo}/submit`, operator, { version: l.version }));
      const la = s.approvals[0];
      ok(await http.post(`/api/v1/approvals/${la.approvalId}/approve`, opadmin, { version: la.version }));
      return l.loiNo as string;
    }

    /** An amendment of `no` agreeing `sourceChange`, signed by the deadline (real date) given. */
    const amendLoi = (no: string, sourceChange: unknown, signDeadline = addDays(kstToday(), 10)) =>
      http.post(`/api/v1/contracts/${no}/amendments`, operator, {
        title: '사출품 공급',
        supplyAmount: '2400000',
        vatAmount: '240000',
        signDeadline,
        buyerSignerId: 'operator',
        sourceChange,
      });

    /** The buyer's named signer opens the copy awaiting its signature (열람). */
    const buyerViews = (no: string) => steps().buyerViews(no);

    async function buyerSigns(no: string) {
      await buyerViews(no);
      return ok(await steps().buyerSignsViewed(no));
    }

    it.runIf(process.env.CI === 'true' || poppler)(
      'the executed copy: the contract, unchanged, then the audit-trail certificate, all under the seal',
      async () => {
        const { no } = await sent();
        await supplierSigns(no);
        expect((await buyerSigns(no)).status).toBe('EXECUTED');
        const ex = await detail(no);
        const draft = (await http.get(`/api/v1/contracts/${no}/document/draft`, operator)).res.rawPayload;
        const pdf = (await http.get(`/api/v1/contracts/${no}/document/executed`, operator)).res.rawPayload;
        const pages = (b: Buffer) => Number(/Pages:\s+(\d+)/.exec(poppler1('pdfinfo', [], b))![1]);
        expect(pages(pdf)).toBe(pages(draft) + 1);
        // The signed document is still the start of the executed copy, byte for byte.
        expect(Buffer.compare(pdf.subarray(0, draft.length), draft)).toBe(0);
        const last = String(pages(pdf));
        const text = poppler1('pdftotext', ['-f', last, '-l', last, '-layout'], pdf);
        expect(text).toContain('감사추적증명서');
        expect(text).toContain(no);
        expect(text).toContain(ex.documentSha);
        const signed = ex.events.filter((e: { kind: string }) => e.kind === 'SIGNED');
        const completed = ex.events.find((e: { kind: string }) => e.kind === 'COMPLETED');
        // The head of the chain as it stood when the copy was made: the event just before COMPLETED.
        expect(text).toContain(ex.events.find((e: { seq: number }) => e.seq === completed.seq - 1).hash);
        const users = await t.db.db
          .selectFrom('appUser')
          .select(['userId', 'hname'])
          .where('userId', 'in', ['operator', 'supplier1'])
          .execute();
        for (const u of users) expect(text).toContain(u.hname);
        expect(text).toContain(ex.variables['supplier.name']);
        expect(text).toContain('일회용 인증번호');
        expect(text).toContain(signed[0].ip);
        // Korean time of each signature.
        for (const e of signed) {
          const kst = new Date(Date.parse(e.occurredAt) + 9 * 3_600_000).toISOString();
          expect(text).toContain(`${kst.slice(0, 10)} ${kst.slice(11, 19)}`);
        }
        expect(await verifySeal(pdf)).toMatchObject({ ok: true, coversWholeFile: true });
        expect(poppler1('pdfsig', [], pdf)).toContain('Signature is Valid');
        expect(ok(await http.get(`/api/v1/contracts/${no}/verify`, operator)).ok).toBe(true);
        // What an outsider runs (PAdES B-T): qpdf finds no error and no warning, pdfsig a valid signature over the
        // whole file, OpenSSL a valid time-stamp token naming its authority's certificate (ESS signing-certificate-v2).
        const outside = checkWithOutsideTools(pdf);
        expect(outside.qpdf.output).not.toMatch(/WARNING/i);
        expect(outside.qpdf.output).toMatch(/No syntax or stream encoding errors found/);
        expect(outside.qpdf.status, outside.qpdf.output).toBe(0);
        expect(outside.pdfsig).toMatch(/Signature Validation: Signature is Valid/);
        expect(outside.pdfsig).toMatch(/Total document signed/);
        expect(outside.pdfsig).toMatch(/Signature Type: ETSI.CAdES.detached/);
        expect(outside.tsVerify.output, outside.tsVerify.output).toMatch(/Verification: OK/);
        expect(outside.tsVerify.status).toBe(0);
        // The chain exported and checked outside the system by the script written from the docs alone.
        const chain = ok(await http.get(`/api/v1/contracts/${no}/chain`, operator));
        expect(chain).toMatchObject({
          contractNo: no,
          algorithm: 'gpms-econtract-chain-v1',
          executedSha: ex.executedSha,
        });
        expect(chain.events).toHaveLength(ex.events.length);
        // The event list carries what the hash covers too: detail and the previous hash.
        expect(ex.events[0]).toMatchObject({
          prevHash: '0'.repeat(64),
          detail: expect.objectContaining({ templateNo: expect.any(String) }),
        });
        expect(ex.events.map((e: { prevHash: string }) => e.prevHash).slice(1)).toEqual(
          ex.events.map((e: { hash: string }) => e.hash).slice(0, -1),
        );
        const script = path.join(process.cwd(), 'scripts/verify-contract-chain.mjs');
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-'));
        try {
          const file = path.join(dir, 'chain.json');
          const pdfFile = path.join(dir, 'executed.pdf');
          fs.writeFileSync(file, JSON.stringify(chain));
          fs.writeFileSync(pdfFile, pdf);
          const good = spawnSync(process.execPath, [script, file, '--pdf', pdfFile], { encoding: 'utf8' });
          expect(good.status, good.stderr).toBe(0);
          expect(good.stdout).toContain(`${chain.events.length} events verified`);
          expect(good.stdout).toContain('is the executed copy');
          // One changed detail (a signer's consent moved to another party) is named at its event.
          const consent = chain.events.find((e: { kind: string }) => e.kind === 'CONSENT');
          const tampered = structuredClone(chain);
          tampered.events.find((e: { seq: number }) => e.seq === consent.seq).detail = { party: 'X' };
          fs.writeFileSync(file, JSON.stringify(tampered));
          const bad = spawnSync(process.execPath, [script, file], { encoding: 'utf8' });
          expect(bad.status).toBe(1);
          expect(bad.stderr).toContain(`FAILED at event ${consent.seq}: HASH_MISMATCH`);
          // Another PDF is not in the chain.
          fs.writeFileSync(file, JSON.stringify(chain));
          fs.writeFileSync(pdfFile, Buffer.concat([pdf, Buffer.from('\n')]));
          const other = spawnSync(process.execPath, [script, file, '--pdf', pdfFile], { encoding: 'utf8' });
          expect(other.status).toBe(1);
          expect(other.stderr).toContain('PDF_NOT_IN_CHAIN');
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
        // The seal's own signer info names its certificate (RFC 5035).
        const cms = new pkijs.SignedData({
          schema: pkijs.ContentInfo.fromBER(new Uint8Array(signatureOf(pdf).cms).buffer).content,
        });
        const sealCert = cms.certificates![0] as pkijs.Certificate;
        expect(signingCertificateHashOf(cms.signerInfos[0])?.toString('hex')).toBe(
          sha256(Buffer.from(sealCert.toSchema().toBER(false))),
        );
      },
    );

    // The time-stamping authority failing or hanging: contracts-execution.test.ts.

    it('a signing code signs only the contract it was asked for', async () => {
      const a = await sent();
      const b = await sent();
      // The signer opened both (열람): only the code decides.
      for (const no of [a.no, b.no])
        expect((await http.post(`/api/v1/cyber/contracts/${no}/view`, supplier1)).status).toBe(200);
      ok(await http.post(`/api/v1/cyber/contracts/${a.no}/sign-code`, supplier1));
      const code = await latestCode(t.app);
      const mineB = ok(await http.get(`/api/v1/cyber/contracts/${b.no}`, supplier1));
      expectError(
        await http.post(`/api/v1/cyber/contracts/${b.no}/sign`, supplier1, {
          version: mineB.version,
          documentSha: mineB.documentSha,
          consent: true,
          code,
        }),
        400,
        'CONTRACT_CODE_INVALID',
      );
      expect((await detail(b.no)).status).toBe('SENT');
      const mineA = ok(await http.get(`/api/v1/cyber/contracts/${a.no}`, supplier1));
      const signed = ok(
        await http.post(`/api/v1/cyber/contracts/${a.no}/sign`, supplier1, {
          version: mineA.version,
          documentSha: mineA.documentSha,
          consent: true,
          code,
        }),
      );
      expect(signed.status).toBe('PARTLY_SIGNED');
      const row = await t.db.db
        .selectFrom('otpCode')
        .select(['subject', 'attempts'])
        .where('userId', '=', 'supplier1')
        .where('purpose', '=', 'CONTRACT')
        .orderBy('createdAt', 'desc')
        .executeTakeFirstOrThrow();
      // Bound to A; the try on B was not counted against it.
      expect(row).toEqual({ subject: a.no, attempts: 0 });
    });

    it('an amendment of a PO contract changes the order only when executed, as a new revision; the original stays', async () => {
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
      const poNow = async () => ok(await http.get(`/api/v1/pos/${poNo}`, operator));
      const before = await poNow();
      expect(before).toMatchObject({ status: 'SENT', revision: 1 });
      const qty0 = before.lines[0].quantity as string;

      const { no } = await sent({ sourceKind: 'PO', sourceNo: poNo });
      await supplierSigns(no);
      await buyerSigns(no);
      const original = await detail(no);
      expect(original.status).toBe('EXECUTED');

      // An amendment agreeing a PO change; a line the order lacks is refused at once.
      const amend = (sourceChange: unknown) =>
        http.post(`/api/v1/contracts/${no}/amendments`, operator, {
          title: '사출품 공급',
          supplyAmount: '2400000',
          vatAmount: '240000',
          signDeadline: addDays(kstToday(), 10),
          buyerSignerId: 'operator',
          sourceChange,
        });
      expectError(await amend({ lines: [{ lineNo: 99, quantity: '1' }] }), 400, 'VALIDATION');
      const am = ok(await amend({ dueDate: day(30), lines: [{ lineNo: 1, quantity: '12', deliveryDate: day(28) }] }));
      const a = await detail(am.contractNo);
      expect(a.sourceChange).toEqual({
        dueDate: day(30),
        lines: [{ lineNo: 1, quantity: '12', deliveryDate: day(28) }],
      });
      expect(a.variables['amends.summary']).toContain(`발주 ${poNo} 1번 품목 수량: ${qty0} → 12`);
      // Field by field, the order's values when the amendment was made and the agreed ones.
      const agreedRows = [
        { key: '0:dueDate', field: 'dueDate', lineNo: null, before: before.dueDate, after: day(30) },
        { key: '1:quantity', field: 'quantity', lineNo: 1, before: String(Number(qty0)), after: '12' },
        {
          key: '1:deliveryDate',
          field: 'deliveryDate',
          lineNo: 1,
          before: before.lines[0].deliveryDate,
          after: day(28),
        },
      ];
      expect(a.sourceChanges).toEqual(agreedRows);
      expect(ok(await http.get(`/api/v1/cyber/contracts/${no}`, supplier1)).sourceChanges).toEqual([]);

      // Approved and signed by the supplier: the order has not moved.
      await approveAndSend(am.contractNo, a.version);
      await supplierSigns(am.contractNo);
      expect(await poNow()).toMatchObject({ revision: 1, totalAmount: before.totalAmount, dueDate: before.dueDate });

      // Executed: revision 2 carries the agreed quantity and dates, in force at once.
      expect((await buyerSigns(am.contractNo)).status).toBe('EXECUTED');
      const after = await poNow();
      expect(after).toMatchObject({ revision: 2, dueDate: day(30) });
      expect(after.lines[0]).toMatchObject({ lineNo: 1, quantity: '12.000', deliveryDate: day(28) });
      expect(after.totalAmount).not.toBe(before.totalAmount);
      const r2 = after.revisions.find((r: { revision: number }) => r.revision === 2);
      expect(r2).toMatchObject({ status: 'CURRENT', reason: `변경계약 ${am.contractNo} 체결` });
      expect(r2.diff.map((d: { field: string }) => d.field)).toEqual(
        expect.arrayContaining(['dueDate', 'quantity', 'deliveryDate', 'totalAmount']),
      );
      const approved = await t.db.db
        .selectFrom('poHeader')
        .select(['approvedAmount', 'totalAmount'])
        .where('poNo', '=', poNo)
        .executeTakeFirstOrThrow();
      expect(approved.approvedAmount).toBe(approved.totalAmount);
      const done = await detail(am.contractNo);
      expect(done.events.at(-1)).toMatchObject({ kind: 'COMPLETED' });
      // Executed, the order has moved; the amendment still shows what it was changed from, as the supplier sees it too.
      expect(done.sourceChanges).toEqual(agreedRows);
      expect(ok(await http.get(`/api/v1/cyber/contracts/${am.contractNo}`, supplier1)).sourceChanges).toEqual(
        agreedRows,
      );
      // The original contract never changed.
      expect(await detail(no)).toMatchObject({
        status: 'EXECUTED',
        version: original.version,
        totalAmount: original.totalAmount,
        executedSha: original.executedSha,
      });
    });

    it('an amendment is approved on what it does to its order: the line of the order’s new total with the PO_CHANGE tier in it, the change printed in the signed PDF whatever the template says; re-approved only when that tier approved it', async () => {
      // Tiers by amount: contracts and PO changes from 10,000,000 won ask more approvers.
      const db = t.db.db;
      await db
        .insertInto('approvalLine')
        .values([
          { lineId: 902, lineName: '전자계약 결재 (1천만원 이상)', description: null },
          { lineId: 903, lineName: '발주변경 결재 (1천만원 이상)', description: null },
        ])
        .execute();
      await db
        .insertInto('approvalLineStep')
        .values([
          { lineId: 902, stepNo: 1, approverId: 'E000002' },
          { lineId: 902, stepNo: 2, approverId: 'E000001' },
          { lineId: 903, stepNo: 1, approverId: 'E000002' },
          { lineId: 903, stepNo: 2, approverId: 'E000003' },
        ])
        .execute();
      await db.updateTable('approvalRule').set({ maxAmount: '10000000' }).where('ruleId', 'in', [9, 901]).execute();
      await db
        .insertInto('approvalRule')
        .values([
          { ruleId: 902, docType: 'CONTRACT', minAmount: '10000000', maxAmount: null, lineId: 902, description: 't' },
          { ruleId: 903, docType: 'PO_CHANGE', minAmount: '10000000', maxAmount: null, lineId: 903, description: 't' },
        ])
        .execute();
      try {
        const [admin, tfadmin] = await Promise.all([sessionAs(t.app, 'admin'), sessionAs(t.app, 'tfadmin')]);
        const who: Record<string, LoggedIn> = { E000001: admin, E000002: opadmin, E000003: tfadmin };
        /** Submits, then every step approves in turn; answers the approval's amount and approvers. */
        async function approveAll(contractNo: string) {
          ok(
            await http.post(`/api/v1/contracts/${contractNo}/submit`, operator, {
              version: (await detail(contractNo)).version,
            }),
          );
          const approval = await db
            .selectFrom('approval')
            .select(['approvalId', 'amountKrw', 'lineName'])
            .where('docType', '=', 'CONTRACT')
            .where('docNo', '=', contractNo)
            .executeTakeFirstOrThrow();
          const steps = await db
            .selectFrom('approvalStep')
            .select('approverId')
            .where('approvalId', '=', approval.approvalId)
            .orderBy('stepNo')
            .execute();
          for (const s of steps) {
            const { version } = await db
              .selectFrom('approval')
              .select('version')
              .where('approvalId', '=', approval.approvalId)
              .executeTakeFirstOrThrow();
            ok(await http.post(`/api/v1/approvals/${approval.approvalId}/approve`, who[s.approverId]!, { version }));
          }
          return { ...approval, approvers: steps.map((s) => s.approverId) };
        }

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
        const order = () =>
          db
            .selectFrom('poHeader')
            .select(['totalAmount', 'approvedAmount', 'revision'])
            .where('poNo', '=', poNo)
            .executeTakeFirstOrThrow();
        expect(await order()).toEqual({ totalAmount: '12500.00', approvedAmount: '12500.00', revision: 1 });
        const { no } = await sent({ sourceKind: 'PO', sourceNo: poNo });
        await supplierSigns(no);
        await buyerSigns(no);

        // An amendment stating 1,100 won that makes the order 10,002,500 won (line 1: 10 × 1,000 → 10 × 1,000,000).
        const amend = (unitPrice: string) =>
          http.post(`/api/v1/contracts/${no}/amendments`, operator, {
            title: '사출품 공급',
            supplyAmount: '1000',
            vatAmount: '100',
            signDeadline: addDays(kstToday(), 10),
            buyerSignerId: 'operator',
            sourceChange: { lines: [{ lineNo: 1, unitPrice }] },
          });
        const am = ok(await amend('1000000')).contractNo as string;
        // The template prints no change summary; the PDF both parties sign still states the change.
        const draft = await http.get(`/api/v1/contracts/${am}/document/draft`, operator);
        const text = (await readPdf(draft.res.rawPayload)).text.join('\n');
        expect(text).toContain(`발주 ${poNo} 변경 내용`);
        expect(text).toContain('1번 품목 단가: 1,000 → 1,000,000');
        expect(text).toContain('총액: 12,500 → 10,002,500');

        // Its approval: the order's new total in KRW, the contract line of that amount, the PO_CHANGE tier's approvers added.
        const approval = await approveAll(am);
        expect(approval).toMatchObject({
          amountKrw: '10002500',
          approvers: ['E000002', 'E000001', 'E000003'],
          lineName: '전자계약 결재 (1천만원 이상) + 발주변경 결재 (1천만원 이상)',
        });
        await supplierSigns(am);
        expect((await buyerSigns(am)).status).toBe('EXECUTED');
        // Covered: the revision is in force as re-approved.
        expect(await order()).toEqual({
          totalAmount: '10002500.00',
          approvedAmount: '10002500.00',
          revision: 2,
        });

        // A second amendment, approved on the tier of its day; the PO_CHANGE tier then asks one more approver.
        const am2 = ok(await amend('1100000')).contractNo as string;
        expect((await approveAll(am2)).approvers).toEqual(['E000002', 'E000001', 'E000003']);
        await supplierSigns(am2);
        await db.insertInto('approvalLineStep').values({ lineId: 903, stepNo: 3, approverId: 'E000006' }).execute();
        await buyerViews(am2);
        const c2 = await detail(am2);
        const refusedSign = await http.post(`/api/v1/contracts/${am2}/sign`, operator, {
          version: c2.version,
          documentSha: c2.documentSha,
          consent: true,
        });
        expectError(refusedSign, 409, 'CONTRACT_CHANGE_NOT_APPROVED');
        expect(await detail(am2)).toMatchObject({ status: 'PARTLY_SIGNED', version: c2.version });
        expect(await order()).toEqual({
          totalAmount: '10002500.00',
          approvedAmount: '10002500.00',
          revision: 2,
        });
      } finally {
        await db.updateTable('approvalRule').set({ useYn: 'N' }).where('ruleId', 'in', [902, 903]).execute();
        await db.updateTable('approvalRule').set({ maxAmount: null }).where('ruleId', 'in', [9, 901]).execute();
      }
    });

    it('an amendment of an LOI contract changes the LOI only when executed, its previous values kept; an LOI that cannot change refuses the last signature', async () => {
      const loiNow = async (n: string) => ok(await http.get(`/api/v1/lois/${n}`, operator));
      const executedOn = async (loiNo: string) => {
        const { no } = await sent({ sourceKind: 'LOI', sourceNo: loiNo });
        await supplierSigns(no);
        await buyerSigns(no);
        return detail(no);
      };
      const amend = (no: string, sourceChange: unknown) => amendLoi(no, sourceChange);

      const loiNo = await issuedLoi();
      const before = await loiNow(loiNo);
      const original = await executedOn(loiNo);
      expect(original.status).toBe('EXECUTED');

      // Checked at once: a PO's fields, a past validity, nothing to change.
      expectError(await amend(original.contractNo, { lines: [{ lineNo: 1, quantity: '1' }] }), 400, 'VALIDATION');
      expectError(await amend(original.contractNo, { validUntil: addDays(kstToday(), -1) }), 400, 'VALIDATION');
      expectError(await amend(original.contractNo, {}), 400, 'VALIDATION');
      const newUntil = addDays(kstToday(), 120);
      const am = ok(await amend(original.contractNo, { amount: '36000000', validUntil: newUntil }));
      const a = await detail(am.contractNo);
      expect(a.sourceChange).toEqual({ amount: '36000000', validUntil: newUntil });
      expect(a.variables['amends.summary']).toContain(`LOI ${loiNo} 금액: 30000000 → 36000000`);
      expect(a.variables['amends.summary']).toContain(`LOI ${loiNo} 유효 종료일: ${before.validUntil} → ${newUntil}`);
      expect(a.sourceChanges).toEqual([
        { key: '0:amount', field: 'amount', lineNo: null, before: '30000000', after: '36000000' },
        { key: '0:validUntil', field: 'validUntil', lineNo: null, before: before.validUntil, after: newUntil },
      ]);

      // Approved and signed by the supplier: the LOI has not moved.
      await approveAndSend(am.contractNo, a.version);
      await supplierSigns(am.contractNo);
      expect(await loiNow(loiNo)).toMatchObject({
        amount: before.amount,
        validUntil: before.validUntil,
        version: before.version,
      });

      // Executed: the LOI carries the agreed values; its previous ones stay in its history.
      expect((await buyerSigns(am.contractNo)).status).toBe('EXECUTED');
      const after = await loiNow(loiNo);
      expect(after).toMatchObject({ amount: '36000000.00', validUntil: newUntil, version: before.version + 1 });
      expect(after.history.at(-1)).toMatchObject({ action: 'CHANGE', reason: `변경계약 ${am.contractNo} 체결` });
      const audit = await t.db.db
        .selectFrom('auditLog')
        .select(['beforeData', 'afterData'])
        .where('entity', '=', 'loi')
        .where('entityKey', '=', loiNo)
        .where('action', '=', 'CHANGE')
        .executeTakeFirstOrThrow();
      expect(audit.beforeData).toMatchObject({ amount: '30000000.00', validUntil: before.validUntil });
      expect(audit.afterData).toMatchObject({ amount: '36000000', validUntil: newUntil });
      const done = await detail(am.contractNo);
      expect(done.events.at(-1)).toMatchObject({ kind: 'COMPLETED' });
      // The original contract never changed.
      expect(await detail(original.contractNo)).toMatchObject({
        status: 'EXECUTED',
        version: original.version,
        totalAmount: original.totalAmount,
        executedSha: original.executedSha,
      });

      // An LOI cancelled after the amendment was signed by the supplier: the last signature is refused, nothing executed.
      const loi2 = await issuedLoi();
      const original2 = await executedOn(loi2);
      const am2 = ok(await amend(original2.contractNo, { amount: '31000000' }));
      await approveAndSend(am2.contractNo, (await detail(am2.contractNo)).version);
      await supplierSigns(am2.contractNo);
      const l2 = await loiNow(loi2);
      ok(await http.post(`/api/v1/lois/${loi2}/cancel`, operator, { version: l2.version, reason: '사업 취소' }));
      await buyerViews(am2.contractNo);
      const c2 = await detail(am2.contractNo);
      const refusedSign = await http.post(`/api/v1/contracts/${am2.contractNo}/sign`, operator, {
        version: c2.version,
        documentSha: c2.documentSha,
        consent: true,
      });
      expectError(refusedSign, 409, 'LOI_NOT_AMENDABLE');
      expect((refusedSign.body as { msg: string }).msg).toContain('취소되어 변경할 수 없습니다');
      expect(await detail(am2.contractNo)).toMatchObject({ status: 'PARTLY_SIGNED', version: c2.version });
      expect(await loiNow(loi2)).toMatchObject({ amount: '30000000.00', status: 'CANCELLED' });
      // Made on a cancelled LOI, an amendment agreeing its change is refused at once.
      expectError(await amend(original2.contractNo, { amount: '32000000' }), 409, 'LOI_NOT_AMENDABLE');

      // An LOI an order came to follow after the amendment was made: the order carries the terms now.
      const loi3 = await issuedLoi();
      const l3 = await loiNow(loi3);
      ok(await http.post(`/api/v1/cyber/lois/${loi3}/accept`, supplier1, { version: l3.version }));
      const original3 = await executedOn(loi3);
      const am3 = ok(await amend(original3.contractNo, { validUntil: addDays(kstToday(), 90) }));
      await approveAndSend(am3.contractNo, (await detail(am3.contractNo)).version);
      await supplierSigns(am3.contractNo);
      const f: Flow = {
        ...client(t),
        u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'supplier1', 'supplier2']),
      };
      const rfq = await awardedRfq(f, 'C00001');
      const po = ok(
        await http.post('/api/v1/pos', operator, {
          rfqNo: rfq.rfqNo,
          rfqVersion: rfq.version,
          dueDate: day(20),
          loiNo: loi3,
        }),
      );
      await buyerViews(am3.contractNo);
      const c3 = await detail(am3.contractNo);
      const refused3 = await http.post(`/api/v1/contracts/${am3.contractNo}/sign`, operator, {
        version: c3.version,
        documentSha: c3.documentSha,
        consent: true,
      });
      expectError(refused3, 409, 'LOI_NOT_AMENDABLE');
      expect((refused3.body as { msg: string }).msg).toContain(`발주(${po.poNo as string})로 전환되어`);
      expect(await detail(am3.contractNo)).toMatchObject({ status: 'PARTLY_SIGNED', version: c3.version });
      expect(await loiNow(loi3)).toMatchObject({ validUntil: l3.validUntil, status: 'ACCEPTED' });
    });

    it('an LOI amendment: approved on the LOI’s new amount with the LOI tier in it, the change printed; a new amount that tier did not approve refuses the last signature', async () => {
      const loiNo = await issuedLoi();
      const { no } = await sent({ sourceKind: 'LOI', sourceNo: loiNo });
      await supplierSigns(no);
      await buyerSigns(no);
      const am = ok(await amendLoi(no, { amount: '36000000' })).contractNo as string;
      const draft = await http.get(`/api/v1/contracts/${am}/document/draft`, operator);
      expect((await readPdf(draft.res.rawPayload)).text.join('\n')).toContain('금액: 30,000,000 → 36,000,000');
      const a = await approveAndSend(am, (await detail(am)).version);
      const approval = await t.db.db
        .selectFrom('approval')
        .select(['amountKrw'])
        .where('approvalId', '=', Number(a.approvalId))
        .executeTakeFirstOrThrow();
      // The LOI's new amount, not the 2,640,000 won the amendment states.
      expect(approval.amountKrw).toBe('36000000');
      await supplierSigns(am);
      // The LOI tier asks one more approver now than when the amendment was approved.
      await t.db.db.insertInto('approvalLineStep').values({ lineId: 6, stepNo: 2, approverId: 'E000006' }).execute();
      try {
        await buyerViews(am);
        const c = await detail(am);
        expectError(
          await http.post(`/api/v1/contracts/${am}/sign`, operator, {
            version: c.version,
            documentSha: c.documentSha,
            consent: true,
          }),
          409,
          'CONTRACT_CHANGE_NOT_APPROVED',
        );
        expect(await detail(am)).toMatchObject({ status: 'PARTLY_SIGNED', version: c.version });
        expect(ok(await http.get(`/api/v1/lois/${loiNo}`, operator)).amount).toBe('30000000.00');
      } finally {
        await t.db.db.deleteFrom('approvalLineStep').where('lineId', '=', 6).where('stepNo', '=', 2).execute();
      }
    });

    it('the signers a contract may name, by name: the staff allowed to sign, a supplier’s users allowed to sign', async () => {
      const buyers = ok(await http.get('/api/v1/contract-signers?party=BUYER', operator));
      expect(buyers.rows).toContainEqual({ userId: 'operator', name: '김민수' });
      // Read-only on the contracts (monitor) or none (a supplier user): not offered.
      const buyerIds = buyers.rows.map((r: { userId: string }) => r.userId);
      expect(buyerIds).not.toContain('monitor');
      expect(buyerIds).not.toContain('supplier1');
      expect(buyers.total).toBe(buyers.rows.length);
      const mine = ok(await http.get('/api/v1/contract-signers?party=SUPPLIER&compNo=C00001', operator));
      expect(mine.rows.map((r: { userId: string }) => r.userId).sort()).toEqual([
        'c00001u3',
        'supplier1',
        'supplier1adm',
      ]);
      expect(mine.rows).toContainEqual({ userId: 'supplier1', name: '서재훈' });
      // A group without write on the sign screen cannot sign, so is not offered.
      await signWrite('61', 'N');
      try {
        const now = ok(await http.get('/api/v1/contract-signers?party=SUPPLIER&compNo=C00001', operator));
        expect(now.rows.map((r: { userId: string }) => r.userId).sort()).toEqual(['c00001u3', 'supplier1']);
      } finally {
        await signWrite('61', 'Y');
      }
      expectError(await http.get('/api/v1/contract-signers?party=SUPPLIER', operator), 400, 'VALIDATION');
      expect((await http.get('/api/v1/contract-signers?party=BUYER', supplier1)).status).toBe(403);
    });

    it('the clause library answers to its own screen’s authority (계약 조항), not the templates’', async () => {
      const monitor = await sessionAs(t.app, 'monitor');
      const clauseAuth = (group: string, set: { canRead?: 'Y' | 'N'; canWrite?: 'Y' | 'N' }) =>
        t.db.db
          .updateTable('menuAuth')
          .set(set)
          .where('authGroupId', '=', group)
          .where('pgmId', '=', 'PUR_CONTRACT_CLAUSE')
          .execute();
      expect((await http.get('/api/v1/contract-clauses', monitor)).status).toBe(200);
      const clause = { title: '하자보증', body: '수급자는 납품 후 1년간 하자를 보증한다.', version: 0 };
      await clauseAuth('40', { canRead: 'N' });
      await clauseAuth('20', { canWrite: 'N' });
      try {
        // Still holding the templates: the clauses are refused all the same.
        expect((await http.get('/api/v1/contract-templates', monitor)).status).toBe(200);
        expect((await http.get('/api/v1/contract-clauses', monitor)).status).toBe(403);
        expect((await http.put('/api/v1/contract-clauses/LIFECYCLEWARRANTY', operator, clause)).status).toBe(403);
        expect((await http.get('/api/v1/contract-clauses', operator)).status).toBe(200);
      } finally {
        await clauseAuth('40', { canRead: 'Y' });
        await clauseAuth('20', { canWrite: 'Y' });
      }
      // A code of its own: the demo seed's clause library has a WARRANTY already.
      ok(await http.put('/api/v1/contract-clauses/LIFECYCLEWARRANTY', operator, clause));
    });

    // Moves the app's clock forward (the test after it reads the clock, not the real date).
    it('reminders before the deadline by the business clock: once per threshold to the party whose turn it is, its named signer or else its users allowed to sign; none once signed or declined', async () => {
      const deadline = addDays(appToday(), 5);
      const waiting = await sent({ signDeadline: deadline });
      const named = await sent({ signDeadline: deadline, supplierSignerId: 'supplier1' });
      const signedNo = (await sent({ signDeadline: deadline })).no;
      await supplierSigns(signedNo);
      await buyerSigns(signedNo);
      const declined = await sent({ signDeadline: deadline });
      const mine = ok(await http.get(`/api/v1/cyber/contracts/${declined.no}`, supplier1));
      ok(
        await http.post(`/api/v1/cyber/contracts/${declined.no}/decline`, supplier1, {
          version: mine.version,
          reason: '조건 불일치',
        }),
      );
      const notices = (no: string) =>
        t.db.db
          .selectFrom('notification')
          .select(['template', 'subject', 'body', 'recipient'])
          .where('refKey', '=', no)
          .where('template', 'in', ['contract.reminder', 'contract.reminder.buyer'])
          .execute();
      const reminded = async (no: string) =>
        (await detail(no)).events.filter((e: { kind: string }) => e.kind === 'REMINDED').length;
      const run = () => remindSigners(t.db.db, t.app.clock.now(), [3, 1]);

      const emails = async (where: { userIds?: string[]; group?: string }) =>
        (
          await t.db.db
            .selectFrom('appUser')
            .select('email')
            .where('compNo', '=', 'C00001')
            .where('portal', '=', 'X')
            .where('status', '=', 'NORMAL')
            .where('useFlag', '=', 'Y')
            .$if(where.userIds !== undefined, (q) => q.where('userId', 'in', where.userIds!))
            .$if(where.group !== undefined, (q) => q.where('authGroupId', '=', where.group!))
            .execute()
        )
          .map((u) => u.email!)
          .sort();
      const remindedDetail = async (no: string) =>
        (
          await t.db.db
            .selectFrom('econtractEvent')
            .select('detail')
            .where('contractNo', '=', no)
            .where('kind', '=', 'REMINDED')
            .orderBy('seq')
            .execute()
        ).map((e) => e.detail as { party: string; signers: string[] });

      // Five days left: nothing yet.
      await run();
      expect(await notices(waiting.no)).toHaveLength(0);
      // Three days left: the supplier (its turn) once, however often the job runs — its users allowed to
      // sign (supplier1adm's group has lost write on the sign screen), or the signer the contract names.
      t.app.clock.advance(2 * 86_400_000);
      await signWrite('61', 'N');
      try {
        await run();
        await run();
      } finally {
        await signWrite('61', 'Y');
      }
      const first = await notices(waiting.no);
      expect(first.every((n) => n.template === 'contract.reminder')).toBe(true);
      const allowed = await emails({ group: '60' });
      expect(allowed.length).toBeGreaterThanOrEqual(2);
      expect(first.map((n) => n.recipient).sort()).toEqual(allowed);
      expect(first.map((n) => n.recipient)).not.toContain((await emails({ userIds: ['supplier1adm'] }))[0]);
      const toNamed = await notices(named.no);
      expect(toNamed.map((n) => n.recipient)).toEqual(await emails({ userIds: ['supplier1'] }));
      expect(await remindedDetail(named.no)).toMatchObject([{ party: 'SUPPLIER', signers: ['supplier1'] }]);
      expect(await reminded(waiting.no)).toBe(1);
      expect(first[0].subject).toContain('3일 전');
      // The Korean particle follows the title: 사출품 공급 ends open → 을.
      expect(first[0].body).toContain('사출품 공급을 서명하실 차례입니다');
      const sentFirst = first.length;
      // The supplier signs; one day left: the buyer's named signer, once.
      await supplierSigns(waiting.no);
      t.app.clock.advance(2 * 86_400_000);
      await run();
      await run();
      const all = await notices(waiting.no);
      const buyer = all.filter((n) => n.template === 'contract.reminder.buyer');
      expect(buyer).toHaveLength(1);
      expect(buyer[0].subject).toContain('1일 전');
      // To the buyer's named signer (operator, 김민수 E000004) only.
      const operatorAddress = await t.db.db
        .selectFrom('appUser as u')
        .leftJoin('employee as e', 'e.singleid', 'u.singleid')
        .select(['u.email as userEmail', 'e.email as employeeEmail'])
        .where('u.userId', '=', 'operator')
        .executeTakeFirstOrThrow();
      expect(buyer[0].recipient).toBe(operatorAddress.userEmail ?? operatorAddress.employeeEmail);
      expect((await remindedDetail(waiting.no)).at(-1)).toMatchObject({ party: 'BUYER', signers: ['operator'] });
      expect(all).toHaveLength(sentFirst + 1);
      expect(await reminded(waiting.no)).toBe(2);
      const events = (await detail(waiting.no)).events.filter((e: { kind: string }) => e.kind === 'REMINDED');
      expect(events.map((e: { userId: string }) => e.userId)).toEqual(['system', 'system']);
      expect(ok(await http.get(`/api/v1/contracts/${waiting.no}/verify`, operator)).ok).toBe(true);
      // Signed or declined: none.
      expect(await notices(signedNo)).toHaveLength(0);
      expect(await notices(declined.no)).toHaveLength(0);
      // The particle helper chooses by the word: a title ending in a closed syllable takes 을, else 를.
      const params = { contractNo: 'CT1', company: '한빛', deadline: '2026-12-01', daysLeft: 1 };
      expect(render('contract.reminder', 'ko', { ...params, title: '금형 제작' }).body).toContain('금형 제작을 ');
      expect(render('contract.reminder', 'ko', { ...params, title: '부품 공급 계약서' }).body).toContain(
        '부품 공급 계약서를 ',
      );
      expect(render('contract.reminder.buyer', 'ko', { ...params, title: 'x' }).body).toContain('한빛과의');
    });

    // Moves the app's clock forward past the LOI's validity.
    it('an amendment of an LOI that has lapsed is refused (409 LOI_NOT_AMENDABLE): at the last signature when it lapsed after the amendment was made, and at creation', async () => {
      // The LOI's last valid day is tomorrow by the business clock the contracts read.
      const validUntil = addDays(appToday(), 1);
      const loiNo = await issuedLoi(validUntil);
      const { no } = await sent({ sourceKind: 'LOI', sourceNo: loiNo });
      await supplierSigns(no);
      await buyerSigns(no);
      const am = ok(await amendLoi(no, { amount: '33000000' }));
      await approveAndSend(am.contractNo, (await detail(am.contractNo)).version);
      await supplierSigns(am.contractNo);

      // Two days on, the LOI has lapsed: the buyer's last signature is refused and nothing is executed.
      t.app.clock.advance(2 * 86_400_000);
      expect(appToday() > validUntil).toBe(true);
      await buyerViews(am.contractNo);
      const c = await detail(am.contractNo);
      const refusedSign = await http.post(`/api/v1/contracts/${am.contractNo}/sign`, operator, {
        version: c.version,
        documentSha: c.documentSha,
        consent: true,
      });
      expectError(refusedSign, 409, 'LOI_NOT_AMENDABLE');
      expect((refusedSign.body as { msg: string }).msg).toContain(`유효기간(${validUntil})이 지나`);
      expect((refusedSign.body as { msg: string }).msg).toContain('변경계약을 체결할 수 없습니다');
      const after = await detail(am.contractNo);
      expect(after).toMatchObject({ status: 'PARTLY_SIGNED', version: c.version, executedSha: null });
      expect(after.events.map((e: { kind: string }) => e.kind)).not.toContain('COMPLETED');
      expect(ok(await http.get(`/api/v1/lois/${loiNo}`, operator))).toMatchObject({
        amount: '30000000.00',
        validUntil,
      });

      // A new amendment agreeing a change of the lapsed LOI is refused at once, naming why.
      const refusedNew = await amendLoi(no, { amount: '34000000' }, addDays(appToday(), 10));
      expectError(refusedNew, 409, 'LOI_NOT_AMENDABLE');
      expect((refusedNew.body as { msg: string }).msg).toContain(`유효기간(${validUntil})이 지나 변경할 수 없습니다`);
      // Without a change of the LOI, the amendment of the contract itself is still possible.
      ok(
        await http.post(`/api/v1/contracts/${no}/amendments`, operator, {
          title: '사출품 공급 (기간 연장)',
          supplyAmount: '2000000',
          vatAmount: '200000',
          endDate: addDays(appToday(), 90),
          signDeadline: addDays(appToday(), 10),
          buyerSignerId: 'operator',
        }),
      );
    });
  },
);
