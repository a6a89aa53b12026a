import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor } from '../../../domain/actor.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { checkVersion, failIf, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { updatePoHeader } from './queries.js';
import { lockForBuyer } from './subcon.js';
import type { SubconTermsBody } from './schemas.js';

/**
 * Sets a 하도급 order's payment terms that the payment clock reads (하도급법 §13, docs/subcontracting.md):
 *
 * - the agreed term in days is part of what the order says to its supplier, so it is set while the order is a
 *   draft and goes through the order's approval with the rest; after that it changes only with the order's
 *   content (a change order), never silently, or the supplier's deadline would move without its knowledge;
 * - the 발주자 지급일 is a fact (the day the buyer's own client paid), known only later: recorded at any time
 *   before the order ends, by its buyer or a purchasing manager, with no approval — it can only bring the
 *   supplier's payment deadline forward (§13③: 15 days from it), never push it back.
 */
export async function setSubconTerms(
  db: Db,
  caller: Caller | null,
  poNo: string,
  b: Static<typeof SubconTermsBody>,
  now: Date,
  screens: readonly string[],
) {
  const actor = await internalActor(db, caller);
  const errors: FieldError[] = [];
  const ownerPaidDate =
    b.ownerPaidDate === null ? null : checkDate(errors, 'body/ownerPaidDate', b.ownerPaidDate, '발주자 지급일');
  if (ownerPaidDate && ownerPaidDate > todayKst(now))
    errors.push({ path: 'body/ownerPaidDate', message: '발주자 지급일은 오늘 이후일 수 없습니다' });
  failIf(errors);
  await db.transaction().execute(async (trx) => {
    const po = await lockForBuyer(trx, poNo, actor, screens);
    checkVersion(b.version, po.version);
    if (po.subconKind === null)
      throw refused('SUBCON_NOT_APPLICABLE', '하도급 발주가 아니므로 지급 조건을 등록할 수 없습니다');
    if (po.status === 'CANCELLED') throw wrongState('취소된 발주의 지급 조건은 바꿀 수 없습니다', po.status);
    const termChanged = b.paymentTermDays !== undefined && b.paymentTermDays !== po.paymentTermDays;
    if (termChanged && po.status !== 'DRAFT')
      throw wrongState('약정 지급 기간은 작성중인 발주에서만 정할 수 있습니다 (전송 후에는 발주 변경으로)', po.status);
    const ownerChanged = b.ownerPaidDate !== undefined && (ownerPaidDate ?? null) !== po.ownerPaidDate;
    if (!termChanged && !ownerChanged) return;
    await updatePoHeader(trx, poNo, {
      ...(termChanged ? { paymentTermDays: b.paymentTermDays ?? null } : {}),
      ...(ownerChanged ? { ownerPaidDate: ownerPaidDate ?? null } : {}),
      version: po.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'po_header',
      entityKey: poNo,
      action: 'SUBCON_TERMS',
      actor: actor.userId,
      before: { paymentTermDays: po.paymentTermDays, ownerPaidDate: po.ownerPaidDate },
      after: {
        paymentTermDays: termChanged ? (b.paymentTermDays ?? null) : po.paymentTermDays,
        ownerPaidDate: ownerChanged ? (ownerPaidDate ?? null) : po.ownerPaidDate,
      },
    });
  });
  return actor;
}
