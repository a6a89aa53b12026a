import { SYSTEM_JOB_ACTOR } from '../schemas/system-actor';

/**
 * A history grid's actor column: a person's name as the server answers it, or the server's own jobs (the clocks,
 * the expiries, the 연동 proposals), which it answers by their id and a person reads as "시스템(자동 작업)".
 */
export const HISTORY_ACTORS = [{ value: SYSTEM_JOB_ACTOR, text: 'option.historyActor.systemJob' }];
