import http_ from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { api, expectError } from '../fulfilment/helpers.js';
import { contractFontsAvailable } from '../../../server/modules/contracts/render.js';
import { finishExecutingContracts } from '../../../server/modules/contracts/execution.js';
import { addDays, contractSteps, kstToday, ok, oneContractApprover } from './steps.js';

/**
 * The last signature seals the executed copy OUTSIDE the database transaction (docs/contracts.md
 * "Execution"): a time-stamping authority that fails or hangs answers the signer 503 with the
 * signature kept (EXECUTING), holds no transaction while it hangs, and the job
 * contracts.finishExecuting completes the contract once it answers — as it does one a crash left
 * between the two transactions.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HOUR = 3_600_000;

describe.runIf(process.env.CI === 'true' || contractFontsAvailable())(
  'electronic contracts: sealing outside the transaction, finished by the job',
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
      await oneContractApprover(t, 951);
      ok(await http.put('/api/v1/contract-templates/EXE', operator, template(0)));
    }, 120_000);
    afterAll(() => t?.close());

    const template = (version: number) => ({
      name: '물품공급계약서',
      contractType: 'SUPPLY',
      signOrder: 'SUPPLIER_FIRST',
      body: '발주자 {{buyer.name}}과 수급자 {{supplier.name}}은 {{contract.title}}에 관하여 계약한다.',
      version,
    });
    const steps = () => contractSteps(t, http, () => ({ operator, opadmin, supplier1 }));
    const detail = (no: string) => steps().detail(no);

    /** A contract approved, sent and signed by the supplier, its buyer's copy opened: one signature left. */
    async function awaitingBuyer(): Promise<string> {
      const created = ok(
        await http.post('/api/v1/contracts', operator, {
          templateNo: 'EXE',
          compNo: 'C00001',
          title: '사출품 공급',
          supplyAmount: '2000000',
          vatAmount: '200000',
          signDeadline: addDays(kstToday(), 14),
          buyerSignerId: 'operator',
        }),
      );
      const no = created.contractNo as string;
      await steps().submitAndApprove(no, created.version as number);
      ok(await steps().supplierSigns(no));
      await steps().buyerViews(no);
      return no;
    }

    const buyerSign = (no: string) => steps().buyerSignsViewed(no);

    /** The signature kept, the contract EXECUTING (체결 처리중), no executed copy yet. */
    async function expectExecuting(no: string) {
      const c = await detail(no);
      expect(c).toMatchObject({ status: 'EXECUTING', executedSha: null });
      expect(c.buyerSignedAt).toBeTruthy();
      expect(c.events.filter((e: { kind: string }) => e.kind === 'SIGNED')).toHaveLength(2);
      expect(c.events.some((e: { kind: string }) => e.kind === 'COMPLETED')).toBe(false);
      const supplierView = ok(await http.get(`/api/v1/cyber/contracts/${no}`, supplier1));
      expect(supplierView.status).toBe('EXECUTING');
    }

    async function expectExecuted(no: string) {
      const c = await detail(no);
      expect(c.status).toBe('EXECUTED');
      expect(c.events.filter((e: { kind: string }) => e.kind === 'COMPLETED')).toHaveLength(1);
      expect(ok(await http.get(`/api/v1/contracts/${no}/verify`, operator))).toMatchObject({
        ok: true,
        sealValid: true,
      });
    }

    it('the time-stamping authority answering 500, then hanging: 503 to the signer, the signature kept, no other request waits; the job completes both once it answers', async () => {
      // A local authority made to fail (500) or hang (never answers: the client gives up after 10 s).
      let mode: 'error' | 'hang' = 'error';
      const broken = http_.createServer((req, res) => {
        req.resume();
        if (mode === 'error') {
          res.writeHead(500);
          res.end();
        }
      });
      await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
      const before = t.config.contractTsaUrl;
      const failing = await awaitingBuyer();
      const hanging = await awaitingBuyer();
      try {
        t.config.contractTsaUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}/tsa`;
        const res = await buyerSign(failing);
        expectError(res, 503, 'CONTRACT_TSA_UNAVAILABLE');
        expect(res.body.msg).toContain('서명은 기록되었고');
        await expectExecuting(failing);

        mode = 'hang';
        let answered = false;
        const started = Date.now();
        const pending = buyerSign(hanging).then((r) => {
          answered = true;
          return r;
        });
        await sleep(1_000);
        // While the authority hangs, another write commits at once: no transaction waits on it.
        const w = Date.now();
        ok(await http.put('/api/v1/contract-templates/EXE', operator, template(1)));
        expect(Date.now() - w).toBeLessThan(4_000);
        expect(answered).toBe(false);
        const hung = await pending;
        expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
        expectError(hung, 503, 'CONTRACT_TSA_UNAVAILABLE');
        await expectExecuting(hanging);
      } finally {
        t.config.contractTsaUrl = before;
        broken.closeAllConnections();
        await new Promise<void>((resolve) => broken.close(() => resolve()));
      }
      // The authority answers again. A failed attempt puts the next one off (backoff): not yet due now…
      const now = new Date();
      expect(await finishExecutingContracts(t.db.db, t.config, now)).toEqual({ executed: 0, failed: 0 });
      const state = await t.db.db
        .selectFrom('econtract')
        .select(['executeAttempts', 'executeError'])
        .where('contractNo', '=', failing)
        .executeTakeFirstOrThrow();
      expect(state.executeAttempts).toBe(1);
      expect(state.executeError).toContain('TSA');
      // …and an hour on, the job completes both.
      expect(await finishExecutingContracts(t.db.db, t.config, new Date(now.getTime() + HOUR))).toEqual({
        executed: 2,
        failed: 0,
      });
      await expectExecuted(failing);
      await expectExecuted(hanging);
      // Done once: a second run finds nothing.
      expect(await finishExecutingContracts(t.db.db, t.config, new Date(now.getTime() + 2 * HOUR))).toEqual({
        executed: 0,
        failed: 0,
      });
    }, 180_000);

    it('a crash between the two transactions (the second one failing): the signature kept, EXECUTING; the job finishes it', async () => {
      const no = await awaitingBuyer();
      // The second transaction fails where it stores the executed copy, as a crash there would leave it.
      await sql
        .raw(
          `create function test_fail_executed() returns trigger language plpgsql as $$ begin raise exception 'simulated crash'; end $$`,
        )
        .execute(t.db.db);
      await sql
        .raw(
          `create trigger test_fail_executed before insert on econtract_document for each row when (new.kind = 'EXECUTED') execute function test_fail_executed()`,
        )
        .execute(t.db.db);
      try {
        const signed = ok(await buyerSign(no));
        expect(signed.status).toBe('EXECUTING');
        await expectExecuting(no);
        // Still failing: the job counts it and backs off.
        expect(await finishExecutingContracts(t.db.db, t.config, new Date(Date.now() + HOUR))).toEqual({
          executed: 0,
          failed: 1,
        });
      } finally {
        await sql.raw(`drop trigger test_fail_executed on econtract_document`).execute(t.db.db);
        await sql.raw(`drop function test_fail_executed()`).execute(t.db.db);
      }
      expect(await finishExecutingContracts(t.db.db, t.config, new Date(Date.now() + 3 * HOUR))).toEqual({
        executed: 1,
        failed: 0,
      });
      await expectExecuted(no);
      const completed = (await detail(no)).events.find((e: { kind: string }) => e.kind === 'COMPLETED');
      expect(completed.userId).toBe('system');
    }, 120_000);
  },
);
