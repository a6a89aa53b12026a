/** 열람 and signing: the signer's checks, the supplier's one-time code, the two parties' signatures. */
import { asOwner } from '../../db/company-scope.js';
import type { Db } from '../../db/connect.js';
import { checkOtpIn, issueOtpIn, maskDestination, OTP_VALIDITY_SEC, type OtpCheck } from '../../auth/otp.js';
import type { Channel } from '../../auth/sender.js';
import { todayKst } from '../../domain/dates.js';
import { checkVersion, missing, notAllowed, refused } from '../../domain/errors.js';
import { transition } from '../../domain/machine.js';
import { badRequest } from '../../http/errors.js';
import { sha256Hex } from './chain.js';
import * as q from './queries.js';
import { CONTRACT_MACHINE, nextSigner, type Party } from './workflow.js';
import { appendEvent, notFound, visibleTo, type ContractDeps, type EventContext } from './common.js';
import { assertChangeApplies, finishForSigner, sign } from './execution.js';

/** The buyer's signer is the one the contract names; the supplier's, its named one if any. */
function assertSigner(c: q.ContractRow, party: Party, userId: string): void {
  if (party === 'BUYER' && c.buyerSignerId !== userId)
    throw notAllowed('이 계약의 발주자 서명자가 아닙니다', 'CONTRACT_NOT_SIGNER');
  if (party === 'SUPPLIER') assertSupplierSigner(c, userId);
}

/**
 * 열람: the signer opens the copy awaiting its signature on the signing screen. The one step that
 * writes VIEWED, with the hash of the bytes it answers; only the party's signer, only while the
 * contract awaits that party's signature (before or in its turn).
 */
export async function viewDocument(db: Db, ctx: EventContext, contractNo: string, party: Party) {
  return db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c || !visibleTo(c, party === 'SUPPLIER')) throw notFound();
    assertSigner(c, party, ctx.userId);
    const signed = party === 'SUPPLIER' ? c.supplierSignedAt : c.buyerSignedAt;
    if ((c.status !== 'SENT' && c.status !== 'PARTLY_SIGNED') || signed)
      throw refused('CONTRACT_NOT_AWAITING_SIGNATURE', '서명을 기다리는 계약이 아닙니다. 계약서 내려받기로 여세요', {
        status: c.status,
      });
    const doc = await q.findDocument(trx, contractNo, 'DRAFT');
    if (!doc) throw missing('CONTRACT_DOCUMENT_NOT_FOUND', '계약서 파일이 없습니다');
    const content = Buffer.from(doc.content);
    const sha256 = sha256Hex(content);
    await appendEvent(trx, c, ctx, 'VIEWED', sha256, { party });
    return { content, sha256, fileName: `${contractNo}.pdf` };
  });
}

/** A signature follows the signer's own 열람 of the document it signs (the certificate states that copy). */
async function assertViewed(trx: Db, c: q.ContractRow, userId: string): Promise<void> {
  const events = await q.eventsOf(trx, c.contractNo);
  if (!events.some((e) => e.kind === 'VIEWED' && e.userId === userId && e.docSha === c.documentSha))
    throw refused('CONTRACT_NOT_VIEWED', '서명하기 전에 계약서를 열람하세요');
}

/* ------------------------------ signing ------------------------------ */

function assertTurn(c: q.ContractRow, party: Party, today: string): void {
  if (c.status !== 'SENT' && c.status !== 'PARTLY_SIGNED') transition(CONTRACT_MACHINE, 'sign', c.status);
  if (c.signDeadline < today)
    throw refused('CONTRACT_EXPIRED', `서명 기한(${c.signDeadline})이 지났습니다`, { signDeadline: c.signDeadline });
  const next = nextSigner(c);
  if (next !== party)
    throw refused(
      'CONTRACT_NOT_YOUR_TURN',
      next === null
        ? '이미 서명했습니다'
        : `서명 순서가 아닙니다: ${next === 'SUPPLIER' ? '협력사가' : '발주자가'} 먼저 서명해야 합니다`,
      { nextSigner: next },
    );
}

export function assertSupplierSigner(c: q.ContractRow, userId: string): void {
  if (c.supplierSignerId && c.supplierSignerId !== userId)
    throw notAllowed('이 계약의 협력사 서명자가 아닙니다', 'CONTRACT_NOT_SIGNER');
}

/** Sends the supplier's signer a one-time code (purpose CONTRACT) that signs this contract only. */
export async function requestSignCode(db: Db, deps: ContractDeps, ctx: EventContext, contractNo: string) {
  const sent = await db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c || !visibleTo(c, true)) throw notFound();
    assertTurn(c, 'SUPPLIER', todayKst(ctx.now));
    assertSupplierSigner(c, ctx.userId);
    const owner = asOwner(trx);
    const user = await q.codeDestinations(owner, ctx.userId);
    const channel: Channel = user?.email ? 'EMAIL' : 'SMS';
    const destination = channel === 'EMAIL' ? user?.email : user?.cellPhoneNo;
    if (!destination)
      throw refused(
        'OTP_NO_DESTINATION',
        '인증번호를 받을 이메일이나 휴대전화 번호가 없습니다. 내 정보에서 등록하세요',
      );
    const otp = await issueOtpIn(owner, {
      userId: ctx.userId,
      purpose: 'CONTRACT',
      channel,
      destination,
      subject: contractNo,
    });
    const masked = maskDestination(channel, destination);
    await appendEvent(trx, c, ctx, 'CODE_SENT', null, { channel, destination: masked });
    return { channel, destination, masked, code: otp.code };
  });
  await deps.sender.send(deps.ownerDb, {
    to: sent.destination,
    channel: sent.channel,
    code: sent.code,
    text: `[OGPMS] 전자계약 ${contractNo} 서명 인증번호는 ${sent.code} 입니다. ${OTP_VALIDITY_SEC / 60}분 안에 입력하세요.`,
  });
  return { channel: sent.channel, destination: sent.masked, expiresIn: OTP_VALIDITY_SEC };
}

export interface SignBody {
  version: number;
  /** SHA-256 of the PDF the signer read: must be the contract's. */
  documentSha: string;
  consent: boolean;
  code?: string;
}

function assertDocument(c: q.ContractRow, b: SignBody): void {
  if (!b.consent) throw badRequest('CONTRACT_CONSENT_REQUIRED', '전자서명에 동의해야 서명할 수 있습니다');
  if (b.documentSha.toLowerCase() !== c.documentSha)
    throw refused('CONTRACT_DOCUMENT_CHANGED', '서명하려는 계약서가 저장된 계약서와 다릅니다. 다시 열어 확인하세요');
}

/**
 * The supplier's signature: its turn, its signer, the document it read, its consent and the
 * one-time code sent to it. A wrong code is counted (committed) and answered 400
 * CONTRACT_CODE_INVALID without signing.
 */
export async function supplierSign(db: Db, deps: ContractDeps, ctx: EventContext, contractNo: string, b: SignBody) {
  await assertChangeApplies(db, contractNo, ctx.now);
  const out = await db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c || !visibleTo(c, true)) throw notFound();
    checkVersion(b.version, c.version);
    assertTurn(c, 'SUPPLIER', todayKst(ctx.now));
    assertSupplierSigner(c, ctx.userId);
    assertDocument(c, b);
    await assertViewed(trx, c, ctx.userId);
    const otp: OtpCheck = await checkOtpIn(asOwner(trx), {
      userId: ctx.userId,
      purpose: 'CONTRACT',
      code: b.code ?? '',
      subject: contractNo,
    });
    if (!otp.ok) return { refused: otp.reason } as const;
    await appendEvent(trx, c, ctx, 'CODE_VERIFIED', null, { purpose: 'CONTRACT' });
    const status = await sign(trx, deps, ctx, c, 'SUPPLIER');
    return { contractNo, status, version: c.version + 1 } as const;
  });
  if ('refused' in out)
    throw badRequest('CONTRACT_CODE_INVALID', '인증번호가 맞지 않거나 만료되었습니다. 새 인증번호를 받으세요');
  // The last signature committed: the executed copy is sealed now, outside the transaction.
  return out.status === 'EXECUTING' ? finishForSigner(db, deps.config, ctx, contractNo) : out;
}

/** The buyer's signature: only the signer the contract names, in its turn. */
export async function buyerSign(db: Db, deps: ContractDeps, ctx: EventContext, contractNo: string, b: SignBody) {
  await assertChangeApplies(db, contractNo, ctx.now);
  const out = await db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c) throw notFound();
    checkVersion(b.version, c.version);
    assertSigner(c, 'BUYER', ctx.userId);
    assertTurn(c, 'BUYER', todayKst(ctx.now));
    assertDocument(c, b);
    await assertViewed(trx, c, ctx.userId);
    const status = await sign(trx, deps, ctx, c, 'BUYER');
    return { contractNo, status, version: c.version + 1 };
  }); // The last signature committed: the executed copy is sealed now, outside the transaction.
  return out.status === 'EXECUTING' ? finishForSigner(db, deps.config, ctx, contractNo) : out;
}
