import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { SmtpConfig } from '../../../server/config-integrations.js';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { notificationJobs } from '../../../server/modules/notifications/jobs.js';
import { render, TEMPLATES, type TemplateId } from '../../../server/modules/notifications/templates.js';
import { retryDelaySec } from '../../../server/modules/notifications/outbox.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { formRequest } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { freePort } from '../../../scripts/free-port.mjs';
import { client, ok, prBody, type Flow } from '../purchase/helpers.js';

/**
 * Notifications by e-mail against a real SMTP server run in the test (smtp-server, STARTTLS and
 * authentication): the one-time code arrives and logs the supplier in; an approval request
 * reaches the approver; with the mail server down the message is retried with backoff and
 * recorded FAILED after the last attempt while the user's action succeeded.
 */
interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** Quoted-printable (what the sender uses for text) back to UTF-8 text. */
function decodeQp(raw: string): string {
  const soft = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function startSmtp(port: number, mails: Mail[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    // STARTTLS with smtp-server's own self-signed certificate; AUTH only after it.
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, cb) {
      if (auth.username === 'gpms' && auth.password === 'mail-Secret-1') cb(null, { user: 'gpms' });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decodeQp(Buffer.concat(chunks).toString('latin1')),
        });
        cb();
      });
    },
    logger: false,
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const closeSmtp = (s: SMTPServer) => new Promise<void>((r) => s.close(() => r()));

async function waitFor<T>(fn: () => T | undefined, ms = 8000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() - started > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('notifications over a real SMTP server', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let port: number;
  let f: Flow;
  const mails: Mail[] = [];
  const deliver = (now = new Date()) => notificationJobs[0].run({ db: t.db.db, log: t.app.log, config: t.config, now });

  beforeAll(async () => {
    port = await freePort();
    smtp = await startSmtp(port, mails);
    const smtpConfig: SmtpConfig = {
      host: '127.0.0.1',
      port,
      secure: false,
      requireTls: true,
      tlsVerify: false,
      user: 'gpms',
      password: 'mail-Secret-1',
      from: 'GPMS <gpms@corp.test>',
      timeoutMs: 2000,
    };
    t = await buildTestApp({ config: { smtp: smtpConfig, notify: { maxAttempts: 3, backoffSec: 60 } } });
    f = {
      ...client(t),
      u: {
        buyer: await sessionAs(t.app, 'buyer'),
        uadmin1: await sessionAs(t.app, 'uadmin1'),
        admin: await sessionAs(t.app, 'admin'),
      },
    };
  });
  afterAll(async () => {
    await t?.close();
    if (smtp) await closeSmtp(smtp).catch(() => undefined);
  });

  it('the one-time code e-mail arrives with the code, which then logs the supplier in', async () => {
    const user = await t.db.db
      .selectFrom('appUser')
      .select(['email'])
      .where('userId', '=', 'supplier1')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cyberLogin',
      ...formRequest({ userId: 'supplier1', userPw: 'Gpms!2345', optGubun: 'EMAIL' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    await deliver();
    const mail = await waitFor(() => mails.find((m) => m.to.includes(user.email!)));
    expect(mail.from).toBe('gpms@corp.test');
    expect(mail.raw).toContain('인증번호는');
    const code = /인증번호는 (\d{6}) 입니다/.exec(mail.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cyberCheckOtp',
      ...formRequest({ userId: 'supplier1', userPw: 'Gpms!2345', otpNum: code! }),
    });
    expect(second.statusCode, second.body).toBe(200);
    // Recorded as sent, and the code is not kept in the outbox once delivered.
    const row = await t.db.db
      .selectFrom('notification')
      .selectAll()
      .where('recipient', '=', user.email!)
      .where('template', '=', 'otp')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'SENT', attempts: 1, channel: 'EMAIL', sensitive: 'Y' });
    expect(row.body).not.toContain(code!);
    // Nothing went to the development outbox.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?limit=5' }))
        .json()
        .filter((e: { code: string | null }) => e.code === code),
    ).toEqual([]);
  });

  it('an approval request e-mail arrives for the approver; the result for the requester', async () => {
    const approver = await t.db.db
      .selectFrom('appUser')
      .select(['email', 'singleid'])
      .where('userId', '=', 'uadmin1')
      .executeTakeFirstOrThrow();
    const requester = await t.db.db
      .selectFrom('appUser')
      .select(['email'])
      .where('userId', '=', 'buyer')
      .executeTakeFirstOrThrow();
    expect(approver.email).toBeTruthy();
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody({ title: '메일 알림 시험' })));
    ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    const queued = await t.db.db
      .selectFrom('notification')
      .selectAll()
      .where('template', '=', 'approval.request')
      .where('recipient', '=', approver.email!)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ state: 'PENDING', attempts: 0, refEntity: 'approval' });
    await deliver();
    const mail = await waitFor(() => mails.find((m) => m.to.includes(approver.email!) && m.raw.includes(pr.prNo)));
    expect(mail.raw).toContain('메일 알림 시험');
    expect(mail.raw).toContain('정수빈 님이 결재를 요청했습니다');

    const pending = ok(await f.get('/api/v1/home/approvals?size=500', f.u.uadmin1)).rows.find(
      (r: { docNo: string }) => r.docNo === pr.prNo,
    );
    ok(
      await f.post(`/api/v1/approvals/${pending.approvalId}/approve`, f.u.uadmin1, {
        version: pending.version,
        comment: '확인했습니다',
      }),
    );
    await deliver();
    const result = await waitFor(() => mails.find((m) => m.to.includes(requester.email!) && m.raw.includes(pr.prNo)));
    expect(result.raw).toContain('승인되었습니다');
    expect(result.raw).toContain('확인했습니다');
  });

  it('SMTP down: the approval still succeeds; the message is retried with backoff and recorded FAILED after the last attempt', async () => {
    await closeSmtp(smtp);
    const approver = await t.db.db
      .selectFrom('appUser')
      .select(['email'])
      .where('userId', '=', 'uadmin1')
      .executeTakeFirstOrThrow();
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody({ title: '메일 서버 중단 시험' })));
    const submitted = await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version });
    expect(submitted.statusCode).toBe(200);
    const row = () =>
      t.db.db
        .selectFrom('notification')
        .selectAll()
        .where('template', '=', 'approval.request')
        .where('recipient', '=', approver.email!)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    const start = new Date();
    expect(await deliver(start)).toMatchObject({ retried: 1, failed: 0 });
    let r = await row();
    expect(r).toMatchObject({ state: 'PENDING', attempts: 1 });
    expect(r.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(r.nextAttemptAt) - start.getTime()).toBe(60_000);
    // Not due yet: nothing happens.
    expect(await deliver(new Date(start.getTime() + 30_000))).toMatchObject({ retried: 0, failed: 0 });
    // Second attempt after 60 s, third after a further 120 s (backoff doubles).
    expect(await deliver(new Date(start.getTime() + 61_000))).toMatchObject({ retried: 1 });
    r = await row();
    expect(Date.parse(r.nextAttemptAt) - (start.getTime() + 61_000)).toBe(120_000);
    expect(await deliver(new Date(start.getTime() + 200_000))).toMatchObject({ failed: 1 });
    r = await row();
    expect(r).toMatchObject({ state: 'FAILED', attempts: 3 });
    // The administrators see it and may queue it again.
    const list = ok(await f.get('/api/v1/notifications?state=FAILED', f.u.admin));
    expect(list.rows.map((x: { id: number }) => x.id)).toContain(Number(r.id));
    expect(list.rows[0]).not.toHaveProperty('body');
    expect(ok(await f.post(`/api/v1/notifications/${r.id}/retry`, f.u.admin))).toEqual({
      id: Number(r.id),
      state: 'PENDING',
    });
    expect((await row()).attempts).toBe(0);
    // A supplier or a plain user may not look at the outbox.
    expect((await f.get('/api/v1/notifications', f.u.buyer)).statusCode).toBe(403);
  });
});

describe('notification templates and configuration', () => {
  it('every template renders in Korean and English with its parameters, and refuses a missing one', () => {
    for (const id of Object.keys(TEMPLATES) as TemplateId[]) {
      const params = Object.fromEntries(TEMPLATES[id].params.map((p) => [p, `<${p}>`]));
      for (const lang of ['ko', 'en'] as const) {
        const { subject, body } = render(id, lang, params);
        expect(`${subject}${body}`).not.toMatch(/\{\w+\}/);
        for (const p of TEMPLATES[id].params) expect(`${subject}${body}`).toContain(`<${p}>`);
      }
      if (TEMPLATES[id].params.length > 0) expect(() => render(id, 'ko', {})).toThrow(/missing/);
    }
    expect(render('otp', 'ko', { code: '123456', minutes: 3 }).body).toMatch(/[가-힣]/);
    expect(render('otp', 'en', { code: '123456', minutes: 3 }).body).toContain('Your verification code is 123456');
  });

  it('backoff doubles from NOTIFY_BACKOFF_SEC, capped at a day', () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySec(60, n))).toEqual([60, 120, 240, 480]);
    expect(retryDelaySec(60, 30)).toBe(86400);
  });

  it('names every bad SMTP, SMS and notification variable at start-up', () => {
    let error: unknown;
    try {
      loadConfig({
        SMTP_HOST: 'smtp.corp.test',
        SMTP_PORT: '99999',
        SMTP_USER: 'gpms',
        SMTP_SECURE: 'maybe',
        SMS_GATEWAY_URL: 'ftp://sms',
        NOTIFY_MAX_ATTEMPTS: '0',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const all = (error as ConfigError).problems.join('\n');
    for (const name of [
      'SMTP_PORT',
      'SMTP_PASSWORD',
      'SMTP_FROM',
      'SMTP_SECURE',
      'SMS_GATEWAY_URL',
      'NOTIFY_MAX_ATTEMPTS',
    ])
      expect(all).toContain(name);
    const ok = loadConfig({ SMTP_HOST: 'smtp.corp.test', SMTP_PORT: '465', SMTP_FROM: 'GPMS <gpms@corp.test>' });
    expect(ok.smtp).toMatchObject({ secure: true, port: 465, user: null });
  });
});
