import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { existingCodes } from '../../../domain/documents.js';
import { internalActor } from '../../../domain/actor.js';
import { checkVersion, failIf, missing, type FieldError } from '../../../domain/errors.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { checkDecimal, requireText, text } from '../../../domain/values.js';
import { existingCompanies } from '../setting/queries.js';
import type { ContractCreateBody, ContractListQuery, ContractUpdateBody } from '../schemas.js';
import { gradeHistory, insertContract, listContractRows, lockContract, updateContract } from './queries.js';

/** Purchase-contract suppliers (구매계약 협력사): yearly contracts, their terms, and each supplier's evaluation standing. */

/** CT2026-000001: the shared document numbering (document_sequence), prefix CT. */
const nextContractNo = (trx: Db, now: Date): Promise<string> => nextDocumentNumber(trx, 'CT', todayKst(now));

const contractMissing = () => missing('CONTRACT_NOT_FOUND', '구매계약을 찾을 수 없습니다');

export async function listContracts(db: Db, f: Static<typeof ContractListQuery> & { contractNo?: string }) {
  const { total, rows } = await listContractRows(db, f);
  return { total, rows: rows.map((r) => ({ ...r, openTasks: Number(r.openTasks) })) };
}

export async function contractDetail(db: Db, contractNo: string) {
  const { rows } = await listContracts(db, { contractNo });
  const k = rows[0];
  if (!k) throw contractMissing();
  return { ...k, history: await gradeHistory(db, k.compNo) };
}

async function checkContract(db: Db, b: Static<typeof ContractCreateBody>) {
  const errors: FieldError[] = [];
  const compNo = b.compNo.trim().toUpperCase();
  requireText(errors, 'body/title', b.title, '계약명');
  requireText(errors, 'body/paymentTerms', b.paymentTerms, '지급 조건');
  checkDate(errors, 'body/startDate', b.startDate, '계약 시작일', { required: true });
  checkDate(errors, 'body/endDate', b.endDate, '계약 종료일', { required: true });
  if (!errors.some((e) => /Date$/.test(e.path)) && b.endDate < b.startDate)
    errors.push({ path: 'body/endDate', message: '계약 종료일은 시작일 이후여야 합니다' });
  if (text(b.amountLimit))
    checkDecimal(errors, 'body/amountLimit', b.amountLimit, {
      label: '계약 한도',
      scale: 0,
      intDigits: 18,
      sign: 'positive',
    });
  if (!(await existingCompanies(db, [compNo])).has(compNo))
    errors.push({ path: 'body/compNo', message: `등록되지 않은 협력사입니다: ${compNo}` });
  const sg = text(b.sgCode);
  if (sg && !(await existingCodes(db, 'sourcingGroup', [sg])).has(sg))
    errors.push({ path: 'body/sgCode', message: `소싱그룹을 찾을 수 없습니다: ${sg}` });
  failIf(errors);
  return {
    compNo,
    contractYear: b.contractYear,
    title: b.title.trim(),
    sgCode: sg,
    startDate: b.startDate,
    endDate: b.endDate,
    paymentTerms: b.paymentTerms.trim(),
    deliveryTerms: text(b.deliveryTerms),
    amountLimit: text(b.amountLimit),
    status: b.status ?? 'ACTIVE',
    remark: text(b.remark),
  };
}

export async function createContract(
  db: Db,
  caller: Caller | null,
  body: Static<typeof ContractCreateBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const input = await checkContract(db, body);
  const contractNo = await db.transaction().execute(async (trx) => {
    const contractNo = await nextContractNo(trx, now);
    await insertContract(trx, { contractNo, ...input, createdBy: actor.userId });
    await writeAudit(trx, {
      entity: 'pur_contract',
      entityKey: contractNo,
      action: 'CREATE',
      actor: actor.userId,
      after: input,
    });
    return contractNo;
  });
  return contractDetail(db, contractNo);
}

export async function changeContract(
  db: Db,
  caller: Caller | null,
  contractNo: string,
  body: Static<typeof ContractUpdateBody>,
) {
  const actor = await internalActor(db, caller);
  const input = await checkContract(db, body);
  await db.transaction().execute(async (trx) => {
    const k = await lockContract(trx, contractNo);
    if (!k) throw contractMissing();
    checkVersion(body.version, k.version);
    await updateContract(trx, contractNo, { ...input, updatedAt: new Date(), version: k.version + 1 });
    await writeAudit(trx, {
      entity: 'pur_contract',
      entityKey: contractNo,
      action: 'UPDATE',
      actor: actor.userId,
      before: k,
      after: input,
    });
  });
  return contractDetail(db, contractNo);
}
