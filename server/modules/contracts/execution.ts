/** Execution: the last signature's executed copy (certificate page, seal, time-stamp) and its effects. */
import type { Config } from '../../config.js';
import { writeAudit } from '../../db/audit.js';
import { asOwner } from '../../db/company-scope.js';
import type { Db } from '../../db/connect.js';
import { todayKst } from '../../domain/dates.js';
import { missing, refused } from '../../domain/errors.js';
import { transition } from '../../domain/machine.js';
import { HttpError } from '../../http/errors.js';
import { actorOfUser } from '../../domain/actor.js';
import { applyContractAmendment } from '../purchase/po/service.js';
import { applyLoiAmendment } from '../purchase/loi/service.js';
import { instantText, sha256Hex } from './chain.js';
import * as q from './queries.js';
import { renderCertificatePdf, stampLines, type CertificateModel, type CertificateSigner } from './certificate.js';
import { appendPdfPages } from './pdf-append.js';
import { sealPdf, throwawaySealKey, type SealKey } from './seal.js';
import { sealReason, type SealedHead } from './sealed-head.js';
import { startLocalTsa, TsaUnavailableError, type LocalTsa } from './tsa.js';
import { type VariableValues } from './variables.js';
import { CONTRACT_MACHINE, type Party } from './workflow.js';
import { appendEvent, type ContractDeps, type EventContext } from './common.js';
import { assertMayChangeSource, type SourceChange } from './source-change.js';

/** Marks the signature; when the other party has signed too, the contract is executed. */
export async function sign(trx: Db, deps: ContractDeps, ctx: EventContext, c: q.ContractRow, party: Party) {
  const at = ctx.now;
  const set: Record<string, unknown> =
    party === 'SUPPLIER'
      ? { supplierSignedBy: ctx.userId, supplierSignedAt: at }
      : { buyerSignedBy: ctx.userId, buyerSignedAt: at };
  await appendEvent(trx, c, ctx, 'CONSENT', c.documentSha, { party });
  await appendEvent(trx, c, ctx, 'SIGNED', c.documentSha, { party });
  const other = party === 'SUPPLIER' ? c.buyerSignedAt : c.supplierSignedAt;
  if (!other) {
    await q.updateContract(trx, c.contractNo, { ...set, status: 'PARTLY_SIGNED', version: c.version + 1 });
    return 'PARTLY_SIGNED';
  }
  let stampStatus = c.stampStatus;
  if (c.stampStatus === 'REQUIRED') {
    if (deps.config.contractStampMode === 'REQUIRE')
      throw refused(
        'CONTRACT_STAMP_REQUIRED',
        `인지세 ${BigInt(String(c.stampDuty)).toLocaleString('ko-KR')}원의 전자수입인지 번호를 먼저 기록해야 체결할 수 있습니다`,
        { stampDuty: String(c.stampDuty) },
      );
    stampStatus = 'PENDING';
  }
  const status = transition(CONTRACT_MACHINE, 'complete', c.status);
  const draft = await q.findDocument(trx, c.contractNo, 'DRAFT');
  if (!draft) throw missing('CONTRACT_DOCUMENT_NOT_FOUND', '계약서 파일이 없습니다');
  const certificate = await certificateModel(trx, c, at);
  const withCertificate = appendPdfPages(Buffer.from(draft.content), await renderCertificatePdf(certificate));
  const executed = await executedPdf(deps, c, withCertificate, at, certificate.chainHead);
  const executedSha = sha256Hex(executed);
  await q.insertDocument(trx, {
    contractNo: c.contractNo,
    kind: 'EXECUTED',
    compNo: c.compNo,
    contentSha: executedSha,
    content: executed,
  });
  await q.updateContract(trx, c.contractNo, {
    ...set,
    status,
    stampStatus,
    executedAt: at,
    executedSha,
    version: c.version + 1,
  });
  // An amendment's agreed change of its order or LOI takes effect now, with the execution, through
  // the document's own command on the authority of the contract's creator and as far as the
  // amendment's approval covers it (read as the owner: the last signer may be the supplier). A
  // contract that changes nothing still needs its creator to hold the document as at creation.
  const owner = asOwner(trx);
  const agreed = c.amendsContractNo && c.sourceNo && c.sourceChange ? (c.sourceChange as SourceChange) : null;
  const creator = c.sourceNo && c.sourceKind !== 'NONE' ? await actorOfUser(owner, c.createdBy) : null;
  const reason = `변경계약 ${c.contractNo} 체결`;
  const approvalId = c.approvalId === null ? null : Number(c.approvalId);
  if (creator && !agreed) await assertMayChangeSource(owner, c.sourceKind, c.sourceNo!, creator);
  const po =
    agreed && creator && c.sourceKind === 'PO'
      ? await applyContractAmendment(owner, c.sourceNo!, agreed, { reason, actor: creator, approvalId, now: at })
      : null;
  const loi =
    agreed && creator && c.sourceKind === 'LOI'
      ? await applyLoiAmendment(owner, c.sourceNo!, agreed, {
          reason,
          actor: creator,
          approvalId,
          today: todayKst(at),
        })
      : null;
  await appendEvent(trx, c, ctx, 'COMPLETED', executedSha, {
    stampStatus,
    ...(po ? { poNo: c.sourceNo, poRevision: po.revision, poReapproved: po.reapproved } : {}),
    ...(loi ? { loiNo: loi.loiNo, loiVersion: loi.version } : {}),
  });
  await writeAudit(trx, { entity: 'econtract', entityKey: c.contractNo, action: 'EXECUTED', actor: ctx.userId });
  return status;
}

/**
 * What the audit-trail certificate states, read from the event log as it stands before execution
 * (both SIGNED events written): per party its last signature, the code that identified it, the copy
 * it opened; and the log's head.
 */
async function certificateModel(trx: Db, c: q.ContractRow, at: Date): Promise<CertificateModel> {
  const events = await q.eventsOf(trx, c.contractNo);
  const signedBy = events.filter((e) => e.kind === 'SIGNED');
  const users = await q.userNames(asOwner(trx), [...new Set(signedBy.map((e) => e.userId ?? ''))]);
  const values = (c.variables ?? {}) as VariableValues;
  const signers: CertificateSigner[] = signedBy.map((e) => {
    const party = (e.detail as { party?: Party } | null)?.party ?? (e.actorCompNo ? 'SUPPLIER' : 'BUYER');
    const before = events.filter((x) => x.seq < e.seq && x.userId === e.userId);
    const code = before.filter((x) => x.kind === 'CODE_SENT').at(-1);
    const verified = before.some((x) => x.kind === 'CODE_VERIFIED');
    const viewed = before.filter((x) => x.kind === 'VIEWED').at(-1);
    const codeDetail = (code?.detail ?? {}) as { channel?: string; destination?: string };
    const identifiedBy =
      party === 'SUPPLIER' && verified
        ? `로그인 + 일회용 인증번호 (${codeDetail.channel === 'SMS' ? '휴대전화' : '이메일'} ${codeDetail.destination ?? ''})`.trim()
        : '로그인 (계약에 지정된 서명자 본인의 세션)';
    return {
      role: party === 'SUPPLIER' ? '수급자(을)' : '발주자(갑)',
      company: (party === 'SUPPLIER' ? values['supplier.name'] : values['buyer.name']) ?? '',
      name: users.find((u) => u.userId === e.userId)?.hname ?? '',
      userId: e.userId ?? '',
      identifiedBy,
      signedAt: instantText(e.occurredAt),
      ip: e.ip,
      userAgent: e.userAgent,
      documentSha: e.docSha ?? '',
      viewedSha: viewed?.docSha ?? null,
    };
  });
  const head = events.at(-1)!;
  return {
    contractNo: c.contractNo,
    title: c.title,
    documentSha: c.documentSha ?? '',
    executedAt: instantText(at),
    signers,
    chainHead: { seq: head.seq, hash: head.hash },
    stampDuty: stampLines(String(c.stampDuty), String(c.stampBuyerShare), events),
  };
}

let throwaway: SealKey | null = null;

/**
 * The company's sealing key: the configured PKCS#12, else a throw-away certificate made once per
 * process (tests and the demo; docs/contracts.md "What is pluggable").
 */
function sealKey(config: Config): SealKey {
  if (config.contractSealP12) return { ...config.contractSealP12, name: config.contractSealName };
  throwaway ??= throwawaySealKey(config.contractSealName);
  return throwaway;
}

let localTsa: Promise<LocalTsa> | null = null;

/** The configured time-stamping authority, else one on loopback started on first use (tests and the demo). */
async function tsaUrl(config: Config): Promise<string> {
  if (config.contractTsaUrl) return config.contractTsaUrl;
  localTsa ??= startLocalTsa();
  return (await localTsa).url;
}

/**
 * The executed copy: the document both parties signed, unchanged, then the audit-trail certificate
 * page (an incremental update), then the company's seal over both with an RFC 3161 time-stamp token
 * over the signature (PAdES B-T).
 */
async function executedPdf(
  deps: ContractDeps,
  c: q.ContractRow,
  signed: Buffer,
  at: Date,
  head: SealedHead,
): Promise<Buffer> {
  try {
    // The chain's head goes into the seal's reason: signed and time-stamped with the copy (sealed-head.ts).
    return await sealPdf(signed, sealKey(deps.config), sealReason(c.contractNo, head), at, await tsaUrl(deps.config));
  } catch (e) {
    // The signature's transaction rolls back: nothing is recorded, the signer may sign again once it answers.
    if (e instanceof TsaUnavailableError)
      throw new HttpError(
        503,
        'CONTRACT_TSA_UNAVAILABLE',
        '시점확인(타임스탬프) 서비스가 응답하지 않아 계약을 체결하지 못했습니다. 서명은 기록되지 않았으니 잠시 후 다시 서명하세요',
      );
    throw e;
  }
}
