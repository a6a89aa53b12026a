/**
 * Tax types and the documents they are invoiced on (docs/tax-invoices.md "Tax types"):
 *
 * - 과세 (TAXABLE): a 세금계산서 at 10 % (부가가치세법 §30, §32), NTS type 0101;
 * - 영세율 (ZERO_RATED): a 세금계산서 at 0 % (§30; a domestic supply under a 내국신용장 or 구매확인서,
 *   §21②·시행령 §31②, whose number the invoice carries), NTS type 0102;
 * - 면세 (EXEMPT): no VAT (§26), invoiced on a 계산서 (법인세법 §121, 소득세법 §163), NTS type 0301 —
 *   never on a 세금계산서, and never sent to a provider as taxable.
 *
 * Where the type comes from: the item's own, else the supplier's default, copied onto the settlement
 * line when the settlement is built; the invoices are drawn one per type present.
 */
import type { Db } from '../../db/connect.js';
import { writeAudit } from '../../db/audit.js';
import { checkVersion, failIf, missing, type FieldError } from '../../domain/errors.js';
import type { TaxType } from './amounts.js';
import {
  companyTaxTypeRow,
  itemTaxTypeRow,
  listCompanyTaxTypeRows,
  listItemTaxTypeRows,
  lockCompanyTaxType,
  lockItemTaxType,
  updateCompanyTaxType,
  updateItemTaxType,
} from './queries-tax-types.js';

const TAX_TYPES: readonly TaxType[] = ['TAXABLE', 'ZERO_RATED', 'EXEMPT'];
type ZeroRatedDocKind = 'LOCAL_LC' | 'PURCHASE_CONFIRMATION';
const ZERO_RATED_DOC_KINDS: readonly ZeroRatedDocKind[] = ['LOCAL_LC', 'PURCHASE_CONFIRMATION'];

/** The NTS document type code (전자세금계산서 표준 TypeCode) of an original invoice of each tax type. */
export const TYPE_CODE: Readonly<Record<TaxType, '0101' | '0102' | '0301'>> = Object.freeze({
  TAXABLE: '0101',
  ZERO_RATED: '0102',
  EXEMPT: '0301',
});

/** The NTS type code of an invoice: an amendment (수정) is 0201/0202 for a 세금계산서, 0401 for a 계산서. */
export function typeCodeOf(taxType: TaxType, amended: boolean): string {
  const code = TYPE_CODE[taxType];
  return amended ? `${code[0]}${Number(code[1]) + 1}${code.slice(2)}` : code;
}

export const TAX_TYPE_NAME: Readonly<Record<TaxType, string>> = Object.freeze({
  TAXABLE: '과세',
  ZERO_RATED: '영세율',
  EXEMPT: '면세',
});

const DOC_KIND_NAME: Readonly<Record<ZeroRatedDocKind, string>> = Object.freeze({
  LOCAL_LC: '내국신용장',
  PURCHASE_CONFIRMATION: '구매확인서',
});

export interface ZeroRatedEvidence {
  kind: ZeroRatedDocKind;
  no: string;
}

/** "구매확인서 PKT2026…", the evidence as the invoice's remark shows it. */
export const evidenceText = (e: ZeroRatedEvidence) => `${DOC_KIND_NAME[e.kind]} ${e.no}`;

function checkTaxType(taxType: unknown, errors: FieldError[], path: string, nullable: boolean): void {
  if (taxType === null && nullable) return;
  if (!TAX_TYPES.includes(taxType as TaxType))
    errors.push({
      path,
      message: `과세 유형은 과세(TAXABLE), 영세율(ZERO_RATED), 면세(EXEMPT) 중 하나입니다: ${String(taxType)}`,
    });
}

// ── items ──────────────────────────────────────────────────────────────────
export async function getItemTaxType(db: Db, itemCode: string) {
  const row = await itemTaxTypeRow(db, itemCode);
  if (!row) throw missing('ITEM_NOT_FOUND', `품목을 찾을 수 없습니다: ${itemCode}`);
  return row;
}

/** The item's own tax type, or null to follow the supplier's default. */
export async function setItemTaxType(
  db: Db,
  itemCode: string,
  body: { taxType: string | null; version: number },
  actor: string,
) {
  const errors: FieldError[] = [];
  const taxType = body.taxType === 'DEFAULT' || body.taxType === '' ? null : body.taxType;
  checkTaxType(taxType, errors, 'body/taxType', true);
  failIf(errors);
  await db.transaction().execute(async (trx) => {
    const cur = await lockItemTaxType(trx, itemCode);
    if (!cur) throw missing('ITEM_NOT_FOUND', `품목을 찾을 수 없습니다: ${itemCode}`);
    checkVersion(body.version, cur.version);
    await updateItemTaxType(trx, itemCode, taxType as TaxType | null);
    await writeAudit(trx, {
      entity: 'item',
      entityKey: itemCode,
      action: 'TAX_TYPE',
      actor,
      before: { taxType: cur.taxType },
      after: { taxType },
    });
  });
  return getItemTaxType(db, itemCode);
}

// ── suppliers ──────────────────────────────────────────────────────────────
export async function getSupplierTaxType(db: Db, compNo: string) {
  const row = await companyTaxTypeRow(db, compNo);
  if (!row) throw missing('COMPANY_NOT_FOUND', `협력사를 찾을 수 없습니다: ${compNo}`);
  return row;
}

/** The supplier's default tax type, with its 영세율 evidence (required for 영세율, refused otherwise). */
export async function setSupplierTaxType(
  db: Db,
  compNo: string,
  body: { taxType: TaxType; zeroRatedDocKind?: string | null; zeroRatedDocNo?: string | null; version: number },
  actor: string,
) {
  const errors: FieldError[] = [];
  checkTaxType(body.taxType, errors, 'body/taxType', false);
  const kind = body.zeroRatedDocKind?.trim() || null;
  const no = body.zeroRatedDocNo?.trim() || null;
  if (body.taxType === 'ZERO_RATED') {
    if (!kind || !ZERO_RATED_DOC_KINDS.includes(kind as ZeroRatedDocKind))
      errors.push({
        path: 'body/zeroRatedDocKind',
        message: '영세율은 근거 서류(내국신용장 LOCAL_LC 또는 구매확인서 PURCHASE_CONFIRMATION)가 필요합니다',
      });
    if (!no)
      errors.push({ path: 'body/zeroRatedDocNo', message: '영세율은 내국신용장 또는 구매확인서 번호가 필요합니다' });
    else if (no.length > 35 || !/^[A-Za-z0-9-]+$/.test(no))
      errors.push({ path: 'body/zeroRatedDocNo', message: '서류 번호는 35자 이내의 영문, 숫자, - 입니다' });
  } else if (kind || no)
    errors.push({ path: 'body/zeroRatedDocNo', message: '내국신용장·구매확인서 번호는 영세율일 때만 적습니다' });
  failIf(errors);
  await db.transaction().execute(async (trx) => {
    const cur = await lockCompanyTaxType(trx, compNo);
    if (!cur) throw missing('COMPANY_NOT_FOUND', `협력사를 찾을 수 없습니다: ${compNo}`);
    checkVersion(body.version, cur.version);
    const after = { taxType: body.taxType, zeroRatedDocKind: kind as ZeroRatedDocKind | null, zeroRatedDocNo: no };
    await updateCompanyTaxType(trx, compNo, after);
    await writeAudit(trx, {
      entity: 'company',
      entityKey: compNo,
      action: 'TAX_TYPE',
      actor,
      before: { taxType: cur.taxType, zeroRatedDocKind: cur.zeroRatedDocKind, zeroRatedDocNo: cur.zeroRatedDocNo },
      after,
    });
  });
  return getSupplierTaxType(db, compNo);
}

export function listItemTaxTypes(db: Db, q: { item?: string; taxType?: string }, w: { limit: number; offset: number }) {
  return listItemTaxTypeRows(db, { item: q.item?.trim() || undefined, taxType: q.taxType || undefined }, w);
}

export function listSupplierTaxTypes(
  db: Db,
  q: { company?: string; taxType?: string },
  w: { limit: number; offset: number },
) {
  return listCompanyTaxTypeRows(db, { company: q.company?.trim() || undefined, taxType: q.taxType || undefined }, w);
}
