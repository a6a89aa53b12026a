/** Execution: the last signature's executed copy (certificate page, seal, time-stamp) and its effects. */
import type { Config } from '../../config.js';
import { writeAudit } from '../../db/audit.js';
import { asOwner } from '../../db/company-scope.js';
import type { Db } from '../../db/connect.js';
import { todayKst } from '../../domain/dates.js';
import { missing, refused } from '../../domain/errors.js';
import { HttpError } from '../../http/errors.js';
import { transition } from '../../domain/machine.js';
import { actorOfUser } from '../../domain/actor.js';
import { applyContractAmendment, rateContractAmendment } from '../purchase/po/service.js';
import { applyLoiAmendment, describeLoiAmendment } from '../purchase/loi/service.js';
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

/**
 * Marks the signature, in the signer's transaction. When the other party has signed too, the
 * contract moves to EXECUTING: its executed copy is made after this transaction commits
 * (`finishExecution`), never inside it.
 */
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
  // The creator must still hold the order or LOI, and it must still take the agreed change (its own
  // checks): refused here, nothing is recorded. The change itself is applied at completion.
  await assertExecutable(trx, c, at);
  const status = transition(CONTRACT_MACHINE, 'execute', c.status);
  await q.updateContract(trx, c.contractNo, {
    ...set,
    status,
    stampStatus,
    // The signer's own request finishes it at once; the job only after this grace (no race with it).
    executeAttempts: 0,
    executeRetryAt: new Date(at.getTime() + FIRST_RETRY_MS),
    executeError: null,
    version: c.version + 1,
  });
  return status;
}

/**
 * A contract made on a PO or LOI is executed only while its creator may change that document, and an
 * amendment only while the document can still take the change it agreed (the document's own
 * read-only checks; its command applies the change in the completion transaction, checking again).
 */
async function assertExecutable(trx: Db, c: q.ContractRow, at: Date): Promise<void> {
  if (!c.sourceNo || c.sourceKind === 'NONE') return;
  const owner = asOwner(trx);
  await assertMayChangeSource(owner, c.sourceKind, c.sourceNo, await actorOfUser(owner, c.createdBy));
  const agreed = c.amendsContractNo && c.sourceChange ? (c.sourceChange as SourceChange) : null;
  if (agreed && c.sourceKind === 'PO')
    await rateContractAmendment(owner, c.sourceNo, { dueDate: agreed.dueDate, lines: agreed.lines }, at);
  if (agreed && c.sourceKind === 'LOI') await describeLoiAmendment(owner, c.sourceNo, agreed, todayKst(at));
}

/** The job's first look at a contract left EXECUTING, after the signer's own attempt had its chance. */
const FIRST_RETRY_MS = 60_000;
/** Backoff after a failed attempt: 1, 2, 4 … minutes, at most an hour. */
const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);

/** Why an attempt stopped short: the time-stamping authority, or anything else (the job retries both). */
type ExecutionOutcome = 'EXECUTED' | 'NOT_EXECUTING' | 'MOVED';

/**
 * Completes a contract its last signature left EXECUTING: the executed copy — the document both
 * parties signed, the audit-trail certificate page, the company's seal with an RFC 3161 time-stamp —
 * is made OUTSIDE any transaction (the authority may take up to 10 s, or fail), then stored with the
 * completion in a second transaction under the contract's row lock, provided nothing moved since it
 * was read (the version and the chain's head sealed into the copy). An amendment's agreed change of
 * its PO or LOI is applied in that transaction, through the document's own command. A failure is
 * counted and the next attempt put off (backoff) for the job `contracts.finishExecuting`, then
 * thrown: a TsaUnavailableError when the authority failed.
 */
async function finishExecution(
  db: Db,
  config: Config,
  ctx: EventContext,
  contractNo: string,
): Promise<ExecutionOutcome> {
  const c = await q.findContract(db, contractNo);
  if (!c || c.status !== 'EXECUTING') return 'NOT_EXECUTING';
  try {
    const at = ctx.now;
    const draft = await q.findDocument(db, contractNo, 'DRAFT');
    if (!draft) throw missing('CONTRACT_DOCUMENT_NOT_FOUND', '계약서 파일이 없습니다');
    const certificate = await certificateModel(db, c, at);
    const withCertificate = appendPdfPages(Buffer.from(draft.content), await renderCertificatePdf(certificate));
    const executed = await executedPdf(config, c, withCertificate, at, certificate.chainHead);
    return await db.transaction().execute((trx) => complete(trx, ctx, c, executed, certificate.chainHead));
  } catch (e) {
    await recordFailure(db, contractNo, ctx.now, e);
    throw e;
  }
}

/** The second transaction: the executed copy stored and the contract completed, if nothing moved. */
async function complete(
  trx: Db,
  ctx: EventContext,
  read: q.ContractRow,
  executed: Buffer,
  head: SealedHead,
): Promise<ExecutionOutcome> {
  const c = await q.lockContract(trx, read.contractNo);
  if (!c || c.status !== 'EXECUTING') return 'NOT_EXECUTING';
  // The copy states the chain up to `head` and the row as read: anything since, and it is sealed again.
  const last = await q.lastEvent(trx, c.contractNo);
  if (c.version !== read.version || last?.hash !== head.hash) return 'MOVED';
  const at = ctx.now;
  const status = transition(CONTRACT_MACHINE, 'complete', c.status);
  const executedSha = sha256Hex(executed);
  await q.insertDocument(trx, {
    contractNo: c.contractNo,
    kind: 'EXECUTED',
    compNo: c.compNo,
    contentSha: executedSha,
    content: executed,
  });
  await q.updateContract(trx, c.contractNo, {
    status,
    executedAt: at,
    executedSha,
    executeRetryAt: null,
    executeError: null,
    version: c.version + 1,
  });
  const { po, loi } = await applySourceChange(trx, c, at);
  await appendEvent(trx, c, ctx, 'COMPLETED', executedSha, {
    stampStatus: c.stampStatus,
    ...(po ? { poNo: c.sourceNo, poRevision: po.revision, poReapproved: po.reapproved } : {}),
    ...(loi ? { loiNo: loi.loiNo, loiVersion: loi.version } : {}),
  });
  await writeAudit(trx, { entity: 'econtract', entityKey: c.contractNo, action: 'EXECUTED', actor: ctx.userId });
  return 'EXECUTED';
}

/**
 * After the last signature committed: the signer's request completes the contract at once. When
 * the time-stamping authority fails or hangs, the signer is answered 503 CONTRACT_TSA_UNAVAILABLE
 * (the signature stays recorded; the job completes the contract once the authority answers). Any
 * other failure leaves the contract EXECUTING for the job, and the signer is answered that state.
 */
export async function finishForSigner(
  db: Db,
  config: Config,
  ctx: EventContext,
  contractNo: string,
): Promise<{ contractNo: string; status: string; version: number }> {
  try {
    await finishExecution(db, config, ctx, contractNo);
  } catch (e) {
    if (e instanceof TsaUnavailableError)
      throw new HttpError(
        503,
        'CONTRACT_TSA_UNAVAILABLE',
        '시점확인(타임스탬프) 서비스가 응답하지 않아 체결을 마치지 못했습니다. 서명은 기록되었고, 서비스가 복구되면 계약이 자동으로 체결됩니다',
      );
    // Recorded on the row (recordFailure); the job contracts.finishExecuting tries again.
  }
  const c = await q.findContract(db, contractNo);
  return { contractNo, status: c?.status ?? 'EXECUTING', version: c?.version ?? 0 };
}

/**
 * An amendment's agreed change of its order or LOI takes effect with the execution, through the
 * document's own command on the authority of the contract's creator and as far as the amendment's
 * approval covers it (read as the owner: the last signer may be the supplier). A contract that
 * changes nothing still needs its creator to hold the document as at creation.
 */
async function applySourceChange(trx: Db, c: q.ContractRow, at: Date) {
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
  return { po, loi };
}

const DRY_RUN = Symbol('dry run');

/**
 * Before the last signature of an amendment that changes its PO or LOI: the change applied through
 * the document's own command in a transaction of its own that is always rolled back, so a document
 * that cannot take it (not approved for that tier, cancelled, lapsed…) refuses the signature with
 * its own error and nothing is recorded. The completion transaction applies it again, for real.
 * Run before the signature's transaction, never inside it (PGlite has one connection).
 */
export async function assertChangeApplies(db: Db, contractNo: string, at: Date): Promise<void> {
  const c = await q.findContract(db, contractNo);
  if (!c?.amendsContractNo || !c.sourceNo || !c.sourceChange || c.sourceKind === 'NONE') return;
  if (!c.supplierSignedAt && !c.buyerSignedAt) return; // not the last signature
  try {
    await db.transaction().execute(async (trx) => {
      await applySourceChange(trx, c, at);
      throw DRY_RUN;
    });
  } catch (e) {
    if (e !== DRY_RUN) throw e;
  }
}

/** A failed attempt, in its own transaction: counted, its reason kept, the next one put off. */
async function recordFailure(db: Db, contractNo: string, now: Date, e: unknown): Promise<void> {
  const reason = e instanceof TsaUnavailableError ? `TSA: ${e.message}` : e instanceof Error ? e.message : String(e);
  await db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c || c.status !== 'EXECUTING') return;
    const attempts = (await q.executionAttempts(trx, contractNo)) + 1;
    await q.updateContract(trx, contractNo, {
      executeAttempts: attempts,
      executeRetryAt: new Date(now.getTime() + retryDelayMs(attempts)),
      executeError: reason.slice(0, 500),
    });
  });
}

/**
 * The job contracts.finishExecuting: every contract left EXECUTING (a crash between the two
 * transactions, an authority down) whose next attempt is due, finished one at a time.
 */
export async function finishExecutingContracts(
  db: Db,
  config: Config,
  now: Date,
): Promise<{ executed: number; failed: number }> {
  const due = await q.contractsExecutingDue(db, now);
  const ctx: EventContext = { userId: 'system', actorCompNo: null, ip: null, userAgent: null, now };
  let executed = 0;
  let failed = 0;
  for (const { contractNo } of due) {
    try {
      if ((await finishExecution(db, config, ctx, contractNo)) === 'EXECUTED') executed++;
    } catch {
      failed++; // counted and put off in the contract's row (recordFailure); the others still run
    }
  }
  return { executed, failed };
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
 * over the signature (PAdES B-T). A failing authority throws TsaUnavailableError.
 */
function executedPdf(config: Config, c: q.ContractRow, signed: Buffer, at: Date, head: SealedHead): Promise<Buffer> {
  // The chain's head goes into the seal's reason: signed and time-stamped with the copy (sealed-head.ts).
  return tsaUrl(config).then((url) => sealPdf(signed, sealKey(config), sealReason(c.contractNo, head), at, url));
}
