import crypto from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Static } from 'typebox';
import { formatBusinessNumber, isValidBusinessNumber } from '../../../../lib/business-number.js';
import { byteLength } from '../../../../lib/text.js';
import { HttpError, badRequest } from '../../../http/errors.js';
import { findBadString, invalidCharacter } from '../../../http/input-guard.js';
import { writeAudit } from '../../../db/audit.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { todayKst } from '../../../domain/dates.js';
import type { Db } from '../../../db/connect.js';
import { sha256 } from '../../../auth/tokens.js';
import { hashPassword } from '../../../auth/password.js';
import { passwordProblem } from '../../../auth/password-policy.js';
import { OTP_MAX_ATTEMPTS, OTP_VALIDITY_SEC, maskDestination, newOtpCode } from '../../../auth/otp.js';
import type { Sender } from '../../../auth/sender.js';
import type { FileStore } from '../../files/storage.js';
import { ALLOWED_EXTENSIONS, checkContent, checkDeclared, extensionOf } from '../../files/content-check.js';
import { failIf, missing, refused, type FieldError } from '../../../domain/errors.js';
import { isEmail, iso } from '../../../domain/values.js';
import { CELL, LIMITS, MSG, USER_ID, checkCompanyStep, taxNoTaken, userIdTaken } from '../apply-checks.js';
import { companyByTaxNo } from '../master/queries.js';
import type { CompanyBody, ConsentBody, StartBody, SubmitBody } from '../apply-schemas.js';
import {
  applicationCategoryCodes,
  bankOptions,
  categoryOptions,
  findApplication,
  insertApplication,
  insertFileEntry,
  insertFileGroup,
  insertRegistrationEvaluation,
  lastFileSeq,
  liveFileNames,
  lockApplication,
  markFileEntryDeleted,
  replaceApplicationCategories,
  termsEffectiveBy,
  updateApplication,
} from './queries.js';
import { josa } from '../../../../lib/josa.js';

/** A half-finished application is kept this long under its receipt number and secret. */
export const APPLICATION_KEEP_DAYS = 7;
/** Which files the company step needs, and how each is named to staff. */
const FILE_KINDS = { CERT: '사업자등록증', BANKBOOK: '통장사본' } as const;
const DOCUMENT_EXTENSIONS = new Set(['pdf', 'png', 'jpg', 'jpeg', 'gif', 'bmp', 'tif', 'tiff']);

const notFoundApp = () =>
  missing('APPLICATION_NOT_FOUND', '신청서를 찾을 수 없습니다. 접수번호와 비밀번호를 확인하세요');
const applicationExpired = () =>
  refused('APPLICATION_EXPIRED', `신청서 보관 기간(${APPLICATION_KEEP_DAYS}일)이 지났습니다. 처음부터 다시 신청하세요`);
const stepSkipped = (step: number) =>
  refused('STEP_SKIPPED', `이전 단계를 먼저 마치세요 (현재 ${step}단계까지 완료)`, { step });

type AppRow = NonNullable<Awaited<ReturnType<typeof lockApplication>>>;

/**
 * What the wizard works with: the unscoped database (the applicant has no login), the file store,
 * the upload limit, and the sender of one-time codes.
 */
export interface ApplyDeps {
  db: Db;
  store: FileStore;
  uploadLimitMb: number;
  sender: Sender;
}

/**
 * The application the secret opens, still a draft and not expired. A wrong secret answers like a
 * missing receipt (nothing tells which receipt numbers exist); a submitted one can no longer be
 * read or changed with its secret.
 */
function openDraft(row: AppRow | undefined, secret: string, now: Date): AppRow {
  if (!row) throw notFoundApp();
  const given = Buffer.from(sha256(`${row.receiptNo}:${secret}`));
  if (!crypto.timingSafeEqual(given, Buffer.from(row.secretHash))) throw notFoundApp();
  // Expired by the job (suppliers/jobs.ts) or only by the clock: the same answer either way.
  if (row.status === 'EXPIRED') throw applicationExpired();
  if (row.status !== 'DRAFT')
    throw refused('APPLICATION_CLOSED', '이미 제출된 신청서입니다. 접수번호로 심사 결과를 기다리세요', {
      status: row.status,
    });
  if (Date.parse(row.expiresAt) <= now.getTime()) throw applicationExpired();
  return row;
}

/** One draft write: the row locked, opened by its secret, checked, changed, audited — or nothing. */
const withDraft = <T>(
  db: Db,
  receiptNo: string,
  secret: string,
  now: Date,
  work: (trx: Db, row: AppRow) => Promise<T>,
) => db.transaction().execute(async (trx) => work(trx, openDraft(await lockApplication(trx, receiptNo), secret, now)));

async function presentDraft(db: Db, r: AppRow) {
  const [cats, files] = await Promise.all([
    applicationCategoryCodes(db, r.receiptNo),
    r.fileId ? liveFileNames(db, r.fileId) : Promise.resolve([]),
  ]);
  const nameOf = (seq: number | null) => files.find((f) => f.seq === seq)?.originalName ?? null;
  return {
    receiptNo: r.receiptNo,
    applyType: r.applyType,
    status: r.status,
    step: r.step,
    expiresAt: r.expiresAt,
    termsVersion: r.termsVersion,
    privacyVersion: r.privacyVersion,
    taxNo2: r.taxNo ? formatBusinessNumber(r.taxNo) : null,
    corpNo: r.corpNo,
    compNameKr: r.compNameKr,
    compNameEn: r.compNameEn,
    ceoName: r.ceoName,
    zipCode: r.zipCode,
    address: r.address,
    bizType: r.bizType,
    bizItem: r.bizItem,
    phoneNo: r.phoneNo,
    catCodes: cats.map((c) => c.catCode),
    bankCode: r.bankCode,
    bankAccount: r.bankAccount,
    bankHolder: r.bankHolder,
    certName: nameOf(r.certSeq),
    bankbookName: nameOf(r.bankbookSeq),
    phoneVerified: r.phoneVerifiedAt !== null,
    submittedAt: iso(r.submittedAt),
  };
}

async function currentTerms(db: Db, now: Date) {
  const rows = await termsEffectiveBy(db, todayKst(now));
  const latest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!latest.has(r.kind)) latest.set(r.kind, r);
  return [...latest.values()].map((r) => ({ ...r, effectiveFrom: String(r.effectiveFrom) }));
}

const otpHash = (receiptNo: string, code: string) => sha256(`apply:${receiptNo}:${code}`);
const digits = (phone: string) => phone.replace(/\D/g, '');

export async function termsInForce(db: Db, now: Date) {
  const rows = await currentTerms(db, now);
  return { rows, total: rows.length };
}

export async function applyOptions(db: Db) {
  const [banks, categories] = await Promise.all([bankOptions(db), categoryOptions(db)]);
  return { banks, categories: categories.map((c) => ({ value: c.value, text: c.depth > 1 ? `· ${c.text}` : c.text })) };
}

/** Starts an application: its receipt number and a secret (answered once) that keep it for APPLICATION_KEEP_DAYS. */
export async function startApplication(
  db: Db,
  applyType: Static<typeof StartBody>['applyType'],
  ip: string,
  now: Date,
) {
  const secret = crypto.randomBytes(24).toString('base64url');
  // The keeping period is a business deadline the applicant reads and the expiry job applies: the business clock.
  const expiresAt = new Date(now.getTime() + APPLICATION_KEEP_DAYS * 86_400_000);
  const receiptNo = await db.transaction().execute(async (trx) => {
    const receiptNo = await nextDocumentNumber(trx, 'SA', todayKst(now));
    await insertApplication(trx, { receiptNo, applyType, secretHash: sha256(`${receiptNo}:${secret}`), expiresAt });
    await writeAudit(trx, {
      entity: 'supplier_application',
      entityKey: receiptNo,
      action: 'START',
      actor: null,
      after: { applyType, ip },
    });
    return receiptNo;
  });
  return { receiptNo, secret, applyType, expiresAt: expiresAt.toISOString(), step: 0 };
}

export async function ownApplication(db: Db, receiptNo: string, secret: string, now: Date) {
  return presentDraft(db, openDraft(await findApplication(db, receiptNo), secret, now));
}

/** Step 1: consent to the terms and the privacy notice in force (their versions are kept). */
export async function consent(db: Db, receiptNo: string, secret: string, b: Static<typeof ConsentBody>, now: Date) {
  const errors: FieldError[] = [];
  if (!b.agreeTerms) errors.push({ path: 'body/agreeTerms', message: '이용약관에 동의해야 신청할 수 있습니다' });
  if (!b.agreePrivacy)
    errors.push({ path: 'body/agreePrivacy', message: '개인정보 수집·이용에 동의해야 신청할 수 있습니다' });
  failIf(errors);
  const terms = await currentTerms(db, now);
  const current = (kind: string) => terms.find((t) => t.kind === kind)?.version;
  if (b.termsVersion !== current('TERMS') || b.privacyVersion !== current('PRIVACY'))
    throw refused('TERMS_CHANGED', '약관이 개정되었습니다. 새 약관을 읽고 다시 동의하세요', {
      termsVersion: current('TERMS'),
      privacyVersion: current('PRIVACY'),
    });
  await withDraft(db, receiptNo, secret, now, async (trx, row) => {
    const after = { termsVersion: b.termsVersion, privacyVersion: b.privacyVersion };
    await updateApplication(trx, row.receiptNo, {
      ...after,
      // real time: the consent record keeps the instant it was really given (privacy evidence)
      consentedAt: new Date(),
      step: Math.max(row.step, 1),
      updatedAt: new Date(),
      version: row.version + 1,
    });
    await writeAudit(trx, {
      entity: 'supplier_application',
      entityKey: row.receiptNo,
      action: 'CONSENT',
      actor: null,
      after,
    });
  });
  return presentDraft(db, (await lockApplication(db, receiptNo))!);
}

/** The part of a multipart request that carries the file. */
export interface UploadPart {
  filename: string;
  mimetype: string;
  file: Readable & { truncated: boolean };
}

/**
 * Step 2: the registration certificate (CERT) or bankbook copy (BANKBOOK). The secret and the step
 * are checked before a byte is stored; `nextPart` is called only then, and answers null when the
 * request is not multipart, undefined when it carries no file.
 */
export async function uploadApplicationFile(
  deps: ApplyDeps,
  receiptNo: string,
  kind: keyof typeof FILE_KINDS,
  secret: string,
  nextPart: () => Promise<UploadPart | null | undefined>,
  now: Date,
) {
  const { db, store } = deps;
  const pre = openDraft(await findApplication(db, receiptNo), secret, now);
  if (pre.step < 1) throw stepSkipped(pre.step);
  if (pre.applyType !== 'NEW_COMPANY') throw badRequest('NOT_NEEDED', '신규 사용자 신청에는 첨부가 필요 없습니다');
  const part = await nextPart();
  if (part === null) throw new HttpError(415, 'NOT_MULTIPART', '파일은 multipart/form-data 로 보내야 합니다');
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
    throw new HttpError(
      415,
      'FILE_TYPE',
      `${josa(FILE_KINDS[kind], '은/는')} PDF 또는 이미지 파일만 올릴 수 있습니다: ${originalName}`,
    );
  }
  const declared = checkDeclared(originalName, part.mimetype);
  if (declared) {
    part.file.resume();
    throw new HttpError(415, declared.code, declared.message);
  }
  const saved = await store.write(part.file);
  try {
    if (part.file.truncated)
      throw new HttpError(413, 'FILE_TOO_LARGE', `파일 크기는 ${deps.uploadLimitMb}MB를 넘을 수 없습니다`);
    const content = await checkContent(store.reader(saved.storedName), originalName);
    if (content) throw new HttpError(415, content.code, content.message);
    await withDraft(db, receiptNo, secret, now, async (trx, row) => {
      let fileId = row.fileId;
      if (!fileId) {
        fileId = crypto.randomUUID();
        await insertFileGroup(trx, {
          fileId,
          createdBy: null,
          compNo: null,
          docType: 'SUPPLIER_APPLICATION',
          docNo: receiptNo,
          // real time: when an upload was bound to the application (a technical stamp)
          boundAt: new Date(),
        });
      }
      const seqColumn = kind === 'CERT' ? 'certSeq' : 'bankbookSeq';
      const previous = row[seqColumn];
      if (previous) await markFileEntryDeleted(trx, fileId, previous);
      const seq = (await lastFileSeq(trx, fileId)) + 1;
      const mimeType = ALLOWED_EXTENSIONS[extensionOf(originalName)].types[0];
      await insertFileEntry(trx, {
        fileId,
        seq,
        originalName,
        storedName: saved.storedName,
        sizeBytes: saved.size,
        mimeType,
        checksum: saved.sha256,
        createdBy: null,
      });
      await updateApplication(trx, receiptNo, {
        fileId,
        [seqColumn]: seq,
        updatedAt: new Date(),
        version: row.version + 1,
      });
      await writeAudit(trx, {
        entity: 'supplier_application',
        entityKey: receiptNo,
        action: `FILE_${kind}`,
        actor: null,
        after: { name: originalName, size: saved.size, sha256: saved.sha256, replacedSeq: previous },
      });
    });
  } catch (err) {
    await store.remove(saved.storedName);
    throw err;
  }
  return { kind, originalName, sizeBytes: saved.size };
}

/** Step 2: the company — or, for a new user, the registered company's business number. */
export async function saveCompanyStep(
  db: Db,
  receiptNo: string,
  secret: string,
  body: Static<typeof CompanyBody>,
  now: Date,
) {
  const pre = openDraft(await findApplication(db, receiptNo), secret, now);
  if (pre.step < 1) throw stepSkipped(pre.step);
  if (pre.applyType === 'NEW_USER') {
    const taxRaw = body.taxNo.trim();
    const taxNo = taxRaw.replace(/-/g, '');
    if (!isValidBusinessNumber(taxRaw)) failIf([{ path: 'body/taxNo', message: MSG.badTaxNo }]);
    const company = await companyByTaxNo(db, taxNo);
    if (!company || company.status !== 'ACTIVE') failIf([{ path: 'body/taxNo', message: MSG.unknownTaxNo }]);
    await withDraft(db, receiptNo, secret, now, async (trx, row) => {
      await updateApplication(trx, receiptNo, {
        taxNo,
        compNo: company!.compNo,
        step: Math.max(row.step, 2),
        updatedAt: new Date(),
        version: row.version + 1,
      });
      await writeAudit(trx, {
        entity: 'supplier_application',
        entityKey: receiptNo,
        action: 'COMPANY',
        actor: null,
        after: { taxNo, compNo: company!.compNo },
      });
    });
  } else {
    const { errors, value } = await checkCompanyStep(db, body);
    if (!errors.some((e) => e.path === 'body/taxNo') && (await taxNoTaken(db, value.taxNo, receiptNo)))
      errors.push({ path: 'body/taxNo', message: MSG.takenTaxNo });
    if (!pre.certSeq) errors.push({ path: 'files/CERT', message: `${josa(FILE_KINDS.CERT, '을/를')} 첨부하세요` });
    if (!pre.bankbookSeq)
      errors.push({ path: 'files/BANKBOOK', message: `${josa(FILE_KINDS.BANKBOOK, '을/를')} 첨부하세요` });
    failIf(errors);
    const { catCodes, ...columns } = value;
    await withDraft(db, receiptNo, secret, now, async (trx, row) => {
      await updateApplication(trx, receiptNo, {
        ...columns,
        step: Math.max(row.step, 2),
        updatedAt: new Date(),
        version: row.version + 1,
      });
      await replaceApplicationCategories(trx, receiptNo, catCodes);
      // The account is the applicant's own; the audit keeps it masked all the same.
      await writeAudit(trx, {
        entity: 'supplier_application',
        entityKey: receiptNo,
        action: 'COMPANY',
        actor: null,
        after: { ...columns, bankAccount: columns.bankAccount.replace(/\d(?=\d{4})/g, '*'), catCodes },
      });
    });
  }
  return presentDraft(db, (await lockApplication(db, receiptNo))!);
}

/** Step 3: a one-time code to the first user's cell phone, sent after the commit (a new code replaces the last). */
export async function sendApplicationOtp(
  deps: ApplyDeps,
  receiptNo: string,
  secret: string,
  cellPhoneNo: string,
  now: Date,
) {
  const phone = cellPhoneNo.trim();
  if (!CELL.test(phone)) failIf([{ path: 'body/cellPhoneNo', message: '휴대전화번호를 확인하세요 (010-1234-5678)' }]);
  const code = newOtpCode();
  // real time: a one-time code’s validity is security time, as in server/auth
  const expiresAt = new Date(Date.now() + OTP_VALIDITY_SEC * 1000);
  await withDraft(deps.db, receiptNo, secret, now, async (trx, row) => {
    if (row.step < 2) throw stepSkipped(row.step);
    await updateApplication(trx, row.receiptNo, {
      otpHash: otpHash(row.receiptNo, code),
      otpPhone: digits(phone),
      otpExpiresAt: expiresAt,
      otpAttempts: 0,
      phoneVerifiedAt: null,
      updatedAt: new Date(),
    });
    await writeAudit(trx, {
      entity: 'supplier_application',
      entityKey: row.receiptNo,
      action: 'OTP_SENT',
      actor: null,
      after: { to: maskDestination('SMS', phone) },
    });
  });
  // Sent after the commit: a code is never delivered for a row that was not written.
  await deps.sender.send(deps.db, {
    to: phone,
    channel: 'SMS',
    code,
    text: `[OGPMS] 협력사 등록 신청 인증번호는 ${code} 입니다. ${OTP_VALIDITY_SEC / 60}분 안에 입력하세요.`,
  });
  return { sentTo: maskDestination('SMS', phone), expiresAt: expiresAt.toISOString() };
}

/**
 * Step 3: the first user with the one-time code that proves the phone; submits the application
 * for review (a new company also gets its registration evaluation). No login works until staff approve.
 */
export async function submitApplication(
  db: Db,
  receiptNo: string,
  secret: string,
  b: Static<typeof SubmitBody>,
  now: Date,
) {
  const userId = b.userId.trim();
  const errors: FieldError[] = [];
  if (!USER_ID.test(userId))
    errors.push({ path: 'body/userId', message: '아이디는 영문으로 시작하는 4~20자의 영문, 숫자, . _ - 입니다' });
  const hname = b.hname.trim();
  if (hname.length < 2) errors.push({ path: 'body/hname', message: '이름은 2자 이상 입력하세요' });
  else if (byteLength(hname) > LIMITS.hname)
    errors.push({ path: 'body/hname', message: `이름은 ${LIMITS.hname}바이트를 넘을 수 없습니다` });
  if (!isEmail(b.email.trim())) errors.push({ path: 'body/email', message: '이메일 주소를 확인하세요' });
  if (!CELL.test(b.cellPhoneNo.trim()))
    errors.push({ path: 'body/cellPhoneNo', message: '휴대전화번호를 확인하세요 (010-1234-5678)' });
  const phone = (b.phoneNo ?? '').trim() || null;
  if (phone && !/^[0-9-]{8,20}$/.test(phone))
    errors.push({ path: 'body/phoneNo', message: '전화번호는 숫자와 - 만 쓸 수 있습니다' });
  const problem = passwordProblem(b.password, userId);
  if (problem) errors.push({ path: 'body/password', message: PASSWORD_TEXT[problem] ?? '비밀번호 규칙을 확인하세요' });
  failIf(errors);
  if (await userIdTaken(db, userId, receiptNo))
    failIf([{ path: 'body/userId', message: '이미 사용 중인 아이디입니다' }]);
  const passwordHash = await hashPassword(b.password);
  // A wrong code is counted even though the submission fails: the attempt counter is its own write.
  const otp = await withDraft(db, receiptNo, secret, now, async (trx, row) => {
    if (row.step < 2) throw stepSkipped(row.step);
    if (!row.otpHash || !row.otpExpiresAt || row.otpPhone !== digits(b.cellPhoneNo)) return 'none' as const;
    // real time: a one-time code’s validity is security time, as in server/auth
    if (Date.parse(row.otpExpiresAt) <= Date.now()) return 'expired' as const;
    if (row.otpAttempts >= OTP_MAX_ATTEMPTS) return 'exhausted' as const;
    const good = crypto.timingSafeEqual(
      Buffer.from(otpHash(row.receiptNo, b.otpCode.trim())),
      Buffer.from(row.otpHash),
    );
    if (!good) {
      await updateApplication(trx, receiptNo, { otpAttempts: row.otpAttempts + 1 });
      return 'wrong' as const;
    }
    return 'ok' as const;
  });
  if (otp !== 'ok') throw badRequest('AUTH013', OTP_TEXT[otp], [{ path: 'body/otpCode', message: OTP_TEXT[otp] }]);
  try {
    await withDraft(db, receiptNo, secret, now, async (trx, row) => {
      if (row.applyType === 'NEW_COMPANY' && row.taxNo && (await taxNoTaken(trx, row.taxNo, receiptNo)))
        throw refused('DUPLICATE_TAX_NO', MSG.takenTaxNo);
      if (await userIdTaken(trx, userId, receiptNo)) throw refused('DUPLICATE_USER_ID', '이미 사용 중인 아이디입니다');
      const after = { userId, hname, userPhoneNo: phone, cellPhoneNo: b.cellPhoneNo.trim(), email: b.email.trim() };
      await updateApplication(trx, receiptNo, {
        ...after,
        passwordHash,
        otpHash: null,
        otpAttempts: 0,
        phoneVerifiedAt: now,
        step: 3,
        status: 'SUBMITTED',
        submittedAt: now,
        updatedAt: now,
        version: row.version + 1,
      });
      await writeAudit(trx, {
        entity: 'supplier_application',
        entityKey: receiptNo,
        action: 'SUBMIT',
        actor: null,
        after,
      });
      if (row.applyType === 'NEW_COMPANY') {
        const evalNo = await nextDocumentNumber(trx, 'CRE', todayKst(now));
        await insertRegistrationEvaluation(trx, evalNo, receiptNo);
        await writeAudit(trx, {
          entity: 'registration_evaluation',
          entityKey: evalNo,
          action: 'CREATE',
          actor: null,
          after: { receiptNo },
        });
      }
    });
  } catch (err) {
    // Two applications racing for one number or id: the partial unique indexes decide.
    if ((err as { code?: string }).code === '23505')
      throw refused('DUPLICATE_APPLICATION', '같은 사업자등록번호나 아이디로 심사 중인 신청이 있습니다');
    throw err;
  }
  return presentDraft(db, (await findApplication(db, receiptNo))!);
}

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
