/**
 * Electronic contracts (docs/contracts.md): the clause library and versioned templates, a
 * contract made from a template for one supplier (and a PO or LOI), its internal approval,
 * the signatures of both parties in the template's order (the supplier's after a one-time code),
 * decline, expiry, the stamp duty, amendments, and the evidence: a hash-chained event log whose
 * events carry the SHA-256 of the exact PDF each signer was shown, verified on demand.
 *
 * Every write is one transaction that locks the contract row first, so the events of one
 * contract are appended one at a time and the chain has no forks.
 */
import type { Static } from 'typebox';
import type { Config } from '../../config.js';
import { writeAudit } from '../../db/audit.js';
import { asOwner } from '../../db/company-scope.js';
import type { Db } from '../../db/connect.js';
import { nextDocumentNumber } from '../../db/document-number.js';
import { checkOtpIn, issueOtpIn, maskDestination, OTP_VALIDITY_SEC, type OtpCheck } from '../../auth/otp.js';
import type { Channel, Sender } from '../../auth/sender.js';
import { todayKst, isValidDate } from '../../domain/dates.js';
import { checkVersion, failIf, invalid, missing, notAllowed, refused, type FieldError } from '../../domain/errors.js';
import { transition } from '../../domain/machine.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { compareDecimals } from '../../../lib/money.js';
import { groupThousands } from '../../../lib/mask.js';
import { startApproval } from '../purchase/approval/index.js';
import { actorOfUser, type Actor } from '../../domain/actor.js';
import { applyContractAmendment, assertMayChangePo, rateContractAmendment } from '../purchase/po/service.js';
import {
  applyLoiAmendment,
  assertMayChangeLoi,
  describeLoiAmendment,
  rateLoiAmendment,
} from '../purchase/loi/service.js';
import { notifyContractReminder, notifyContractSent } from '../notifications/supplier.js';
import { notifyContractSignerReminder } from '../notifications/staff.js';
import { eventHash, GENESIS, instantText, sha256Hex, verifyChain, type ChainEvent, type EventKind } from './chain.js';
import { eventActors, presentEvents } from './event-view.js';
import * as q from './queries.js';
import { renderContractPdf } from './render.js';
import { renderCertificatePdf, stampLines, type CertificateModel, type CertificateSigner } from './certificate.js';
import { appendPdfPages } from './pdf-append.js';
import { sealPdf, throwawaySealKey, type SealKey } from './seal.js';
import { sealedChainHead, sealReason, type SealedHead } from './sealed-head.js';
import { readContractAnchors } from './anchor.js';
import { verifySeal } from './seal-verify.js';
import { startLocalTsa, TsaUnavailableError, type LocalTsa } from './tsa.js';
import {
  CONTRACT_TYPE_LABELS,
  splitDuty,
  stampDuty,
  TAX_TYPE_LABELS,
  type ContractType,
  type TaxType,
} from './stamp-duty.js';
import { amendedAmount, buyerParty, checkStampNo, checkVat } from './stamp-chain.js';
import {
  changedVariables,
  checkTemplateText,
  fillTemplate,
  parsePlaceholders,
  VARIABLES,
  type VariableValues,
} from './variables.js';
import type { SourceChange as SourceChangeSchema } from './schemas.js';
import { CONTRACT_MACHINE, nextSigner, SIGN_SCREEN, SUPPLIER_VISIBLE, type Party, type SignOrder } from './workflow.js';

export interface ContractDeps {
  config: Config;
  now: () => Date;
  sender: Sender;
  /** The owner's database, for what runs after a commit (sending a code). */
  ownerDb: Db;
}

/** Who acted and from where: every evidence event records it. */
export interface EventContext {
  userId: string;
  /** The actor's company: a supplier's comp_no; null for the buyer's staff. */
  actorCompNo: string | null;
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

type SourceChange = Static<typeof SourceChangeSchema>;

/** One field of the PO or LOI an amendment changes: its value when the amendment was made, and the agreed one. */
export interface SourceChangeRow {
  field: 'dueDate' | 'quantity' | 'unitPrice' | 'deliveryDate' | 'amount' | 'validUntil';
  /** The order's line (a line's quantity, price or delivery date); null for the document's own fields. */
  lineNo: number | null;
  before: string | null;
  after: string;
}

/** A stored decimal in its shortest form ('10.000' → '10', '12000.50' → '12000.5'). */
const shortDecimal = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const text = String(v);
  return /^\d+\.\d+$/.test(text) ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
};

const notFound = () => missing('CONTRACT_NOT_FOUND', '전자계약을 찾을 수 없습니다');
const MONEY = /^\d{1,18}$/;

/* ------------------------------ evidence ------------------------------ */

/** Appends one event to the contract's chain; the caller holds the contract's row lock. */
async function appendEvent(
  trx: Db,
  c: { contractNo: string; compNo: string },
  ctx: EventContext,
  kind: EventKind,
  docSha: string | null = null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const last = await q.lastEvent(trx, c.contractNo);
  const e: ChainEvent = {
    contractNo: c.contractNo,
    seq: (last?.seq ?? 0) + 1,
    kind,
    occurredAt: instantText(ctx.now),
    ip: ctx.ip?.slice(0, 64) ?? null,
    userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    userId: ctx.userId,
    actorCompNo: ctx.actorCompNo,
    docSha,
    detail,
    prevHash: last?.hash ?? GENESIS,
  };
  await q.insertEvent(trx, {
    ...e,
    compNo: c.compNo,
    detail: JSON.stringify(detail),
    hash: eventHash(e),
  });
}

/* ------------------------------ clauses and templates ------------------------------ */

export function listClauses(db: Db) {
  return q.listClauseRows(db).then((rows) => ({ rows, total: rows.length }));
}

export async function saveClause(
  db: Db,
  userId: string,
  code: string,
  b: { title: string; body: string; version: number },
) {
  if (!/^[A-Z0-9_]{1,30}$/.test(code))
    throw invalid('VALIDATION', '조항 코드는 영문 대문자, 숫자, _ 로 30자 이내입니다');
  const problems = checkTemplateText(b.body, new Set());
  const bad = problems.find((p) => p.code !== 'UNKNOWN_CLAUSE') ?? problems[0];
  if (bad) throw templateInvalid([bad], 'body');
  return db.transaction().execute(async (trx) => {
    const row = await q.lockClause(trx, code);
    if (!row) {
      if (b.version !== 0) throw notFound();
      await q.insertClause(trx, { clauseCode: code, title: b.title.trim(), body: b.body, createdBy: userId });
    } else {
      checkVersion(b.version, row.version);
      await q.updateClause(trx, code, { title: b.title.trim(), body: b.body, version: row.version + 1 });
    }
    return { clauseCode: code, version: row ? row.version + 1 : 1 };
  });
}

const PROBLEM_TEXT = {
  UNKNOWN_VARIABLE: '알 수 없는 변수',
  UNKNOWN_CLAUSE: '조항 라이브러리에 없는 조항',
  UNCLOSED_PLACEHOLDER: '닫히지 않은 {{',
  EMPTY_PLACEHOLDER: '빈 {{ }}',
} as const;

function templateInvalid(problems: ReturnType<typeof checkTemplateText>, path: string) {
  const details: FieldError[] = problems.map((p) => ({
    path: `body/${path}`,
    code: p.code,
    message: `${p.line}행 ${p.column}열: ${PROBLEM_TEXT[p.code]} ${p.name}`.trim(),
  }));
  const first = problems[0];
  return invalid(
    'CONTRACT_TEMPLATE_INVALID',
    `템플릿 ${first.line}행 ${first.column}열: ${PROBLEM_TEXT[first.code]} ${first.name}`.trim(),
    details,
  );
}

export async function listTemplates(db: Db) {
  const rows = await q.listLatestTemplates(db);
  return { rows, total: rows.length, variables: VARIABLES };
}

export async function getTemplate(db: Db, templateNo: string, version?: number) {
  const t = await q.findTemplate(db, templateNo, version);
  if (!t) throw missing('CONTRACT_TEMPLATE_NOT_FOUND', '계약 템플릿을 찾을 수 없습니다');
  return { ...t, clauses: t.clauses as Record<string, { title: string; body: string }> };
}

/**
 * Saves the next version of a template (the first when `version` is 0). The text is checked
 * first: every placeholder must name a variable of the catalogue or a clause of the library, else
 * 400 CONTRACT_TEMPLATE_INVALID naming each problem with its line and column. The clauses placed
 * are copied into the version, so a contract made from it renders the same later.
 */
export async function saveTemplate(
  db: Db,
  userId: string,
  templateNo: string,
  b: {
    name: string;
    contractType: ContractType;
    signOrder: SignOrder;
    body: string;
    useYn?: 'Y' | 'N';
    version: number;
  },
) {
  if (!/^[A-Z0-9_-]{1,20}$/.test(templateNo))
    throw invalid('VALIDATION', '템플릿 번호는 영문 대문자, 숫자, _, - 로 20자 이내입니다');
  const clauseCodes = [
    ...new Set(
      parsePlaceholders(b.body)
        .placeholders.filter((p) => p.kind === 'clause')
        .map((p) => p.name),
    ),
  ];
  return db.transaction().execute(async (trx) => {
    const clauses = await q.findClausesByCode(trx, clauseCodes);
    const problems = checkTemplateText(b.body, new Set(clauses.map((c) => c.clauseCode)));
    if (problems.length > 0) throw templateInvalid(problems, 'body');
    // A clause's own text may name only catalogue variables (checked when the clause was saved).
    const latest = await q.latestTemplateVersion(trx, templateNo);
    checkVersion(b.version, latest);
    const version = latest + 1;
    await q.insertTemplate(trx, {
      templateNo,
      version,
      name: b.name.trim(),
      contractType: b.contractType,
      signOrder: b.signOrder,
      body: b.body,
      clauses: JSON.stringify(Object.fromEntries(clauses.map((c) => [c.clauseCode, { title: c.title, body: c.body }]))),
      useYn: b.useYn ?? 'Y',
      createdBy: userId,
    });
    return { templateNo, version };
  });
}

/* ------------------------------ contracts ------------------------------ */

export interface NewContract {
  templateNo: string;
  compNo: string;
  title: string;
  sourceKind?: 'PO' | 'LOI' | 'NONE';
  sourceNo?: string | null;
  supplyAmount: string;
  vatAmount: string;
  startDate?: string | null;
  endDate?: string | null;
  signDeadline: string;
  buyerSignerId: string;
  supplierSignerId?: string | null;
  /** An amendment's own order (supplier first by default); a new contract takes its template's. */
  signOrder?: SignOrder;
  /** The VAT the amounts are checked against (default TAXABLE: 10 %). */
  taxType?: TaxType;
}

function checkNewContract(b: NewContract, today: string): void {
  const errors: FieldError[] = [];
  if (!MONEY.test(b.supplyAmount))
    errors.push({ path: 'body/supplyAmount', message: '공급가액은 0 이상의 정수(원)입니다' });
  if (!MONEY.test(b.vatAmount))
    errors.push({ path: 'body/vatAmount', message: '부가가치세는 0 이상의 정수(원)입니다' });
  else if (MONEY.test(b.supplyAmount)) errors.push(...checkVat(b.supplyAmount, b.vatAmount, b.taxType));
  for (const k of ['startDate', 'endDate'] as const)
    if (b[k] && !isValidDate(b[k]!)) errors.push({ path: `body/${k}`, message: '날짜 형식이 아닙니다 (YYYY-MM-DD)' });
  if (b.startDate && b.endDate && b.endDate < b.startDate)
    errors.push({ path: 'body/endDate', message: '종료일은 시작일 이후여야 합니다' });
  if (!isValidDate(b.signDeadline) || b.signDeadline < today)
    errors.push({ path: 'body/signDeadline', message: '서명 기한은 오늘 이후의 날짜여야 합니다' });
  if (b.title.trim() === '') errors.push({ path: 'body/title', message: '계약명을 입력하세요' });
  if ((b.sourceKind ?? 'NONE') !== 'NONE' && !b.sourceNo?.trim())
    errors.push({ path: 'body/sourceNo', message: '발주 또는 LOI 번호를 입력하세요' });
  failIf(errors);
}

async function renderFor(
  trx: Db,
  contractNo: string,
  template: { body: string; clauses: unknown; name: string; signOrder: string },
  values: VariableValues,
  documentDate: string,
  supplierName: string,
  buyerName: string,
  sourceChangePrint?: SourceChangePrint,
) {
  const clauses = new Map(
    Object.entries((template.clauses ?? {}) as Record<string, { body: string }>).map(([k, v]) => [k, v.body]),
  );
  const body = fillTemplate(template.body, values, clauses);
  const supplierRow = { role: '수급자(을)', company: supplierName };
  const buyerRow = { role: '발주자(갑)', company: buyerName };
  const pdf = await renderContractPdf({
    contractNo,
    title: values['contract.title'] ?? template.name,
    documentDate,
    buyerRows: [
      ['상호', values['buyer.name'] ?? ''],
      ['사업자등록번호', values['buyer.bizNo'] ?? ''],
      ['대표자', values['buyer.ceo'] ?? ''],
      ['주소', values['buyer.address'] ?? ''],
      ['전화', values['buyer.phone'] ?? ''],
    ],
    supplierRows: [
      ['상호', values['supplier.name'] ?? ''],
      ['사업자등록번호', values['supplier.bizNo'] ?? ''],
      ['대표자', values['supplier.ceo'] ?? ''],
      ['주소', values['supplier.address'] ?? ''],
    ],
    body,
    // An amendment that changes its order or LOI prints the change after the text, whatever the
    // template places: what both parties sign states what the execution will do to the document.
    ...(sourceChangePrint ? { appendix: sourceChangePrint } : {}),
    signers: template.signOrder === 'BUYER_FIRST' ? [buyerRow, supplierRow] : [supplierRow, buyerRow],
  });
  void trx;
  return { pdf, sha: sha256Hex(pdf) };
}

/**
 * Makes a contract in draft from the latest version of a template: the variables' values are
 * read now and frozen (supplier, buyer letterhead, PO or LOI), the stamp duty computed from the
 * type and the amount with VAT, the PDF rendered and its hash recorded in the CREATED event.
 */
export async function createContract(
  db: Db,
  deps: ContractDeps,
  ctx: EventContext,
  b: NewContract,
  amends?: {
    contractNo: string;
    variables: VariableValues;
    sourceChange?: SourceChange;
    sourceChangeText?: string[];
    sourceChangeRows?: SourceChangeRow[];
    sourceChangePrint?: SourceChangePrint;
  },
) {
  const today = todayKst(ctx.now);
  checkNewContract(b, today);
  return db.transaction().execute(async (trx) => {
    const template = await q.findTemplate(trx, b.templateNo);
    if (!template || template.useYn !== 'Y')
      throw missing('CONTRACT_TEMPLATE_NOT_FOUND', '사용 중인 계약 템플릿을 찾을 수 없습니다');
    const supplier = await q.supplierCompany(trx, b.compNo);
    if (!supplier) throw missing('COMPANY_NOT_FOUND', '협력사를 찾을 수 없습니다');
    if (supplier.status !== 'ACTIVE') throw refused('SUPPLIER_NOT_ACTIVE', '거래 중인 협력사가 아닙니다');
    const sourceKind = b.sourceKind ?? 'NONE';
    const source =
      sourceKind === 'PO'
        ? await q.poSource(trx, b.sourceNo!.trim())
        : sourceKind === 'LOI'
          ? await q.loiSource(trx, b.sourceNo!.trim())
          : null;
    if (sourceKind !== 'NONE' && !source)
      throw missing('CONTRACT_SOURCE_NOT_FOUND', '발주 또는 LOI를 찾을 수 없습니다');
    if (source && source.compNo !== b.compNo)
      throw refused('CONTRACT_SOURCE_MISMATCH', '발주 또는 LOI의 협력사가 계약 상대방과 다릅니다');
    // Only someone who may change the order or LOI makes a contract on it (its own rule, its own check).
    if (source) await assertMayChangeSource(trx, sourceKind, source.no, await actorOfUser(trx, ctx.userId));
    if (!(await mayBuyerSign(trx, b.buyerSignerId)))
      failIf([
        {
          path: 'body/buyerSignerId',
          message: '서명자는 계약 서명 권한(계약 관리 쓰기)이 있는 내부 사용자여야 합니다',
        },
      ]);
    if (b.supplierSignerId) {
      const u = await q.codeDestinations(trx, b.supplierSignerId);
      if (!u || u.compNo !== b.compNo)
        failIf([{ path: 'body/supplierSignerId', message: '협력사 서명자는 그 협력사의 사용자여야 합니다' }]);
    }
    const heads = await q.letterhead(trx);
    const head = (code: string) => heads.find((h) => h.code === code)?.attr1?.trim() || null;
    const buyerName = head('COMPANY_NAME') ?? '당사';
    const contractType = template.contractType as ContractType;
    const total = (BigInt(b.supplyAmount) + BigInt(b.vatAmount)).toString();
    const duty = stampDuty(
      contractType,
      total,
      { taxableKinds: deps.config.contractStampTaxable },
      amends ? await amendedAmount(trx, amends.contractNo) : null,
    );
    const share = splitDuty(duty, deps.config.contractStampBuyerPct);
    const contractNo = await nextDocumentNumber(trx, 'CT', today);
    const values: VariableValues = {
      'buyer.name': buyerName,
      'buyer.address': head('COMPANY_ADDRESS'),
      'buyer.phone': head('COMPANY_TEL'),
      ...buyerParty(deps.config),
      'contract.date': today,
      'contract.taxTypeName': TAX_TYPE_LABELS[b.taxType ?? 'TAXABLE'],
      'supplier.name': supplier.compNameKr,
      'supplier.bizNo': supplier.taxNo2,
      'supplier.ceo': supplier.ceoName,
      'supplier.address': supplier.address,
      'contract.no': contractNo,
      'contract.title': b.title.trim(),
      'contract.typeName': CONTRACT_TYPE_LABELS[contractType],
      'contract.supplyAmount': b.supplyAmount,
      'contract.vatAmount': b.vatAmount,
      'contract.totalAmount': total,
      'contract.startDate': b.startDate ?? null,
      'contract.endDate': b.endDate ?? null,
      'contract.stampDuty': duty,
      'source.no': source?.no ?? null,
      'source.title': source?.title ?? null,
      'source.date': source?.date ?? null,
      'source.amount': source ? String(source.amount) : null,
      'amends.no': amends?.contractNo ?? null,
      'amends.summary': null,
    };
    const changes = amends ? changedVariables(amends.variables, values) : null;
    if (amends) {
      const sourceText = amends.sourceChangeText ?? [];
      if (changes!.length === 0 && sourceText.length === 0)
        throw refused('CONTRACT_NO_CHANGE', '원계약과 달라진 내용이 없습니다');
      values['amends.summary'] = [
        ...changes!.map((c) => {
          const label = VARIABLES.find((v) => v.name === c.name)?.labelKo ?? c.name;
          return `${label}: ${c.before ?? '-'} → ${c.after ?? '-'}`;
        }),
        ...sourceText,
      ].join('; ');
    }
    const signOrder = b.signOrder ?? (template.signOrder as SignOrder);
    const { pdf, sha } = await renderFor(
      trx,
      contractNo,
      { ...template, signOrder },
      values,
      today,
      supplier.compNameKr,
      buyerName,
      amends?.sourceChangePrint,
    );
    await q.insertContract(trx, {
      contractNo,
      compNo: b.compNo,
      templateNo: template.templateNo,
      templateVersion: template.version,
      contractType,
      signOrder,
      title: b.title.trim(),
      sourceKind,
      sourceNo: source?.no ?? null,
      supplyAmount: b.supplyAmount,
      vatAmount: b.vatAmount,
      totalAmount: total,
      startDate: b.startDate ?? null,
      endDate: b.endDate ?? null,
      contractDate: today,
      signDeadline: b.signDeadline,
      variables: JSON.stringify(values),
      status: 'DRAFT',
      buyerSignerId: b.buyerSignerId,
      supplierSignerId: b.supplierSignerId ?? null,
      documentSha: sha,
      stampDuty: duty,
      stampBuyerShare: share.buyer,
      stampStatus: duty === '0' ? 'NOT_TAXABLE' : 'REQUIRED',
      amendsContractNo: amends?.contractNo ?? null,
      changeSummary: changes ? JSON.stringify(changes) : null,
      sourceChange: amends?.sourceChange ? JSON.stringify(amends.sourceChange) : null,
      createdBy: ctx.userId,
    });
    await q.insertDocument(trx, { contractNo, kind: 'DRAFT', compNo: b.compNo, contentSha: sha, content: pdf });
    await appendEvent(trx, { contractNo, compNo: b.compNo }, ctx, 'CREATED', sha, {
      templateNo: template.templateNo,
      templateVersion: template.version,
      ...(amends ? { amends: amends.contractNo } : {}),
      // The document's values the agreed change was made against, kept in the chain with it.
      ...(amends?.sourceChangeRows ? { sourceChange: amends.sourceChangeRows } : {}),
    });
    await writeAudit(trx, { entity: 'econtract', entityKey: contractNo, action: 'CREATE', actor: ctx.userId });
    return { contractNo, version: 1, documentSha: sha };
  });
}

/**
 * An amendment (변경계약) of an executed contract: a new contract with its own full text, naming
 * the original and listing the variables that changed; signed supplier first unless asked
 * otherwise. The original is never touched (the database refuses a change to an executed row).
 */
export async function createAmendment(
  db: Db,
  deps: ContractDeps,
  ctx: EventContext,
  originalNo: string,
  b: Omit<NewContract, 'compNo' | 'sourceKind' | 'sourceNo' | 'templateNo'> & {
    templateNo?: string;
    sourceChange?: SourceChange;
  },
) {
  const original = await q.findContract(db, originalNo);
  if (!original) throw notFound();
  if (original.status !== 'EXECUTED')
    throw refused('CONTRACT_NOT_EXECUTED', '체결된 계약만 변경계약을 만들 수 있습니다', { status: original.status });
  const { sourceChange: change, ...rest } = b;
  const described = change ? await describeSourceChange(db, original, change, todayKst(ctx.now), ctx.now) : undefined;
  return createContract(
    db,
    deps,
    ctx,
    {
      ...rest,
      templateNo: b.templateNo ?? original.templateNo,
      compNo: original.compNo,
      sourceKind: original.sourceKind as 'PO' | 'LOI' | 'NONE',
      sourceNo: original.sourceNo,
      signOrder: b.signOrder ?? 'SUPPLIER_FIRST',
    },
    {
      contractNo: originalNo,
      variables: original.variables as VariableValues,
      ...(change && described
        ? {
            sourceChange: change,
            sourceChangeText: described.text,
            sourceChangeRows: described.rows,
            sourceChangePrint: described.print,
          }
        : {}),
    },
  );
}

/**
 * Checks the PO change an amendment agrees (the order it governs, its lines, dates not past) and
 * words it for the amendment's text: "발주 PO… 1번 품목 수량: 10.000 → 12", with each field's value
 * now and agreed (`rows`, shown on the amendment). Whether the order can take it is decided again
 * when the amendment is executed, by the order's change path.
 */
async function describeSourceChange(
  db: Db,
  original: q.ContractRow,
  change: SourceChange,
  today: string,
  now: Date,
): Promise<{ text: string[]; rows: SourceChangeRow[]; print: SourceChangePrint }> {
  if (original.sourceKind === 'LOI' && original.sourceNo) {
    const loi = await describeLoiAmendment(db, original.sourceNo, change, today);
    const rows = loi.rows.map((r) => ({ ...r, lineNo: null }));
    return { text: loi.text, rows, print: printedChange(`LOI ${original.sourceNo}`, rows) };
  }
  if (original.sourceKind !== 'PO' || !original.sourceNo)
    throw invalid('CONTRACT_SOURCE_CHANGE_UNSUPPORTED', '발주나 LOI에 연결된 계약만 그 변경을 함께 약정할 수 있습니다');
  const poNo = original.sourceNo;
  if (change.amount !== undefined || change.validUntil !== undefined)
    failIf([{ path: 'body/sourceChange', message: '발주는 납기일과 품목 줄만 변경계약으로 바꿀 수 있습니다' }]);
  const [head, lines] = await Promise.all([q.poDueDate(db, poNo), q.poLines(db, poNo)]);
  if (!head) throw missing('CONTRACT_SOURCE_NOT_FOUND', '발주 또는 LOI를 찾을 수 없습니다');
  const errors: FieldError[] = [];
  const text: string[] = [];
  const rows: SourceChangeRow[] = [];
  if (change.dueDate !== undefined) {
    if (!isValidDate(change.dueDate) || change.dueDate < today)
      errors.push({ path: 'body/sourceChange/dueDate', message: '납기일은 오늘 이후의 날짜여야 합니다' });
    else {
      text.push(`발주 ${poNo} 납기일: ${head.dueDate ?? '-'} → ${change.dueDate}`);
      rows.push({ field: 'dueDate', lineNo: null, before: head.dueDate ?? null, after: change.dueDate });
    }
  }
  (change.lines ?? []).forEach((l, i) => {
    const line = lines.find((x) => x.lineNo === l.lineNo);
    if (!line) {
      errors.push({ path: `body/sourceChange/lines/${i}/lineNo`, message: `발주에 없는 품목 줄입니다: ${l.lineNo}` });
      return;
    }
    if (l.deliveryDate !== undefined && (!isValidDate(l.deliveryDate) || l.deliveryDate < today))
      errors.push({
        path: `body/sourceChange/lines/${i}/deliveryDate`,
        message: '품목 납기일은 오늘 이후의 날짜여야 합니다',
      });
    const part = (field: SourceChangeRow['field'], label: string, before: unknown, after: string | undefined) => {
      if (after === undefined) return;
      text.push(`발주 ${poNo} ${l.lineNo}번 품목 ${label}: ${String(before ?? '-')} → ${after}`);
      rows.push({ field, lineNo: l.lineNo, before: shortDecimal(before), after });
    };
    part('quantity', '수량', line.quantity, l.quantity);
    part('unitPrice', '단가', line.unitPrice, l.unitPrice);
    part('deliveryDate', '납기일', line.deliveryDate, l.deliveryDate);
  });
  failIf(errors);
  if (text.length === 0) failIf([{ path: 'body/sourceChange', message: '발주에서 바꿀 내용을 입력하세요' }]);
  // The order's new total as its change path computes it (its checks: quantity floor, limits), its
  // field errors named under the amendment's sourceChange.
  const rated = await rateContractAmendment(db, poNo, { dueDate: change.dueDate, lines: change.lines }, now).catch(
    (e: unknown) => {
      if (e instanceof HttpError && Array.isArray(e.details))
        throw new HttpError(
          e.statusCode,
          e.code,
          e.message,
          (e.details as FieldError[]).map((d) => ({ ...d, path: d.path.replace(/^body\//, 'body/sourceChange/') })),
        );
      throw e;
    },
  );
  const print = printedChange(`발주 ${poNo}`, rows, { before: rated.totalBefore, after: rated.totalAfter });
  return { text, rows, print };
}

/** A section of the amendment's PDF the template cannot leave out: the source's change, field by field. */
export interface SourceChangePrint {
  heading: string;
  lines: string[];
}

const FIELD_LABEL: Record<SourceChangeRow['field'], string> = {
  dueDate: '납기일',
  quantity: '수량',
  unitPrice: '단가',
  deliveryDate: '품목 납기일',
  amount: '금액',
  validUntil: '유효 종료일',
};

/** A decimal with thousands separators and its own decimals ('220000.5' → '220,000.5'); other text as it is. */
const grouped = (v: string | null): string => {
  if (v === null) return '-';
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(v.trim());
  return m ? `${m[1]}${groupThousands(m[2]!)}${m[3] ?? ''}` : v;
};

/** The printed change: one line per field ("1번 품목 단가: 4,710 → 220,000"), the order's total last. */
function printedChange(
  document: string,
  rows: readonly SourceChangeRow[],
  total?: { before: string; after: string },
): SourceChangePrint {
  return {
    heading: `${document} 변경 내용 (이 변경계약의 체결로 적용)`,
    lines: [
      ...rows.map(
        (r) =>
          `${r.lineNo === null ? '' : `${r.lineNo}번 품목 `}${FIELD_LABEL[r.field]}: ${grouped(shortDecimal(r.before))} → ${grouped(shortDecimal(r.after))}`,
      ),
      ...(total ? [`총액: ${grouped(shortDecimal(total.before))} → ${grouped(shortDecimal(total.after))}`] : []),
    ],
  };
}

/** Whether `actor` may change the contract's order or LOI, by the document's own check (403/404 as it answers). */
function assertMayChangeSource(trx: Db, kind: string, no: string, actor: Actor): Promise<void> {
  return kind === 'PO' ? assertMayChangePo(trx, no, actor) : assertMayChangeLoi(trx, no, actor);
}

/**
 * How an amendment's approval is rated on what it does to its order or LOI: the document's new total
 * (KRW) as the line's amount when above the amendment's own, and the tier the document's own rules
 * ask for the change (PO_CHANGE by the re-approval rule; LOI for a new amount), which the approval
 * then includes. Null for a contract that changes no document.
 */
async function rateSourceChange(trx: Db, c: q.ContractRow, now: Date) {
  if (!c.amendsContractNo || !c.sourceNo || !c.sourceChange) return null;
  const change = c.sourceChange as SourceChange;
  if (c.sourceKind === 'PO')
    return rateContractAmendment(trx, c.sourceNo, { dueDate: change.dueDate, lines: change.lines }, now);
  if (c.sourceKind === 'LOI') return rateLoiAmendment(trx, c.sourceNo, change);
  return null;
}

export async function submitContract(db: Db, ctx: EventContext, singleid: string, contractNo: string, version: number) {
  return db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c) throw notFound();
    checkVersion(version, c.version);
    const status = transition(CONTRACT_MACHINE, 'submit', c.status);
    const rated = await rateSourceChange(trx, c, ctx.now);
    const typed = String(c.totalAmount);
    const { approvalId } = await startApproval(
      trx,
      {
        docType: 'CONTRACT',
        docNo: contractNo,
        amountKrw: rated && compareDecimals(rated.amountKrw, typed) > 0 ? rated.amountKrw : typed,
        submitterId: singleid,
        actorUserId: ctx.userId,
        alsoCover: rated?.reapproval ?? null,
      },
      ctx.now,
    );
    await q.updateContract(trx, contractNo, {
      status,
      approvalId,
      approvalStatus: 'PENDING',
      version: c.version + 1,
    });
    await appendEvent(trx, c, ctx, 'SUBMITTED', null, { approvalId });
    return { contractNo, status, version: c.version + 1 };
  });
}

/**
 * The approval module hands a decision on a contract back here, in the approval's transaction:
 * the last approval sends the contract to the supplier (notified), a rejection returns the draft.
 */
export async function applyContractOutcome(
  trx: Db,
  a: { approvalId: number; docNo: string },
  outcome: 'NEXT' | 'APPROVED' | 'REJECTED',
  actor: string,
  comment: string | null,
): Promise<string> {
  const c = await q.lockContract(trx, a.docNo);
  if (!c || Number(c.approvalId) !== Number(a.approvalId) || c.status !== 'IN_APPROVAL')
    throw refused('APPROVAL_DOCUMENT_MISMATCH', '결재 문서의 상태가 결재와 맞지 않습니다. 다시 조회하세요');
  const ctx: EventContext = { userId: actor, actorCompNo: null, ip: null, userAgent: null, now: new Date() };
  if (outcome === 'NEXT') {
    await q.updateContract(trx, a.docNo, { approvalStatus: 'IN_PROGRESS', version: c.version + 1 });
    return c.status;
  }
  if (outcome === 'REJECTED') {
    const status = transition(CONTRACT_MACHINE, 'reject', c.status);
    await q.updateContract(trx, a.docNo, { status, approvalStatus: 'REJECTED', version: c.version + 1 });
    await appendEvent(trx, c, ctx, 'REJECTED', null, { comment });
    return status;
  }
  const status = transition(CONTRACT_MACHINE, 'approve', c.status);
  await q.updateContract(trx, a.docNo, { status, approvalStatus: 'APPROVED', version: c.version + 1 });
  await appendEvent(trx, c, ctx, 'APPROVED', null, { approvalId: a.approvalId });
  await appendEvent(trx, c, ctx, 'SENT', c.documentSha);
  await notifyContractSent(trx, {
    contractNo: c.contractNo,
    compNo: c.compNo,
    title: c.title,
    totalAmount: String(c.totalAmount),
    signDeadline: c.signDeadline,
  });
  return status;
}

/* ------------------------------ reading ------------------------------ */

function visibleTo(c: q.ContractRow, supplier: boolean): boolean {
  return !supplier || (SUPPLIER_VISIBLE as readonly string[]).includes(c.status);
}

export async function listContracts(
  db: Db,
  f: { status?: string; compNo?: string; text?: string },
  page: { offset: number; limit: number },
  supplier: boolean,
) {
  const rows = await q.searchContracts(
    db,
    { ...f, ...(supplier ? { statuses: SUPPLIER_VISIBLE } : {}) },
    { offset: page.offset, limit: page.limit + 1 },
  );
  // The window count says how many match, in the same statement; a page past the end has no row to
  // carry it, and then at most `offset` match.
  const total = rows.length > 0 ? Number(rows[0]!.fullCount) : page.offset;
  return {
    rows: rows
      .slice(0, page.limit)
      .map(({ fullCount: _fullCount, ...r }) => ({ ...r, totalAmount: String(r.totalAmount) })),
    total,
    hasMore: rows.length > page.limit,
  };
}

/**
 * An amendment's agreed change of its PO or LOI, one row per field: the value when the amendment
 * was made (recorded in its CREATED event) and the agreed one. A change recorded without its
 * values then shows the agreed ones only.
 */
function sourceChangeRows(
  change: SourceChange | null,
  events: ReadonlyArray<{ kind: string; detail: unknown }>,
): Array<SourceChangeRow & { key: string }> {
  if (!change) return [];
  const recorded = (events.find((e) => e.kind === 'CREATED')?.detail as { sourceChange?: SourceChangeRow[] } | null)
    ?.sourceChange;
  const rows: SourceChangeRow[] = recorded ?? [
    ...(change.dueDate !== undefined
      ? [{ field: 'dueDate' as const, lineNo: null, before: null, after: change.dueDate }]
      : []),
    ...(change.lines ?? []).flatMap((l) =>
      (['quantity', 'unitPrice', 'deliveryDate'] as const).flatMap((field) => {
        const after = l[field];
        return after === undefined ? [] : [{ field, lineNo: l.lineNo, before: null, after }];
      }),
    ),
    ...(change.amount !== undefined
      ? [{ field: 'amount' as const, lineNo: null, before: null, after: change.amount }]
      : []),
    ...(change.validUntil !== undefined
      ? [{ field: 'validUntil' as const, lineNo: null, before: null, after: change.validUntil }]
      : []),
  ];
  return rows.map((r) => ({ ...r, key: `${r.lineNo ?? 0}:${r.field}` }));
}

export async function getContract(db: Db, contractNo: string, viewer: { supplier: boolean; userId: string }) {
  const c = await q.findContract(db, contractNo);
  if (!c || !visibleTo(c, viewer.supplier)) throw notFound();
  const [events, stamps, signers] = await Promise.all([
    q.eventsOf(db, contractNo),
    q.stampsOf(db, contractNo),
    // Read as the owner: accounts are not the supplier role's.
    q.userNames(asOwner(db), [c.buyerSignerId, ...(c.supplierSignerId ? [c.supplierSignerId] : [])]),
  ]);
  const names = await q.userNames(
    asOwner(db),
    eventActors([...events, ...stamps.map((s) => ({ userId: s.recordedBy }))]),
  );
  const nameOf = (userId: string | null) =>
    userId ? (signers.find((u) => u.userId === userId)?.hname ?? userId) : null;
  const actorName = (userId: string) => names.find((u) => u.userId === userId)?.hname ?? null;
  const next = nextSigner(c);
  return {
    ...c,
    supplyAmount: String(c.supplyAmount),
    vatAmount: String(c.vatAmount),
    totalAmount: String(c.totalAmount),
    stampDuty: String(c.stampDuty),
    stampBuyerShare: String(c.stampBuyerShare),
    stampSupplierShare: (BigInt(String(c.stampDuty)) - BigInt(String(c.stampBuyerShare))).toString(),
    variables: c.variables as Record<string, string | null>,
    changeSummary: (c.changeSummary ?? null) as Array<{
      name: string;
      before: string | null;
      after: string | null;
    }> | null,
    sourceChange: (c.sourceChange ?? null) as SourceChange | null,
    sourceChanges: sourceChangeRows(c.sourceChange as SourceChange | null, events),
    buyerSignerName: nameOf(c.buyerSignerId),
    supplierSignerName: nameOf(c.supplierSignerId),
    nextSigner: next,
    // A supplier sees the buyer's people by name and role, never their address, browser or id.
    events: presentEvents(
      events.map((e) => ({ ...e, occurredAt: instantText(e.occurredAt) })),
      actorName,
      c,
      viewer.supplier,
    ),
    stamps: stamps.map((s) => ({
      ...s,
      amount: String(s.amount),
      recordedBy: viewer.supplier && s.party === 'BUYER' ? null : s.recordedBy,
      recordedByName: actorName(s.recordedBy),
    })),
  };
}

/**
 * The PDF a party reads before signing (DRAFT) or the executed one. Reading writes nothing: a
 * download is no evidence (anyone allowed to read the contract may download it, and a stored
 * screen may load it). That the signer opened the copy it signs is recorded by `viewDocument`.
 */
export async function readDocument(
  db: Db,
  contractNo: string,
  kind: 'DRAFT' | 'EXECUTED',
  viewer: { supplier: boolean },
) {
  const c = await q.findContract(db, contractNo);
  if (!c || !visibleTo(c, viewer.supplier)) throw notFound();
  const doc = await q.findDocument(db, contractNo, kind);
  if (!doc) throw missing('CONTRACT_DOCUMENT_NOT_FOUND', '계약서 파일이 없습니다');
  return {
    content: Buffer.from(doc.content),
    sha256: doc.contentSha,
    fileName: `${contractNo}${kind === 'EXECUTED' ? '-executed' : ''}.pdf`,
  };
}

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
        : `서명 순서가 아닙니다: ${next === 'SUPPLIER' ? '협력사' : '발주자'}가 먼저 서명해야 합니다`,
      { nextSigner: next },
    );
}

function assertSupplierSigner(c: q.ContractRow, userId: string): void {
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

/** Marks the signature; when the other party has signed too, the contract is executed. */
async function sign(trx: Db, deps: ContractDeps, ctx: EventContext, c: q.ContractRow, party: Party) {
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
  return out;
}

/** The buyer's signature: only the signer the contract names, in its turn. */
export async function buyerSign(db: Db, deps: ContractDeps, ctx: EventContext, contractNo: string, b: SignBody) {
  return db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c) throw notFound();
    checkVersion(b.version, c.version);
    assertSigner(c, 'BUYER', ctx.userId);
    assertTurn(c, 'BUYER', todayKst(ctx.now));
    assertDocument(c, b);
    await assertViewed(trx, c, ctx.userId);
    const status = await sign(trx, deps, ctx, c, 'BUYER');
    return { contractNo, status, version: c.version + 1 };
  });
}

/** Declining to sign, with the reason: the supplier, or the buyer's named signer. */
export async function declineContract(
  db: Db,
  ctx: EventContext,
  contractNo: string,
  b: { version: number; reason: string },
  party: Party,
) {
  if (b.reason.trim() === '') failIf([{ path: 'body/reason', message: '거절 사유를 입력하세요' }]);
  return db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c || !visibleTo(c, party === 'SUPPLIER')) throw notFound();
    checkVersion(b.version, c.version);
    if (party === 'BUYER' && c.buyerSignerId !== ctx.userId)
      throw notAllowed('이 계약의 발주자 서명자가 아닙니다', 'CONTRACT_NOT_SIGNER');
    if (party === 'SUPPLIER') assertSupplierSigner(c, ctx.userId);
    const status = transition(CONTRACT_MACHINE, 'decline', c.status);
    await q.updateContract(trx, contractNo, { status, declineReason: b.reason.trim(), version: c.version + 1 });
    await appendEvent(trx, c, ctx, 'DECLINED', c.documentSha, { party, reason: b.reason.trim() });
    return { contractNo, status, version: c.version + 1 };
  });
}

export async function cancelContract(
  db: Db,
  ctx: EventContext,
  contractNo: string,
  b: { version: number; reason: string },
) {
  if (b.reason.trim() === '') failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
  return db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c) throw notFound();
    checkVersion(b.version, c.version);
    const status = transition(CONTRACT_MACHINE, 'cancel', c.status);
    await q.updateContract(trx, contractNo, { status, version: c.version + 1 });
    await appendEvent(trx, c, ctx, 'CANCELLED', null, { reason: b.reason.trim() });
    return { contractNo, status, version: c.version + 1 };
  });
}

/** Contracts out for signature past their deadline (a Korean business date) expire, each once. */
export async function expireContracts(db: Db, now: Date): Promise<number> {
  const due = await q.contractsPastDeadline(db, todayKst(now));
  let n = 0;
  for (const { contractNo } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const c = await q.lockContract(trx, contractNo);
      if (!c || (c.status !== 'SENT' && c.status !== 'PARTLY_SIGNED') || c.signDeadline >= todayKst(now)) return false;
      await q.updateContract(trx, contractNo, { status: 'EXPIRED', version: c.version + 1 });
      await appendEvent(
        trx,
        c,
        { userId: 'system', actorCompNo: null, ip: null, userAgent: null, now },
        'EXPIRED',
        null,
        {
          signDeadline: c.signDeadline,
        },
      );
      return true;
    });
    if (done) n++;
  }
  return n;
}

/**
 * The contract-signing authority on the buyer's side: an enabled internal account whose group holds
 * write on the contract's detail (SIGN_SCREEN.BUYER, the sign operation's access) — the rule the
 * signer list offers. Read-only groups (40 모니터링) do not hold it.
 */
async function mayBuyerSign(db: Db, userId: string): Promise<boolean> {
  const holders = await q.usersHoldingScreen(asOwner(db), { portal: 'I', screen: SIGN_SCREEN.BUYER, level: 'write' });
  return holders.some((u) => u.userId === userId);
}

/** The supplier's users allowed to sign its contracts (write on the sign screen), by name. */
function supplierSigners(db: Db, compNo: string) {
  return q.usersHoldingScreen(asOwner(db), { portal: 'X', compNo, screen: SIGN_SCREEN.SUPPLIER, level: 'write' });
}

/**
 * Who may sign for a party, by name, for the contract's form: the staff allowed to sign (write on
 * the contract's detail), or the supplier's users allowed to sign (write on its sign screen).
 */
export async function listSigners(db: Db, q0: { party?: Party; compNo?: string }) {
  const f = { ...q0, party: q0.party ?? 'BUYER' };
  const compNo = f.compNo?.trim();
  if (f.party === 'SUPPLIER' && !compNo) failIf([{ path: 'querystring/compNo', message: '협력사를 선택하세요' }]);
  const rows =
    f.party === 'SUPPLIER'
      ? await supplierSigners(db, compNo!)
      : await q.usersHoldingScreen(asOwner(db), { portal: 'I', screen: SIGN_SCREEN.BUYER, level: 'write' });
  return { rows: rows.map((r) => ({ userId: r.userId, name: r.hname })), total: rows.length };
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/**
 * Reminders before the signing deadline: the party whose turn it is is notified when the days left
 * (Korean dates) reach a threshold (`days`, e.g. 3 and 1). Each threshold is sent once per party —
 * recorded as a REMINDED event in the contract's chain, in the transaction that queues the notice —
 * so a run repeated or late sends nothing twice; thresholds crossed together make one notice. A
 * contract signed, declined or otherwise no longer awaiting a signature gets none.
 */
export async function remindSigners(db: Db, now: Date, days: readonly number[]): Promise<number> {
  if (days.length === 0) return 0;
  const today = todayKst(now);
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + Math.max(...days) * DAY_MS).toISOString().slice(0, 10);
  const due = await q.contractsDeadlineWithin(db, today, last);
  let sent = 0;
  for (const { contractNo } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const c = await q.lockContract(trx, contractNo);
      const party = c ? nextSigner(c) : null;
      if (!c || !party || c.signDeadline < today) return false;
      const daysLeft = daysBetween(today, c.signDeadline);
      const recorded = new Set(
        (await q.remindersOf(trx, contractNo))
          .map((r) => r.detail as { party?: string; thresholds?: number[] })
          .filter((d) => d.party === party)
          .flatMap((d) => d.thresholds ?? []),
      );
      const pending = days.filter((n) => daysLeft <= n && !recorded.has(n)).sort((a, b) => a - b);
      if (pending.length === 0) return false;
      const notice = {
        contractNo,
        compNo: c.compNo,
        title: c.title,
        signDeadline: c.signDeadline,
        daysLeft,
      };
      // The supplier's named signer, else its users allowed to sign; the buyer's named signer.
      const signers =
        party === 'BUYER'
          ? [c.buyerSignerId]
          : c.supplierSignerId
            ? [c.supplierSignerId]
            : (await supplierSigners(trx, c.compNo)).map((u) => u.userId);
      let notified: number;
      if (party === 'SUPPLIER') notified = await notifyContractReminder(trx, notice, signers);
      else {
        const signer = await q.singleidOf(trx, c.buyerSignerId);
        notified = signer?.singleid ? Number(await notifyContractSignerReminder(trx, signer.singleid, notice)) : 0;
      }
      await appendEvent(
        trx,
        c,
        { userId: 'system', actorCompNo: null, ip: null, userAgent: null, now },
        'REMINDED',
        null,
        { party, daysLeft, thresholds: pending, signers, recipients: notified },
      );
      return true;
    });
    if (done) sent++;
  }
  return sent;
}

/* ------------------------------ stamp duty ------------------------------ */

/**
 * A party records the number of the electronic revenue stamp (전자수입인지) bought for its share.
 * When every party with a share has recorded one, the duty is paid (a contract executed with its
 * duty pending becomes paid; nothing else of an executed contract changes).
 */
export async function recordStamp(
  db: Db,
  ctx: EventContext,
  contractNo: string,
  party: Party,
  b: { version: number; stampNo: string },
  supplier: boolean,
) {
  const stampNo = checkStampNo(b.stampNo);
  return db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c || !visibleTo(c, supplier)) throw notFound();
    checkVersion(b.version, c.version);
    if (c.stampStatus === 'NOT_TAXABLE') throw refused('CONTRACT_NOT_TAXABLE', '인지세 과세 대상이 아닌 계약입니다');
    if (['DECLINED', 'EXPIRED', 'CANCELLED'].includes(c.status))
      throw refused('INVALID_STATE', '종료된 계약에는 인지세를 기록할 수 없습니다', { status: c.status });
    // Each party records its own share: staff the buyer's, the supplier's users their company's.
    if (party !== (supplier ? 'SUPPLIER' : 'BUYER'))
      throw notAllowed('상대방이 부담하는 인지세는 상대방이 기록합니다', 'CONTRACT_NOT_YOUR_SHARE');
    // Frozen at execution: a number recorded before stays; only a share still unpaid (PENDING) may be.
    if (c.status === 'EXECUTED' && (await q.stampsOf(trx, contractNo)).some((x) => x.party === party))
      throw refused('CONTRACT_STAMP_FROZEN', '체결된 계약의 전자수입인지 번호는 바꿀 수 없습니다', { party });
    const duty = BigInt(String(c.stampDuty));
    const buyerShare = BigInt(String(c.stampBuyerShare));
    const amount = party === 'BUYER' ? buyerShare : duty - buyerShare;
    if (amount === 0n) throw refused('CONTRACT_NO_STAMP_SHARE', '이 당사자가 부담할 인지세가 없습니다');
    await q.upsertStamp(trx, {
      contractNo,
      party,
      compNo: c.compNo,
      amount: amount.toString(),
      stampNo,
      recordedBy: ctx.userId,
    });
    const stamps = await q.stampsOf(trx, contractNo);
    const needed: Party[] = [
      ...(buyerShare > 0n ? ['BUYER' as const] : []),
      ...(duty - buyerShare > 0n ? ['SUPPLIER' as const] : []),
    ];
    const paid = needed.every((p) => stamps.some((s) => s.party === p));
    const stampStatus = paid ? 'PAID' : c.stampStatus;
    await q.updateContract(trx, contractNo, { stampStatus, version: c.version + 1 });
    await appendEvent(trx, c, ctx, 'STAMP_RECORDED', null, { party, stampNo, amount: amount.toString() });
    return { contractNo, stampStatus, version: c.version + 1 };
  });
}

/* ------------------------------ verification ------------------------------ */

/**
 * Recomputes the contract's evidence: every event's hash and link (the first that differs is
 * named), every stored PDF against its hash, and the hash the signing events name against the
 * document the contract holds.
 */
export async function verifyContract(db: Db, contractNo: string, supplier: boolean, anchorFile: string | null = null) {
  const c = await q.findContract(db, contractNo);
  if (!c || !visibleTo(c, supplier)) throw notFound();
  const [events, docs] = await Promise.all([q.eventsOf(db, contractNo), q.documentsOf(db, contractNo)]);
  const chain = verifyChain(
    events.map((e) => ({
      contractNo: e.contractNo,
      seq: e.seq,
      kind: e.kind,
      occurredAt: e.occurredAt,
      ip: e.ip,
      userAgent: e.userAgent,
      userId: e.userId,
      actorCompNo: e.actorCompNo,
      docSha: e.docSha,
      detail: e.detail,
      prevHash: e.prevHash,
      hash: e.hash,
    })),
  );
  const documents = docs.map((d) => ({
    kind: d.kind,
    sha256: d.contentSha,
    ok: sha256Hex(Buffer.from(d.content)) === d.contentSha && (d.kind !== 'DRAFT' || d.contentSha === c.documentSha),
  }));
  const signedOther = events.find((e) => e.kind === 'SIGNED' && e.docSha !== c.documentSha);
  // The head sealed into the executed copy, and the newest head written outside the database.
  const executedDoc = docs.find((d) => d.kind === 'EXECUTED');
  const sealedHead = executedDoc ? sealedChainHead(Buffer.from(executedDoc.content)) : null;
  const sealValid = executedDoc ? (await verifySeal(Buffer.from(executedDoc.content))).ok : null;
  const anchored = anchorFile ? ((await readContractAnchors(anchorFile, contractNo)).get(contractNo) ?? null) : null;
  const completed = events.find((e) => e.kind === 'COMPLETED');
  const heads =
    sealValid === false
      ? { seq: completed?.seq ?? events.length, reason: 'SEAL_INVALID' }
      : headProblem(events, sealedHead, anchored);
  const firstOther = chain.ok
    ? signedOther
      ? { seq: signedOther.seq, reason: 'SIGNED_OTHER_DOCUMENT' }
      : heads
    : null;
  const ok = chain.ok && documents.every((d) => d.ok) && !firstOther;
  return {
    contractNo,
    ok,
    events: events.length,
    firstBadSeq: chain.ok ? (firstOther?.seq ?? null) : chain.firstBadSeq,
    firstBadKind: events.find((e) => e.seq === (chain.ok ? firstOther?.seq : chain.firstBadSeq))?.kind ?? null,
    reason: chain.ok ? (firstOther?.reason ?? null) : chain.reason,
    sealValid,
    sealedHead,
    anchoredHead: anchored,
    documents,
  };
}

/**
 * Whether the chain still holds the heads kept outside it: the one sealed into the executed copy
 * (SEALED_HEAD_MISMATCH: that event is gone or differs — the chain was rewritten after execution)
 * and the newest one anchored (END_CUT: gone — events were removed from the end; ANCHOR_MISMATCH).
 */
function headProblem(
  events: ReadonlyArray<{ seq: number; hash: string }>,
  sealed: SealedHead | null,
  anchored: SealedHead | null,
): { seq: number; reason: string } | null {
  const at = (seq: number) => events.find((e) => Number(e.seq) === seq);
  if (sealed && at(sealed.seq)?.hash !== sealed.hash) return { seq: sealed.seq, reason: 'SEALED_HEAD_MISMATCH' };
  if (anchored) {
    const e = at(anchored.seq);
    if (!e) return { seq: anchored.seq, reason: 'END_CUT' };
    if (e.hash !== anchored.hash) return { seq: anchored.seq, reason: 'ANCHOR_MISMATCH' };
  }
  return null;
}

/**
 * Is this PDF (or this hash) one of ours? The executed copy of contract X unchanged, the copy its
 * signers read, or neither ("not ours or modified"). A supplier asks only about its own contracts.
 */
export async function verifyDocument(
  db: Db,
  b: { pdfBase64?: string; contractNo?: string; sha256?: string },
  supplier: boolean,
) {
  let sha: string;
  let sealValid: boolean | null = null;
  if (b.pdfBase64) {
    const pdf = Buffer.from(b.pdfBase64, 'base64');
    sha = sha256Hex(pdf);
    if (pdf.includes('/ByteRange')) sealValid = (await verifySeal(pdf)).ok;
  } else if (b.sha256 && /^[0-9a-fA-F]{64}$/.test(b.sha256)) sha = b.sha256.toLowerCase();
  else throw invalid('VALIDATION', 'PDF 파일 또는 계약번호와 SHA-256 값을 보내세요');
  const found = await q.findContractByDocumentSha(db, sha);
  const c = found ? await q.findContract(db, found.contractNo) : undefined;
  if (!found || !c || !visibleTo(c, supplier) || (b.contractNo && b.contractNo !== c.contractNo))
    return { result: 'NOT_OURS_OR_MODIFIED' as const, sha256: sha, contractNo: null, status: null, sealValid };
  const executed = c.status === 'EXECUTED' && c.executedSha === sha;
  return {
    result: executed ? ('EXECUTED_UNCHANGED' as const) : ('SIGNING_COPY' as const),
    sha256: sha,
    contractNo: c.contractNo,
    status: c.status,
    sealValid,
  };
}
