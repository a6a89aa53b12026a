/**
 * setContractLinkage: a draft contract's 납품대금 연동 answer (상생협력법 §21; docs/contracts.md "납품대금 연동"),
 * stored and printed — the draft's PDF is rendered again with it, and the event chain records the new copy's hash.
 */
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { actorOfUser } from '../../domain/actor.js';
import { checkVersion, failIf, wrongState } from '../../domain/errors.js';
import { checkLinkageAnswer } from '../../domain/linkage-answer.js';
import type { LinkageAnswerBody } from '../../domain/linkage-schemas.js';
import * as q from './queries.js';
import * as k from './queries-linkage.js';
import { appendEvent, notFound, type EventContext } from './common.js';
import { renderFor } from './drafting.js';
import { contractFacts, linkagePrint } from './linkage.js';
import { getContract } from './reading.js';
import { assertMayChangeSource } from './source-change.js';
import type { VariableValues } from './variables.js';

/**
 * Sets the answer of a draft (version checked; 409 INVALID_STATE past the draft — the copy under approval and
 * signature states it). Whoever may change the contract's order or LOI, by that document's own check (its buyer
 * or a purchasing manager), as at the contract's creation; the route asks write on the contract screen.
 */
export async function setContractLinkage(
  db: Db,
  ctx: EventContext,
  contractNo: string,
  b: LinkageAnswerBody & { version: number },
) {
  await db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c) throw notFound();
    checkVersion(b.version, c.version);
    if (c.status !== 'DRAFT')
      throw wrongState('작성중인 전자계약에만 납품대금 연동 약정 또는 미연동 합의를 입력할 수 있습니다', c.status);
    if (c.sourceKind !== 'NONE' && c.sourceNo)
      await assertMayChangeSource(trx, c.sourceKind, c.sourceNo, await actorOfUser(trx, ctx.userId));
    const { errors, row } = await checkLinkageAnswer(b, contractFacts(c), (code) => k.indexInUse(trx, code));
    failIf(errors);
    await k.saveContractLinkage(trx, {
      contractNo,
      compNo: c.compNo,
      ...row,
      copiedFromKind: null,
      copiedFromNo: null,
      updatedBy: ctx.userId,
      updatedAt: ctx.now,
    });
    const stored = await k.findContractLinkage(trx, contractNo);
    const template = await q.findTemplate(trx, c.templateNo, c.templateVersion);
    if (!template) throw notFound();
    const values = c.variables as VariableValues;
    const appendix = await k.printedAppendix(trx, contractNo);
    const { pdf, sha } = await renderFor(
      trx,
      contractNo,
      { ...template, signOrder: c.signOrder },
      values,
      c.contractDate,
      values['supplier.name'] ?? '',
      values['buyer.name'] ?? '',
      [linkagePrint(row, stored?.indexName ?? null), ...(appendix ? [appendix] : [])],
    );
    await k.replaceDraftDocument(trx, contractNo, sha, pdf);
    await q.updateContract(trx, contractNo, { documentSha: sha, version: c.version + 1 });
    // The chain keeps every copy's hash: CREATED the first, LINKAGE_SET each one rendered with a new answer.
    await appendEvent(trx, c, ctx, 'LINKAGE_SET', sha, { linkage: row });
    await writeAudit(trx, {
      entity: 'econtract',
      entityKey: contractNo,
      action: 'LINKAGE',
      actor: ctx.userId,
      after: row,
    });
  });
  return getContract(db, contractNo, { supplier: false, userId: ctx.userId });
}
