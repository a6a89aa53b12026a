/** A contract in draft, made from the latest version of a template (docs/contracts.md, step 2). */
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { nextDocumentNumber } from '../../db/document-number.js';
import { todayKst, isValidDate } from '../../domain/dates.js';
import { failIf, missing, refused, type FieldError } from '../../domain/errors.js';
import { actorOfUser } from '../../domain/actor.js';
import { sha256Hex } from './chain.js';
import * as q from './queries.js';
import { renderContractPdf } from './render.js';
import {
  CONTRACT_TYPE_LABELS,
  splitDuty,
  stampDuty,
  TAX_TYPE_LABELS,
  type ContractType,
  type TaxType,
} from './stamp-duty.js';
import { amendedAmount, buyerParty, checkVat } from './stamp-chain.js';
import { changedVariables, fillTemplate, VARIABLES, type VariableValues } from './variables.js';
import { type SignOrder } from './workflow.js';
import { appendEvent, type ContractDeps, type EventContext } from './common.js';
import {
  assertMayChangeSource,
  type SourceChange,
  type SourceChangePrint,
  type SourceChangeRow,
} from './source-change.js';
import { mayBuyerSign } from './signers.js';
import { contractFacts, defaultLinkage, linkagePrint } from './linkage.js';
import { saveContractLinkage } from './queries-linkage.js';

const MONEY = /^\d{1,18}$/;

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

/**
 * The contract's PDF from its template version and frozen values, with the sections no template can leave out
 * (`appendices`: the 납품대금 연동 answer, an amendment's change of its order or LOI) — at creation, and again when
 * a draft's 연동 answer is set (linkage-command.ts).
 */
export async function renderFor(
  trx: Db,
  contractNo: string,
  template: { body: string; clauses: unknown; name: string; signOrder: string },
  values: VariableValues,
  documentDate: string,
  supplierName: string,
  buyerName: string,
  appendices: ReadonlyArray<{ heading: string; lines: string[] }>,
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
    // What the template cannot leave out, after its text: what both parties sign states the 연동 answer and
    // what the execution will do to the order or LOI.
    ...(appendices.length > 0 ? { appendices: [...appendices] } : {}),
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
export function createContract(db: Db, deps: ContractDeps, ctx: EventContext, b: NewContract, amends?: Amends) {
  return db.transaction().execute((trx) => draftContract(trx, deps, ctx, b, amends));
}

/** An amendment's link to its original and the change of the order or LOI it agrees. */
interface Amends {
  contractNo: string;
  variables: VariableValues;
  sourceChange?: SourceChange;
  sourceChangeText?: string[];
  sourceChangeRows?: SourceChangeRow[];
  sourceChangePrint?: SourceChangePrint;
}

/**
 * createContract in the caller's transaction: an amendment made by another command (a 연동 조정 제안 accepted,
 * linkage-decisions.ts) is written with that command's own rows, all or nothing.
 */
export async function draftContract(trx: Db, deps: ContractDeps, ctx: EventContext, b: NewContract, amends?: Amends) {
  const today = todayKst(ctx.now);
  checkNewContract(b, today);
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
  if (sourceKind !== 'NONE' && !source) throw missing('CONTRACT_SOURCE_NOT_FOUND', '발주 또는 LOI를 찾을 수 없습니다');
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
  const linkage = await defaultLinkage(
    trx,
    { sourceKind, sourceNo: source?.no ?? null, amends: amends?.contractNo ?? null },
    contractFacts({ supplyAmount: b.supplyAmount, startDate: b.startDate ?? null, endDate: b.endDate ?? null }),
  );
  const { pdf, sha } = await renderFor(
    trx,
    contractNo,
    { ...template, signOrder },
    values,
    today,
    supplier.compNameKr,
    buyerName,
    [
      ...(linkage ? [linkagePrint(linkage.row, linkage.indexName)] : []),
      ...(amends?.sourceChangePrint ? [amends.sourceChangePrint] : []),
    ],
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
    printedAppendix: amends?.sourceChangePrint ? JSON.stringify(amends.sourceChangePrint) : null,
    createdBy: ctx.userId,
  });
  if (linkage)
    await saveContractLinkage(trx, {
      contractNo,
      compNo: b.compNo,
      ...linkage.row,
      copiedFromKind: linkage.copiedFromKind,
      copiedFromNo: linkage.copiedFromNo,
      updatedBy: ctx.userId,
    });
  await q.insertDocument(trx, { contractNo, kind: 'DRAFT', compNo: b.compNo, contentSha: sha, content: pdf });
  await appendEvent(trx, { contractNo, compNo: b.compNo }, ctx, 'CREATED', sha, {
    templateNo: template.templateNo,
    templateVersion: template.version,
    ...(amends ? { amends: amends.contractNo } : {}),
    // The document's values the agreed change was made against, kept in the chain with it.
    ...(amends?.sourceChangeRows ? { sourceChange: amends.sourceChangeRows } : {}),
    // The 연동 answer the first copy prints, and where it came from.
    ...(linkage
      ? { linkage: { ...linkage.row, copiedFrom: `${linkage.copiedFromKind} ${linkage.copiedFromNo}` } }
      : {}),
  });
  await writeAudit(trx, { entity: 'econtract', entityKey: contractNo, action: 'CREATE', actor: ctx.userId });
  return { contractNo, version: 1, documentSha: sha };
}
