import type { Db } from '../../db/connect.js';
import { badRequest, notFound } from '../../http/errors.js';
import { findCompanyByCode } from './queries.js';

/** The comp mask's look-up: a company number (C00001) or a business registration number, with or without hyphens. */
export async function lookUpCompany(db: Db, code: string) {
  const raw = code.trim();
  const digits = raw.replace(/-/g, '');
  if (!/^[A-Za-z0-9-]+$/.test(raw))
    throw badRequest('COMPANY_CODE_INVALID', '업체 코드는 영문, 숫자, 하이픈만 쓸 수 있습니다');
  // db is the caller's (request.db): a supplier user finds only its own company; any other answers as unknown.
  const row = await findCompanyByCode(db, /^\d{10}$/.test(digits) ? { taxNo: digits } : { compNo: raw.toUpperCase() });
  if (!row) throw notFound('COMPANY_NOT_FOUND', `등록되지 않은 업체입니다: ${raw}`);
  return { gpsCompMaster: row };
}
