import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { DocType } from '../purchase/approval/workflow.js';
import type { NotificationTable } from '../../db/schema.generated.js';

/** The messages recorded for sending, newest first; bodies are not read (one-time codes must not show). */
export async function listNotificationRows(
  db: Db,
  filter: { state?: 'PENDING' | 'SENT' | 'FAILED'; recipient?: string; size: number },
) {
  let query = db
    .selectFrom('notification')
    .select([
      'id',
      'channel',
      'recipient',
      'template',
      'lang',
      'subject',
      'state',
      'attempts',
      'lastError',
      'refEntity',
      'refKey',
      'createdAt',
      'sentAt',
    ]);
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.recipient) query = query.where('recipient', '=', filter.recipient);
  const rows = await query.orderBy('id', 'desc').limit(filter.size).execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), createdAt: r.createdAt, sentAt: r.sentAt ? r.sentAt : null }));
}

/** One message's state, locked until the transaction ends. */
export function lockNotification(trx: Db, id: number) {
  return trx
    .selectFrom('notification')
    .select(['state', 'sensitive', 'attempts'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Queued again: attempts start over, due now. */
export function requeueNotification(trx: Db, id: number) {
  return (
    trx
      .updateTable('notification')
      // real time: delivery attempts and backoff run on the real time
      .set({ state: 'PENDING', attempts: 0, nextAttemptAt: new Date(), lastError: null })
      .where('id', '=', id)
      .execute()
  );
}

/** A message recorded in the outbox; answers its id. */
export async function insertNotification(db: Db, values: Insertable<NotificationTable>): Promise<number> {
  const row = await db.insertInto('notification').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A staff member's addresses (their account's, else the employee record's) and account. */
export function employeeAddress(db: Db, singleid: string) {
  return db
    .selectFrom('employee as e')
    .leftJoin('appUser as u', 'u.singleid', 'e.singleid')
    .select(['e.email as employeeEmail', 'u.email as userEmail', 'u.userId'])
    .where('e.singleid', '=', singleid)
    .executeTakeFirst();
}

/** The user's "language" preference, when set. */
export function languagePref(db: Db, userId: string) {
  return db
    .selectFrom('userPref')
    .select('value')
    .where('userId', '=', userId)
    .where('prefKey', '=', 'language')
    .executeTakeFirst();
}

/** The due messages (or only `onlyId`), oldest first, at most `limit`. */
export function dueNotifications(db: Db, now: Date, onlyId: number | undefined, limit: number) {
  let query = db
    .selectFrom('notification')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'attempts', 'template'])
    .where('state', '=', 'PENDING')
    .where('nextAttemptAt', '<=', now.toISOString());
  if (onlyId !== undefined) query = query.where('id', '=', onlyId);
  return query.orderBy('id').limit(limit).execute();
}

/** Claims a message for one attempt (attempts + 1, lease) unless another run did; answers whether it did. */
export async function claimNotification(
  db: Db,
  id: number,
  attemptsBefore: number,
  leaseUntil: Date,
): Promise<boolean> {
  const claimed = await db
    .updateTable('notification')
    .set({ attempts: attemptsBefore + 1, nextAttemptAt: leaseUntil })
    .where('id', '=', id)
    .where('attempts', '=', attemptsBefore)
    .where('state', '=', 'PENDING')
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** A message's state after an attempt. */
export function updateNotification(db: Db, id: number, values: Updateable<NotificationTable>) {
  return db.updateTable('notification').set(values).where('id', '=', id).execute();
}

/** The title an approval notice names its document by. */
export async function approvalDocTitle(db: Db, docType: DocType, docNo: string): Promise<string> {
  if (docType === 'PR')
    return (await db.selectFrom('prHeader').select('title').where('prNo', '=', docNo).executeTakeFirst())?.title ?? '';
  if (docType === 'BUDGET')
    return (
      (await db.selectFrom('budgetTransfer').select('reason').where('transferNo', '=', docNo).executeTakeFirst())
        ?.reason ?? ''
    );
  if (docType === 'AGREEMENT')
    return (
      (await db.selectFrom('agreement').select('title').where('agreementNo', '=', docNo).executeTakeFirst())?.title ??
      ''
    );
  // A change order is numbered <poNo>-<revision>: its title is the order's.
  if (docType === 'PO_CHANGE') docNo = docNo.replace(/-\d+$/, '');
  if (docType === 'CONTRACT')
    return (
      (await db.selectFrom('econtract').select('title').where('contractNo', '=', docNo).executeTakeFirst())?.title ?? ''
    );
  if (docType === 'LOI')
    return (await db.selectFrom('loi').select('title').where('loiNo', '=', docNo).executeTakeFirst())?.title ?? '';
  return (await db.selectFrom('poHeader').select('title').where('poNo', '=', docNo).executeTakeFirst())?.title ?? '';
}

/** A staff member's name, else their id. */
export const employeeName = async (db: Db, singleid: string) =>
  (await db.selectFrom('employee').select('hname').where('singleid', '=', singleid).executeTakeFirst())?.hname ??
  singleid;

export function approvalForNotice(db: Db, approvalId: number) {
  return db
    .selectFrom('approval')
    .select(['docType', 'docNo', 'amountKrw', 'status', 'currentStep', 'submittedBy'])
    .where('approvalId', '=', approvalId)
    .executeTakeFirst();
}

export function pendingApprovalStep(db: Db, approvalId: number) {
  return db
    .selectFrom('approvalStep')
    .select('approverId')
    .where('approvalId', '=', approvalId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
}

/** The last step that decided the approval (`status`: APPROVED or REJECTED). */
export function decidingApprovalStep(db: Db, approvalId: number, status: 'APPROVED' | 'REJECTED') {
  return db
    .selectFrom('approvalStep')
    .select(['approverId', 'comment'])
    .where('approvalId', '=', approvalId)
    .where('status', '=', status)
    .orderBy('stepNo', 'desc')
    .executeTakeFirst();
}

/** A company's enabled supplier accounts with an e-mail address. */
export function supplierAccountsWithEmail(db: Db, compNo: string) {
  return db
    .selectFrom('appUser')
    .select(['userId', 'email'])
    .where('compNo', '=', compNo)
    .where('portal', '=', 'X')
    .where('useFlag', '=', 'Y')
    .where('status', '=', 'NORMAL')
    .where('email', 'is not', null)
    .where('email', '<>', '')
    .orderBy('userId')
    .execute();
}

/** A company's fallback address: its main contact's, else its own. */
export async function companyFallbackEmail(db: Db, compNo: string): Promise<string | null> {
  const contact = await db
    .selectFrom('companyContact')
    .select('email')
    .where('compNo', '=', compNo)
    .where('email', 'is not', null)
    .where('email', '<>', '')
    .orderBy('mainYn', 'desc')
    .orderBy('seq')
    .executeTakeFirst();
  const company = await db.selectFrom('company').select('email').where('compNo', '=', compNo).executeTakeFirst();
  return contact?.email ?? company?.email ?? null;
}

export function companyNames(db: Db, compNo: string) {
  return db.selectFrom('company').select(['compNameKr', 'compNameEn']).where('compNo', '=', compNo).executeTakeFirst();
}

export function rfqForNotice(db: Db, rfqNo: string) {
  return db.selectFrom('rfqHeader').select(['title', 'deadline']).where('rfqNo', '=', rfqNo).executeTakeFirstOrThrow();
}

/** Quotations of open requests closing in (now, until] not submitted and not yet reminded (a 'rfq.deadline' notice for it). */
export function quotationsDueForReminder(trx: Db, now: Date, until: Date) {
  return trx
    .selectFrom('quotation as q')
    .innerJoin('rfqHeader as r', 'r.rfqNo', 'q.rfqNo')
    .select(['q.rfqNo', 'q.compNo', 'r.title', 'r.deadline'])
    .where('r.status', '=', 'OPEN')
    .where('r.closedAt', 'is', null)
    .where('r.deadline', '>', now.toISOString())
    .where('r.deadline', '<=', until.toISOString())
    .where('q.status', 'in', ['REQUESTED', 'CHECKED'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notification as n')
            .select('n.id')
            .where('n.refEntity', '=', 'quotation')
            .where('n.refKey', '=', sql<string>`${sql.ref('q.rfqNo')} || '/' || ${sql.ref('q.compNo')}`)
            .where('n.template', '=', 'rfq.deadline'),
        ),
      ),
    )
    .orderBy('q.rfqNo')
    .orderBy('q.compNo')
    .execute();
}

export function poForNotice(db: Db, poNo: string) {
  return db
    .selectFrom('poHeader')
    .select(['compNo', 'title', 'totalAmount', 'currency'])
    .where('poNo', '=', poNo)
    .executeTakeFirstOrThrow();
}

export function settlementForNotice(db: Db, settleNo: string) {
  return db
    .selectFrom('settlement')
    .select(['compNo', 'period', 'totalAmount'])
    .where('settleNo', '=', settleNo)
    .executeTakeFirstOrThrow();
}

export function tenderForNotice(db: Db, tenderNo: string) {
  return db
    .selectFrom('tender')
    .select(['title', 'openAt', 'closeAt', 'buyerId'])
    .where('tenderNo', '=', tenderNo)
    .executeTakeFirstOrThrow();
}

export function auctionForNotice(db: Db, auctionNo: string) {
  return db
    .selectFrom('auction')
    .select(['title', 'startAt', 'endAt'])
    .where('auctionNo', '=', auctionNo)
    .executeTakeFirstOrThrow();
}
