/**
 * What creating a contract needs from the stamp-duty rules beyond the brackets: the amount and
 * assessed duty of the contract a 변경계약 amends (인지세법 시행령 §12), the VAT checked against the
 * supply and the tax type, a revenue stamp's number checked, and the buyer's party details the
 * templates print (the company's 사업자등록번호 and 대표자, the ones its tax invoices carry).
 */
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { failIf, type FieldError } from '../../domain/errors.js';
import * as q from './queries.js';
import { normaliseStampNo, vatProblem, type AmendedAmount, type TaxType } from './stamp-duty.js';

/**
 * The amount before a 변경계약 (the amended contract's total) and the duty assessed on it — on the
 * original and every amendment since, each executed with its own stamps. The assessed duty counts
 * as paid: an executed contract's stamps are recorded before execution (REQUIRE) or owed after it
 * (PENDING), never waived, so what the earlier documents bear is what 시행령 §12 deducts.
 */
export async function amendedAmount(db: Db, contractNo: string): Promise<AmendedAmount> {
  const first = await q.findContract(db, contractNo);
  if (!first) throw new Error(`contract ${contractNo} not found`);
  let paid = 0n;
  const seen = new Set<string>();
  for (let c: q.ContractRow | undefined = first; c && !seen.has(c.contractNo);) {
    seen.add(c.contractNo);
    paid += BigInt(String(c.stampDuty));
    c = c.amendsContractNo ? await q.findContract(db, c.amendsContractNo) : undefined;
  }
  return { beforeTotal: String(first.totalAmount), paidBefore: paid.toString() };
}

/** The VAT against the supply and the tax type, as a field error (none when it fits). */
export function checkVat(supply: string, vat: string, taxType: TaxType = 'TAXABLE'): FieldError[] {
  const problem = vatProblem(supply, vat, taxType);
  return problem ? [{ path: 'body/vatAmount', message: problem }] : [];
}

/** A revenue stamp's number, normalised; refused (400) when it is not one. */
export function checkStampNo(raw: string): string {
  if (raw.trim() === '') failIf([{ path: 'body/stampNo', message: '전자수입인지 번호를 입력하세요' }]);
  const no = normaliseStampNo(raw);
  if (!no)
    failIf([
      {
        path: 'body/stampNo',
        message: '전자수입인지 번호는 인지에 인쇄된 고유번호(숫자 10자리 이상, 하이픈·공백 허용)를 입력하세요',
      },
    ]);
  return no!;
}

/** 123-45-67890 from ten digits (as printed on a 사업자등록증). */
function bizNoText(digits: string): string {
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : digits;
}

/** The buyer's 사업자등록번호 and 대표자: the company's, as its tax invoices name it (BUYER_CORP_NUM, BUYER_CEO_NAME). */
export function buyerParty(config: Pick<Config, 'buyerCorpNum' | 'buyerCeoName'>): Record<string, string> {
  return { 'buyer.bizNo': bizNoText(config.buyerCorpNum), 'buyer.ceo': config.buyerCeoName };
}
