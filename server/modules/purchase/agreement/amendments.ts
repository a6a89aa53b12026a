/**
 * Changes an agreement's terms after it was written, each its own command with the agreement's rules (its buyer or a
 * purchasing manager, the version read): the 납품대금 연동 answer of a draft (상생협력법 §21, linkage.ts) and new prices
 * of an active agreement from a day (prices.ts). Split from service.ts by job: that file holds the lifecycle.
 */
import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor } from '../../../domain/actor.js';
import { checkVersion, failIf, wrongState } from '../../../domain/errors.js';
import { transition } from '../../../domain/machine.js';
import { todayKst } from '../../../domain/dates.js';
import { checkLinkage } from './linkage.js';
import { saveAgreementLinkage } from './queries-linkage.js';
import { findAgreementLines, updateAgreement } from './queries.js';
import type { LinkageBody, PriceChangeBody } from './schemas.js';
import { writePriceChange } from './prices.js';
import { detail, lockOwnAgreement } from './service.js';
import { AGREEMENT_MACHINE } from './workflow.js';

/**
 * Stores a draft agreement's 납품대금 연동 answer (상생협력법 §21), replacing the one it had: a clause, or a 미연동
 * agreement on a legal exception checked against the agreement's amount and period as they stand (submitting checks
 * them again). Version-checked like every change of the draft; its buyer or a purchasing manager.
 */
export async function setAgreementLinkage(
  db: Db,
  caller: Caller | null,
  agreementNo: string,
  b: Static<typeof LinkageBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const a = await lockOwnAgreement(trx, agreementNo, actor);
    checkVersion(b.version, a.version);
    transition(AGREEMENT_MACHINE, 'update', a.status);
    const lines = await findAgreementLines(trx, agreementNo);
    const { errors, row } = await checkLinkage(trx, a, lines, b);
    failIf(errors);
    await saveAgreementLinkage(trx, {
      agreementNo,
      compNo: a.compNo,
      // Every column, the other kind's null: the answer replaces the one the agreement had.
      ...row,
      updatedBy: actor.userId,
      updatedAt: now,
    });
    await updateAgreement(trx, agreementNo, { version: a.version + 1, updatedAt: now });
    await writeAudit(trx, {
      entity: 'agreement',
      entityKey: agreementNo,
      action: 'LINKAGE',
      actor: actor.userId,
      after: row,
    });
  });
  return detail(db, agreementNo, actor, now);
}

/**
 * New prices of an active agreement's lines from a day within its validity (a 변경계약; prices.ts): orders dated
 * before keep the prices they were made at, later ones are checked against the new. The line's current price
 * moves at once when the day has come. Version-checked; its buyer or a purchasing manager, as every change of it.
 */
export async function changeAgreementPrices(
  db: Db,
  caller: Caller | null,
  agreementNo: string,
  b: Static<typeof PriceChangeBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const a = await lockOwnAgreement(trx, agreementNo, actor);
    checkVersion(b.version, a.version);
    if (a.status !== 'ACTIVE')
      throw wrongState(
        `유효한 단가계약만 단가를 변경할 수 있습니다(${AGREEMENT_MACHINE.statusLabels[a.status]})`,
        a.status,
      );
    const change = await writePriceChange(trx, a, b, { source: 'AMENDMENT', today: todayKst(now), by: actor.userId });
    await updateAgreement(trx, agreementNo, { version: a.version + 1, updatedAt: now });
    await writeAudit(trx, {
      entity: 'agreement',
      entityKey: agreementNo,
      action: 'PRICE_CHANGE',
      actor: actor.userId,
      before: { lines: change.before },
      after: { effectiveFrom: change.effectiveFrom, lines: change.after },
      reason: change.reference,
    });
  });
  return detail(db, agreementNo, actor, now);
}
