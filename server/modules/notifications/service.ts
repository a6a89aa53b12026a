import type { Db } from '../../db/connect.js';
import { writeAudit } from '../../db/audit.js';
import { conflict, notFound } from '../../http/errors.js';
import { lockNotification, requeueNotification } from './queries.js';

/** Queues a FAILED message again; a one-time code is never resent (the user asks for a new one). */
export async function retryNotification(db: Db, id: number, actor: string): Promise<{ id: number; state: 'PENDING' }> {
  await db.transaction().execute(async (trx) => {
    const row = await lockNotification(trx, id);
    if (!row) throw notFound('NOTIFICATION_NOT_FOUND', '메시지를 찾을 수 없습니다');
    if (row.state !== 'FAILED') throw conflict('NOTIFICATION_NOT_FAILED', '실패한 메시지만 다시 보낼 수 있습니다');
    if (row.sensitive === 'Y')
      throw conflict(
        'NOTIFICATION_SENSITIVE',
        '인증번호 메시지는 다시 보낼 수 없습니다. 사용자가 인증번호를 새로 요청해야 합니다',
      );
    await requeueNotification(trx, id);
    await writeAudit(trx, {
      entity: 'notification',
      entityKey: String(id),
      action: 'RETRY',
      actor,
      before: { state: row.state, attempts: row.attempts },
      after: { state: 'PENDING' },
    });
  });
  return { id, state: 'PENDING' };
}
