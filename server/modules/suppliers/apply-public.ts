import crypto from 'node:crypto';
import path from 'node:path';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatBusinessNumber, isValidBusinessNumber } from '../../../lib/business-number.js';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { HttpError, badRequest } from '../../http/errors.js';
import { findBadString, invalidCharacter } from '../../http/input-guard.js';
import { writeAudit } from '../../db/audit.js';
import { nextDocumentNumber } from '../../db/document-number.js';
import { todayKst } from '../../domain/dates.js';
import type { Db } from '../../db/connect.js';
import { sha256 } from '../../auth/tokens.js';
import { hashPassword } from '../../auth/password.js';
import { passwordProblem } from '../../auth/password-policy.js';
import { OTP_MAX_ATTEMPTS, OTP_VALIDITY_SEC, maskDestination, newOtpCode } from '../../auth/otp.js';
import { FileStore } from '../files/storage.js';
import { ALLOWED_EXTENSIONS, checkContent, checkDeclared, extensionOf } from '../files/content-check.js';
import { failIf, missing, refused, type FieldError } from '../../domain/errors.js';
import { iso } from '../../domain/values.js';
import { CELL, EMAIL, LIMITS, MSG, USER_ID, checkCompanyStep, taxNoTaken, userIdTaken } from './apply-checks.js';
import { byteLength } from '../../../lib/text.js';
import {
  ApplyOptions, CompanyBody, ConsentBody, FileKindParams, OtpAnswer, OtpBody, PublicApplication, ReceiptParams, SecretHeaders, StartAnswer, StartBody, SubmitBody, Terms, UploadAnswer,
} from './apply-schemas.js';

const tags = ['supplier-apply'];
/** A half-finished application is kept this long under its receipt number and secret. */
export const APPLICATION_KEEP_DAYS = 7;
/** Which files the company step needs, and how each is named to staff. */
const FILE_KINDS = { CERT: '사업자등록증', BANKBOOK: '통장사본' } as const;
const DOCUMENT_EXTENSIONS = new Set(['pdf', 'png', 'jpg', 'jpeg', 'gif', 'bmp', 'tif', 'tiff']);

const notFoundApp = () => missing('APPLICATION_NOT_FOUND', '신청서를 찾을 수 없습니다. 접수번호와 비밀번호를 확인하세요');
const applicationExpired = () => refused('APPLICATION_EXPIRED', `신청서 보관 기간(${APPLICATION_KEEP_DAYS}일)이 지났습니다. 처음부터 다시 신청하세요`);
const stepSkipped = (step: number) => refused('STEP_SKIPPED', `이전 단계를 먼저 마치세요 (현재 ${step}단계까지 완료)`, { step });

type AppRow = NonNullable<Awaited<ReturnType<typeof loadForUpdate>>>;

function loadForUpdate(db: Db, receiptNo: string) {
  return db.selectFrom('supplierApplication').selectAll().where('receiptNo', '=', receiptNo).forUpdate().executeTakeFirst();
}

/**
 * The application the secret opens, still a draft and not expired. A wrong secret answers like a
 * missing receipt (nothing tells which receipt numbers exist); a submitted one can no longer be
 * read or changed with its secret.
 */
function openDraft(row: AppRow | undefined, secret: string): AppRow {
  if (!row) throw notFoundApp();
  const given = Buffer.from(sha256(`${row.receiptNo}:${secret}`));
  if (!crypto.timingSafeEqual(given, Buffer.from(row.secretHash))) throw notFoundApp();
  // Expired by the job (suppliers/jobs.ts) or only by the clock: the same answer either way.
  if (row.status === 'EXPIRED') throw applicationExpired();
  if (row.status !== 'DRAFT') throw refused('APPLICATION_CLOSED', '이미 제출된 신청서입니다. 접수번호로 심사 결과를 기다리세요', { status: row.status });
  if (row.expiresAt.getTime() <= Date.now()) throw applicationExpired();
  return row;
}

async function presentDraft(db: Db, r: AppRow) {
  const [cats, files] = await Promise.all([
    db.selectFrom('supplierApplicationCategory').select('catCode').where('receiptNo', '=', r.receiptNo).orderBy('catCode').execute(),
    r.fileId ? db.selectFrom('fileEntry').select(['seq', 'originalName']).where('fileId', '=', r.fileId).where('deletedAt', 'is', null).execute() : Promise.resolve([]),
  ]);
  const nameOf = (seq: number | null) => files.find((f) => f.seq === seq)?.originalName ?? null;
  return {
    receiptNo: r.receiptNo, applyType: r.applyType, status: r.status, step: r.step, expiresAt: r.expiresAt.toISOString(),
    termsVersion: r.termsVersion, privacyVersion: r.privacyVersion,
    taxNo2: r.taxNo ? formatBusinessNumber(r.taxNo) : null, corpNo: r.corpNo, compNameKr: r.compNameKr, compNameEn: r.compNameEn, ceoName: r.ceoName,
    zipCode: r.zipCode, address: r.address, bizType: r.bizType, bizItem: r.bizItem, phoneNo: r.phoneNo, catCodes: cats.map((c) => c.catCode),
    bankCode: r.bankCode, bankAccount: r.bankAccount, bankHolder: r.bankHolder,
    certName: nameOf(r.certSeq), bankbookName: nameOf(r.bankbookSeq), phoneVerified: r.phoneVerifiedAt !== null, submittedAt: iso(r.submittedAt),
  };
}

async function currentTerms(db: Db) {
  const rows = await db.selectFrom('applyTerms').selectAll().where('effectiveFrom', '<=', todayKst()).orderBy('kind').orderBy('effectiveFrom', 'desc').execute();
  const latest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!latest.has(r.kind)) latest.set(r.kind, r);
  return [...latest.values()].map((r) => ({ ...r, effectiveFrom: String(r.effectiveFrom) }));
}

const otpHash = (receiptNo: string, code: string) => sha256(`apply:${receiptNo}:${code}`);
const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * The public application wizard (/template/userApply, ogpmsUserApply1..3; docs/suppliers.md
 * "Application"). No login: the application is reached by its receipt number and the secret
 * answered at the start (header X-Apply-Secret). Every operation is rate-limited per client in the
 * database store; every write is one transaction with an audit row. Nothing here creates a login:
 * the first user exists only once staff approve (apply-review.ts).
 */
export const supplierApplyPublicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limited = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const failures = { ...commonErrors, 409: Type.Ref('ErrorBody'), 429: Type.Ref('ErrorBody') };
  const store = FileStore.of(app.config);
  const base = '/api/v1/public/supplier-applications';

  /** One draft write: the row locked, opened by its secret, checked, changed, audited — or nothing. */
  const withDraft = <T>(receiptNo: string, secret: string, work: (trx: Db, row: AppRow) => Promise<T>) =>
    app.dbh.db.transaction().execute(async (trx) => work(trx, openDraft(await loadForUpdate(trx, receiptNo), secret)));

  app.get(
    '/api/v1/public/apply-terms',
    { config: { access: access.public(), ...limited }, schema: { operationId: 'listApplyTerms', tags, summary: 'The terms of use and privacy consent in force (versioned)', response: { 200: Terms, ...failures } } },
    async () => {
      const rows = await currentTerms(app.dbh.db);
      return { rows, total: rows.length };
    },
  );

  app.get(
    '/api/v1/public/apply-options',
    { config: { access: access.public(), ...limited }, schema: { operationId: 'listApplyOptions', tags, summary: 'What the company step offers: banks (BANK codes) and item categories (levels 1–2, in use)', response: { 200: ApplyOptions, ...failures } } },
    async () => {
      const [banks, categories] = await Promise.all([
        app.dbh.db.selectFrom('code').select(['code as value', 'textKo as text']).where('groupId', '=', 'BANK').where('useYn', '=', 'Y').orderBy('sortOrder').orderBy('code').execute(),
        app.dbh.db.selectFrom('itemCategory').select(['catCode as value', 'nameKo as text', 'depth']).where('depth', '<=', 2).where('useYn', '=', 'Y').orderBy('catCode').execute(),
      ]);
      return { banks, categories: categories.map((c) => ({ value: c.value, text: c.depth > 1 ? `· ${c.text}` : c.text })) };
    },
  );

  app.post(
    base,
    {
      config: { access: access.public(), ...limited },
      schema: { operationId: 'startSupplierApplication', tags, summary: `Start an application: answers its receipt number and a secret (shown once) that keep it for ${APPLICATION_KEEP_DAYS} days`, body: StartBody, response: { 200: StartAnswer, ...failures } },
    },
    async (request) => {
      const secret = crypto.randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + APPLICATION_KEEP_DAYS * 86_400_000);
      const receiptNo = await app.dbh.db.transaction().execute(async (trx) => {
        const receiptNo = await nextDocumentNumber(trx, 'SA', todayKst());
        await trx.insertInto('supplierApplication').values({ receiptNo, applyType: request.body.applyType, secretHash: sha256(`${receiptNo}:${secret}`), expiresAt }).execute();
        await writeAudit(trx, { entity: 'supplier_application', entityKey: receiptNo, action: 'START', actor: null, after: { applyType: request.body.applyType, ip: request.ip } });
        return receiptNo;
      });
      return { receiptNo, secret, applyType: request.body.applyType, expiresAt: expiresAt.toISOString(), step: 0 };
    },
  );

  app.get(
    `${base}/:receiptNo`,
    {
      config: { access: access.public(), ...limited },
      schema: { operationId: 'getOwnSupplierApplication', tags, summary: 'The applicant reads its unfinished application back (to resume it)', params: ReceiptParams, headers: SecretHeaders, response: { 200: PublicApplication, ...failures } },
    },
    async (request) => {
      const row = openDraft(await app.dbh.db.selectFrom('supplierApplication').selectAll().where('receiptNo', '=', request.params.receiptNo).executeTakeFirst(), request.headers['x-apply-secret']);
      return presentDraft(app.dbh.db, row);
    },
  );

  app.put(
    `${base}/:receiptNo/consent`,
    {
      config: { access: access.public(), ...limited },
      schema: { operationId: 'consentSupplierApplication', tags, summary: 'Step 1: consent to the terms and the privacy notice in force (their versions are kept)', params: ReceiptParams, headers: SecretHeaders, body: ConsentBody, response: { 200: PublicApplication, ...failures } },
    },
    async (request) => {
      const b = request.body;
      const errors: FieldError[] = [];
      if (!b.agreeTerms) errors.push({ path: 'body/agreeTerms', message: '이용약관에 동의해야 신청할 수 있습니다' });
      if (!b.agreePrivacy) errors.push({ path: 'body/agreePrivacy', message: '개인정보 수집·이용에 동의해야 신청할 수 있습니다' });
      failIf(errors);
      const terms = await currentTerms(app.dbh.db);
      const current = (kind: string) => terms.find((t) => t.kind === kind)?.version;
      if (b.termsVersion !== current('TERMS') || b.privacyVersion !== current('PRIVACY'))
        throw refused('TERMS_CHANGED', '약관이 개정되었습니다. 새 약관을 읽고 다시 동의하세요', { termsVersion: current('TERMS'), privacyVersion: current('PRIVACY') });
      await withDraft(request.params.receiptNo, request.headers['x-apply-secret'], async (trx, row) => {
        const after = { termsVersion: b.termsVersion, privacyVersion: b.privacyVersion };
        await trx.updateTable('supplierApplication').set({ ...after, consentedAt: new Date(), step: Math.max(row.step, 1), updatedAt: new Date(), version: row.version + 1 }).where('receiptNo', '=', row.receiptNo).execute();
        await writeAudit(trx, { entity: 'supplier_application', entityKey: row.receiptNo, action: 'CONSENT', actor: null, after });
      });
      return presentDraft(app.dbh.db, (await loadForUpdate(app.dbh.db, request.params.receiptNo))!);
    },
  );

  app.post(
    `${base}/:receiptNo/files/:kind`,
    {
      config: { access: access.public(), ...limited },
      schema: {
        operationId: 'uploadSupplierApplicationFile',
        tags,
        summary: 'Step 2: the registration certificate (CERT) or bankbook copy (BANKBOOK), one PDF or image each (multipart, field "file"); size, type and content are checked before it is kept; a second upload replaces the first',
        consumes: ['multipart/form-data'],
        params: FileKindParams,
        headers: SecretHeaders,
        response: { 200: UploadAnswer, 413: Type.Ref('ErrorBody'), 415: Type.Ref('ErrorBody'), ...failures },
      },
    },
    async (request) => {
      const { receiptNo, kind } = request.params;
      const secret = request.headers['x-apply-secret'];
      // The secret and the step are checked before a byte is stored.
      const pre = openDraft(await app.dbh.db.selectFrom('supplierApplication').selectAll().where('receiptNo', '=', receiptNo).executeTakeFirst(), secret);
      if (pre.step < 1) throw stepSkipped(pre.step);
      if (pre.applyType !== 'NEW_COMPANY') throw badRequest('NOT_NEEDED', '신규 사용자 신청에는 첨부가 필요 없습니다');
      if (!request.isMultipart()) throw new HttpError(415, 'NOT_MULTIPART', '파일은 multipart/form-data 로 보내야 합니다');
      const part = await request.file();
      if (!part) throw badRequest('FILE_MISSING', '올린 파일이 없습니다');
      const originalName = path.basename(part.filename || '').normalize('NFC');
      if (!originalName) throw badRequest('FILE_NAME_MISSING', '파일 이름이 없습니다');
      if (originalName.length > 300) throw badRequest('FILE_NAME_TOO_LONG', '파일 이름은 300자를 넘을 수 없습니다');
      if (findBadString(originalName, 'file')) {
        part.file.resume();
        throw invalidCharacter('file (file name)');
      }
      if (!DOCUMENT_EXTENSIONS.has(extensionOf(originalName))) {
        part.file.resume();
        throw new HttpError(415, 'FILE_TYPE', `${FILE_KINDS[kind]}은(는) PDF 또는 이미지 파일만 올릴 수 있습니다: ${originalName}`);
      }
      const declared = checkDeclared(originalName, part.mimetype);
      if (declared) {
        part.file.resume();
        throw new HttpError(415, declared.code, declared.message);
      }
      const saved = await store.write(part.file);
      try {
        if (part.file.truncated) throw new HttpError(413, 'FILE_TOO_LARGE', `파일 크기는 ${app.config.uploadLimitMb}MB를 넘을 수 없습니다`);
        const content = await checkContent(store.reader(saved.storedName), originalName);
        if (content) throw new HttpError(415, content.code, content.message);
        await withDraft(receiptNo, secret, async (trx, row) => {
          let fileId = row.fileId;
          if (!fileId) {
            fileId = crypto.randomUUID();
            await trx.insertInto('fileGroup').values({ fileId, createdBy: null, compNo: null, docType: 'SUPPLIER_APPLICATION', docNo: receiptNo, boundAt: new Date() }).execute();
          }
          const seqColumn = kind === 'CERT' ? 'certSeq' : 'bankbookSeq';
          const previous = row[seqColumn];
          if (previous) await trx.updateTable('fileEntry').set({ deletedAt: new Date() }).where('fileId', '=', fileId).where('seq', '=', previous).execute();
          const last = await trx.selectFrom('fileEntry').select((eb) => eb.fn.max('seq').as('maxSeq')).where('fileId', '=', fileId).executeTakeFirst();
          const seq = Number(last?.maxSeq ?? 0) + 1;
          const mimeType = ALLOWED_EXTENSIONS[extensionOf(originalName)].types[0];
          await trx.insertInto('fileEntry').values({ fileId, seq, originalName, storedName: saved.storedName, sizeBytes: saved.size, mimeType, checksum: saved.sha256, createdBy: null }).execute();
          await trx.updateTable('supplierApplication').set({ fileId, [seqColumn]: seq, updatedAt: new Date(), version: row.version + 1 }).where('receiptNo', '=', receiptNo).execute();
          await writeAudit(trx, { entity: 'supplier_application', entityKey: receiptNo, action: `FILE_${kind}`, actor: null, after: { name: originalName, size: saved.size, sha256: saved.sha256, replacedSeq: previous } });
        });
      } catch (err) {
        await store.remove(saved.storedName);
        throw err;
      }
      return { kind, originalName, sizeBytes: saved.size };
    },
  );

  app.put(
    `${base}/:receiptNo/company`,
    {
      config: { access: access.public(), ...limited },
      schema: {
        operationId: 'saveSupplierApplicationCompany',
        tags,
        summary: 'Step 2: the company (business number with check digit, not yet registered; corporate number with check digit; names within their byte limits; CEO, address, categories, bank account) — or, for a new user, the registered company’s business number',
        params: ReceiptParams,
        headers: SecretHeaders,
        body: CompanyBody,
        response: { 200: PublicApplication, ...failures },
      },
    },
    async (request) => {
      const { receiptNo } = request.params;
      const secret = request.headers['x-apply-secret'];
      const pre = openDraft(await app.dbh.db.selectFrom('supplierApplication').selectAll().where('receiptNo', '=', receiptNo).executeTakeFirst(), secret);
      if (pre.step < 1) throw stepSkipped(pre.step);
      if (pre.applyType === 'NEW_USER') {
        const taxRaw = request.body.taxNo.trim();
        const taxNo = taxRaw.replace(/-/g, '');
        if (!isValidBusinessNumber(taxRaw)) failIf([{ path: 'body/taxNo', message: MSG.badTaxNo }]);
        const company = await app.dbh.db.selectFrom('company').select(['compNo', 'status']).where('taxNo', '=', taxNo).executeTakeFirst();
        if (!company || company.status !== 'ACTIVE') failIf([{ path: 'body/taxNo', message: MSG.unknownTaxNo }]);
        await withDraft(receiptNo, secret, async (trx, row) => {
          await trx.updateTable('supplierApplication').set({ taxNo, compNo: company!.compNo, step: Math.max(row.step, 2), updatedAt: new Date(), version: row.version + 1 }).where('receiptNo', '=', receiptNo).execute();
          await writeAudit(trx, { entity: 'supplier_application', entityKey: receiptNo, action: 'COMPANY', actor: null, after: { taxNo, compNo: company!.compNo } });
        });
      } else {
        const { errors, value } = await checkCompanyStep(app.dbh.db, request.body);
        if (!errors.some((e) => e.path === 'body/taxNo') && (await taxNoTaken(app.dbh.db, value.taxNo, receiptNo))) errors.push({ path: 'body/taxNo', message: MSG.takenTaxNo });
        if (!pre.certSeq) errors.push({ path: 'files/CERT', message: `${FILE_KINDS.CERT}을 첨부하세요` });
        if (!pre.bankbookSeq) errors.push({ path: 'files/BANKBOOK', message: `${FILE_KINDS.BANKBOOK}을 첨부하세요` });
        failIf(errors);
        const { catCodes, ...columns } = value;
        await withDraft(receiptNo, secret, async (trx, row) => {
          await trx.updateTable('supplierApplication').set({ ...columns, step: Math.max(row.step, 2), updatedAt: new Date(), version: row.version + 1 }).where('receiptNo', '=', receiptNo).execute();
          await trx.deleteFrom('supplierApplicationCategory').where('receiptNo', '=', receiptNo).execute();
          await trx.insertInto('supplierApplicationCategory').values(catCodes.map((catCode) => ({ receiptNo, catCode }))).execute();
          // The account is the applicant's own; the audit keeps it masked all the same.
          await writeAudit(trx, { entity: 'supplier_application', entityKey: receiptNo, action: 'COMPANY', actor: null, after: { ...columns, bankAccount: columns.bankAccount.replace(/\d(?=\d{4})/g, '*'), catCodes } });
        });
      }
      return presentDraft(app.dbh.db, (await loadForUpdate(app.dbh.db, receiptNo))!);
    },
  );

  app.post(
    `${base}/:receiptNo/otp`,
    {
      config: { access: access.public(), rateLimit: { max: Math.max(1, Math.ceil(app.config.authRateLimitPerMinute / 3)), timeWindow: '1 minute' } },
      schema: { operationId: 'sendSupplierApplicationOtp', tags, summary: `Step 3: send a one-time code to the first user’s cell phone (valid ${OTP_VALIDITY_SEC / 60} minutes, ${OTP_MAX_ATTEMPTS} attempts; a new code replaces the last)`, params: ReceiptParams, headers: SecretHeaders, body: OtpBody, response: { 200: OtpAnswer, ...failures } },
    },
    async (request) => {
      const phone = request.body.cellPhoneNo.trim();
      if (!CELL.test(phone)) failIf([{ path: 'body/cellPhoneNo', message: '휴대전화번호를 확인하세요 (010-1234-5678)' }]);
      const code = newOtpCode();
      const expiresAt = new Date(Date.now() + OTP_VALIDITY_SEC * 1000);
      await withDraft(request.params.receiptNo, request.headers['x-apply-secret'], async (trx, row) => {
        if (row.step < 2) throw stepSkipped(row.step);
        await trx.updateTable('supplierApplication').set({ otpHash: otpHash(row.receiptNo, code), otpPhone: digits(phone), otpExpiresAt: expiresAt, otpAttempts: 0, phoneVerifiedAt: null, updatedAt: new Date() }).where('receiptNo', '=', row.receiptNo).execute();
        await writeAudit(trx, { entity: 'supplier_application', entityKey: row.receiptNo, action: 'OTP_SENT', actor: null, after: { to: maskDestination('SMS', phone) } });
      });
      // Sent after the commit: a code is never delivered for a row that was not written.
      await app.auth.sender.send(app.dbh.db, { to: phone, channel: 'SMS', code, text: `[OGPMS] 협력사 등록 신청 인증번호는 ${code} 입니다. ${OTP_VALIDITY_SEC / 60}분 안에 입력하세요.` });
      return { sentTo: maskDestination('SMS', phone), expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    `${base}/:receiptNo/submit`,
    {
      config: { access: access.public(), ...limited },
      schema: {
        operationId: 'submitSupplierApplication',
        tags,
        summary: 'Step 3: the first user (id, name, phones, e-mail, password under the policy) with the one-time code that proves the phone; submits the application for review (a new company also gets its registration evaluation). No login works until staff approve',
        params: ReceiptParams,
        headers: SecretHeaders,
        body: SubmitBody,
        response: { 200: PublicApplication, ...failures },
      },
    },
    async (request) => {
      const { receiptNo } = request.params;
      const b = request.body;
      const userId = b.userId.trim();
      const errors: FieldError[] = [];
      if (!USER_ID.test(userId)) errors.push({ path: 'body/userId', message: '아이디는 영문으로 시작하는 4~20자의 영문, 숫자, . _ - 입니다' });
      const hname = b.hname.trim();
      if (hname.length < 2) errors.push({ path: 'body/hname', message: '이름은 2자 이상 입력하세요' });
      else if (byteLength(hname) > LIMITS.hname) errors.push({ path: 'body/hname', message: `이름은 ${LIMITS.hname}바이트를 넘을 수 없습니다` });
      if (!EMAIL.test(b.email.trim())) errors.push({ path: 'body/email', message: '이메일 주소를 확인하세요' });
      if (!CELL.test(b.cellPhoneNo.trim())) errors.push({ path: 'body/cellPhoneNo', message: '휴대전화번호를 확인하세요 (010-1234-5678)' });
      const phone = (b.phoneNo ?? '').trim() || null;
      if (phone && !/^[0-9-]{8,20}$/.test(phone)) errors.push({ path: 'body/phoneNo', message: '전화번호는 숫자와 - 만 쓸 수 있습니다' });
      const problem = passwordProblem(b.password, userId);
      if (problem) errors.push({ path: 'body/password', message: PASSWORD_TEXT[problem] ?? '비밀번호 규칙을 확인하세요' });
      failIf(errors);
      if (await userIdTaken(app.dbh.db, userId, receiptNo)) failIf([{ path: 'body/userId', message: '이미 사용 중인 아이디입니다' }]);
      const passwordHash = await hashPassword(b.password);
      // A wrong code is counted even though the submission fails: the attempt counter is its own write.
      const otp = await withDraft(receiptNo, request.headers['x-apply-secret'], async (trx, row) => {
        if (row.step < 2) throw stepSkipped(row.step);
        if (!row.otpHash || !row.otpExpiresAt || row.otpPhone !== digits(b.cellPhoneNo)) return 'none' as const;
        if (row.otpExpiresAt.getTime() <= Date.now()) return 'expired' as const;
        if (row.otpAttempts >= OTP_MAX_ATTEMPTS) return 'exhausted' as const;
        const good = crypto.timingSafeEqual(Buffer.from(otpHash(row.receiptNo, b.otpCode.trim())), Buffer.from(row.otpHash));
        if (!good) {
          await trx.updateTable('supplierApplication').set({ otpAttempts: row.otpAttempts + 1 }).where('receiptNo', '=', receiptNo).execute();
          return 'wrong' as const;
        }
        return 'ok' as const;
      });
      if (otp !== 'ok') throw badRequest('AUTH013', OTP_TEXT[otp], [{ path: 'body/otpCode', message: OTP_TEXT[otp] }]);
      try {
        await withDraft(receiptNo, request.headers['x-apply-secret'], async (trx, row) => {
          if (row.applyType === 'NEW_COMPANY' && row.taxNo && (await taxNoTaken(trx, row.taxNo, receiptNo))) throw refused('DUPLICATE_TAX_NO', MSG.takenTaxNo);
          if (await userIdTaken(trx, userId, receiptNo)) throw refused('DUPLICATE_USER_ID', '이미 사용 중인 아이디입니다');
          const now = new Date();
          const after = { userId, hname, userPhoneNo: phone, cellPhoneNo: b.cellPhoneNo.trim(), email: b.email.trim() };
          await trx
            .updateTable('supplierApplication')
            .set({ ...after, passwordHash, otpHash: null, otpAttempts: 0, phoneVerifiedAt: now, step: 3, status: 'SUBMITTED', submittedAt: now, updatedAt: now, version: row.version + 1 })
            .where('receiptNo', '=', receiptNo)
            .execute();
          await writeAudit(trx, { entity: 'supplier_application', entityKey: receiptNo, action: 'SUBMIT', actor: null, after });
          if (row.applyType === 'NEW_COMPANY') {
            const evalNo = await nextDocumentNumber(trx, 'CRE', todayKst());
            await trx.insertInto('registrationEvaluation').values({ evalNo, receiptNo }).execute();
            await writeAudit(trx, { entity: 'registration_evaluation', entityKey: evalNo, action: 'CREATE', actor: null, after: { receiptNo } });
          }
        });
      } catch (err) {
        // Two applications racing for one number or id: the partial unique indexes decide.
        if ((err as { code?: string }).code === '23505') throw refused('DUPLICATE_APPLICATION', '같은 사업자등록번호나 아이디로 심사 중인 신청이 있습니다');
        throw err;
      }
      const row = (await app.dbh.db.selectFrom('supplierApplication').selectAll().where('receiptNo', '=', receiptNo).executeTakeFirst())!;
      return presentDraft(app.dbh.db, row);
    },
  );
};

const PASSWORD_TEXT: Record<string, string> = {
  length: '비밀번호는 8~64자입니다',
  variety: '비밀번호는 영문 대문자, 소문자, 숫자, 특수문자 중 세 가지 이상을 섞어야 합니다',
  containsId: '비밀번호에 아이디를 넣을 수 없습니다',
};

const OTP_TEXT: Record<'none' | 'expired' | 'wrong' | 'exhausted', string> = {
  none: '인증번호를 먼저 받으세요 (휴대전화번호가 바뀌었으면 다시 받으세요)',
  expired: '인증번호의 유효 시간이 지났습니다. 다시 받으세요',
  wrong: '인증번호가 올바르지 않습니다',
  exhausted: '인증번호를 너무 많이 틀렸습니다. 다시 받으세요',
};
