import type { Static } from 'typebox';
import { byteLength } from '../../../lib/text.js';
import { isValidBusinessNumber } from '../../../lib/business-number.js';
import { isValidCorporateNumber } from '../../../lib/corporate-number.js';
import type { Db } from '../../db/connect.js';
import {
  bankCodeExists,
  companyWithTaxNo,
  openApplicationWithLoginId,
  openNewCompanyApplication,
  supplyCategories,
  userWithLoginId,
} from './queries.js';
import type { FieldError } from '../../domain/errors.js';
import { text } from '../../domain/values.js';
import type { CompanyBody } from './apply-schemas.js';
import { josa } from '../../../lib/josa.js';

/** Byte limits of spec §5 (3 bytes a Hangul syllable), the same as the supplier master's. */
export const LIMITS = {
  compName: 100,
  ceoName: 50,
  address: 300,
  bizType: 100,
  bizItem: 100,
  bankHolder: 50,
  hname: 50,
} as const;

export const MSG = {
  badTaxNo: '사업자등록번호가 올바르지 않습니다 (10자리, 검증번호 확인)',
  badCorpNo: '법인등록번호가 올바르지 않습니다 (13자리, 검증번호 확인)',
  // An applicant learns only that the number is taken, never by whom.
  takenTaxNo: '이미 등록된 사업자등록번호입니다',
  unknownTaxNo: '등록된 협력사의 사업자등록번호가 아닙니다',
  required: '필수 입력 항목입니다',
} as const;

const bytes = (
  errors: FieldError[],
  path: string,
  value: string | null | undefined,
  max: number,
  label: string,
  required = false,
) => {
  const v = (value ?? '').trim();
  if (!v) {
    if (required) errors.push({ path, message: `${label}: ${MSG.required}` });
    return;
  }
  if (byteLength(v) > max)
    errors.push({
      path,
      message: `${josa(label, '은/는')} ${max}바이트를 넘을 수 없습니다 (현재 ${byteLength(v)}바이트)`,
    });
};

export interface CheckedCompany {
  taxNo: string;
  corpNo: string | null;
  compNameKr: string;
  compNameEn: string | null;
  ceoName: string;
  zipCode: string | null;
  address: string;
  bizType: string | null;
  bizItem: string | null;
  phoneNo: string | null;
  bankCode: string;
  bankAccount: string;
  bankHolder: string;
  catCodes: string[];
}

/** Every field error of the company step at once (nothing is written when there is one). */
export async function checkCompanyStep(
  db: Db,
  b: Static<typeof CompanyBody>,
): Promise<{ errors: FieldError[]; value: CheckedCompany }> {
  const errors: FieldError[] = [];
  const taxRaw = b.taxNo.trim();
  if (!isValidBusinessNumber(taxRaw)) errors.push({ path: 'body/taxNo', message: MSG.badTaxNo });
  const corpRaw = text(b.corpNo);
  if (corpRaw && !isValidCorporateNumber(corpRaw)) errors.push({ path: 'body/corpNo', message: MSG.badCorpNo });
  bytes(errors, 'body/compNameKr', b.compNameKr, LIMITS.compName, '상호', true);
  bytes(errors, 'body/compNameEn', b.compNameEn, LIMITS.compName, '영문 상호');
  bytes(errors, 'body/ceoName', b.ceoName, LIMITS.ceoName, '대표자명', true);
  bytes(errors, 'body/address', b.address, LIMITS.address, '주소', true);
  bytes(errors, 'body/bizType', b.bizType, LIMITS.bizType, '업태');
  bytes(errors, 'body/bizItem', b.bizItem, LIMITS.bizItem, '종목');
  bytes(errors, 'body/bankHolder', b.bankHolder, LIMITS.bankHolder, '예금주', true);
  const phone = text(b.phoneNo);
  if (phone && !/^[0-9-]{8,20}$/.test(phone))
    errors.push({ path: 'body/phoneNo', message: '전화번호는 숫자와 - 만 쓸 수 있습니다' });
  const bankCode = text(b.bankCode);
  if (!bankCode) errors.push({ path: 'body/bankCode', message: `은행: ${MSG.required}` });
  else if (!(await bankCodeExists(db, bankCode)))
    errors.push({ path: 'body/bankCode', message: `알 수 없는 은행입니다: ${bankCode}` });
  const account = text(b.bankAccount);
  if (!account) errors.push({ path: 'body/bankAccount', message: `계좌번호: ${MSG.required}` });
  else if (!/^[0-9][0-9-]{5,28}[0-9]$/.test(account))
    errors.push({ path: 'body/bankAccount', message: '계좌번호는 숫자와 - 만 쓸 수 있습니다' });
  const catCodes = [...new Set((b.catCodes ?? []).map((c) => c.trim()).filter(Boolean))];
  if (catCodes.length === 0) errors.push({ path: 'body/catCodes', message: '공급 품목 분류를 하나 이상 고르세요' });
  else {
    const known = await supplyCategories(db, catCodes);
    const ok = new Set(known.map((k) => k.catCode));
    catCodes.forEach((c, i) => {
      if (!ok.has(c)) errors.push({ path: `body/catCodes/${i}`, message: `알 수 없는 품목 분류입니다: ${c}` });
    });
  }
  return {
    errors,
    value: {
      taxNo: taxRaw.replace(/-/g, ''),
      corpNo: corpRaw ? corpRaw.replace(/-/g, '') : null,
      compNameKr: (b.compNameKr ?? '').trim(),
      compNameEn: text(b.compNameEn),
      ceoName: (b.ceoName ?? '').trim(),
      zipCode: text(b.zipCode),
      address: (b.address ?? '').trim(),
      bizType: text(b.bizType),
      bizItem: text(b.bizItem),
      phoneNo: phone,
      bankCode: bankCode ?? '',
      bankAccount: account ?? '',
      bankHolder: (b.bankHolder ?? '').trim(),
      catCodes,
    },
  };
}

/** A business number already registered, or held by another submitted new-company application. */
export async function taxNoTaken(
  db: Db,
  taxNo: string,
  exceptReceipt: string,
): Promise<{ compNo: string | null; receiptNo: string | null } | null> {
  const company = await companyWithTaxNo(db, taxNo);
  if (company) return { compNo: company.compNo, receiptNo: null };
  const open = await openNewCompanyApplication(db, taxNo, exceptReceipt);
  return open ? { compNo: null, receiptNo: open.receiptNo } : null;
}

export const USER_ID = /^[A-Za-z][A-Za-z0-9._-]{3,19}$/;
export const CELL = /^01[016789]-?\d{3,4}-?\d{4}$/;

/** A login id in use by a user or by another submitted application (case-insensitive). */
export async function userIdTaken(db: Db, userId: string, exceptReceipt: string): Promise<boolean> {
  const lower = userId.toLowerCase();
  const user = await userWithLoginId(db, lower);
  if (user) return true;
  const open = await openApplicationWithLoginId(db, lower, exceptReceipt);
  return !!open;
}
