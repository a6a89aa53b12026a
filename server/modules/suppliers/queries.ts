import type { Db } from '../../db/connect.js';

/** Application drafts past their expiry, oldest receipt first, locked; at most `limit`. */
export function lockExpiredDrafts(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('supplierApplication')
    .select(['receiptNo', 'status', 'step', 'fileId', 'version', 'expiresAt'])
    .where('status', '=', 'DRAFT')
    .where('expiresAt', '<=', now.toISOString())
    .orderBy('receiptNo')
    .limit(limit)
    .forUpdate()
    .execute();
}

/** An expired draft keeps only what tells a returning applicant it expired: attachments, code and bank account go. */
export async function markDraftExpired(db: Db, receiptNo: string, version: number, now: Date): Promise<void> {
  await db
    .updateTable('supplierApplication')
    .set({ status: 'EXPIRED', fileId: null, certSeq: null, bankbookSeq: null, otpHash: null, otpPhone: null, otpExpiresAt: null, bankAccount: null, updatedAt: now, version: version + 1 })
    .where('receiptNo', '=', receiptNo)
    .execute();
}

/** The companies' names and trading status, for the eligibility check. */
export function companyStatuses(db: Db, compNos: string[]) {
  return db.selectFrom('company').select(['compNo', 'compNameKr', 'status', 'statusReason']).where('compNo', 'in', compNos).execute();
}

/** A registered company's Korean name, or null. */
export async function companyKoreanName(db: Db, compNo: string): Promise<string | null> {
  return (await db.selectFrom('company').select('compNameKr').where('compNo', '=', compNo).executeTakeFirst())?.compNameKr ?? null;
}
