/**
 * The actor id the server's scheduled jobs write into audit rows and `*_by` columns (the clocks, the expiries, the
 * 연동 proposals). It is no person: the history answers it as its own name (server/domain/documents.ts toHistory),
 * and the screens show it as "시스템(자동 작업)" (screens/history-actors.ts).
 */
export const SYSTEM_JOB_ACTOR = 'system:job';
