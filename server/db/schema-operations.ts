import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface JobStateTable {
  name: string;
  everySeconds: number;
  nextRunAt: ColumnType<Date, Date | string | undefined, Date | string>;
  runningBy: string | null;
  runningSince: Timestamp | null;
  failures: Generated<number>;
  lastStartedAt: Timestamp | null;
  lastFinishedAt: Timestamp | null;
  lastStatus: 'OK' | 'FAILED' | null;
  lastError: string | null;
}

export interface JobRunTable {
  runId: Generated<number>;
  name: string;
  serverId: string;
  startedAt: Timestamp;
  finishedAt: Timestamp;
  status: 'OK' | 'FAILED';
  /** JSON text on insert, the parsed value when read. */
  summary: ColumnType<unknown, string | null, string | null>;
  error: string | null;
}

export interface RateLimitCounterTable {
  key: string;
  hits: number;
  expiresAt: Timestamp;
}

export interface ExportJobTable {
  exportId: string;
  userId: string;
  sessionId: string;
  operationId: string;
  /** JSON text on insert, the parsed value when read: { path, query, columns, tzOffsetMinutes }. */
  request: ColumnType<unknown, string, string>;
  sheetName: string;
  status: 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED';
  rowsTotal: Generated<number>;
  rowsDone: Generated<number>;
  bytes: ColumnType<string | null, number | null | undefined, number | null>;
  cancelRequested: Generated<boolean>;
  error: string | null;
  serverId: string;
  leaseUntil: Timestamp;
  createdAt: Generated<Date>;
  finishedAt: Timestamp | null;
}

export interface OperationsTables {
  exportJob: ExportJobTable;
  jobState: JobStateTable;
  jobRun: JobRunTable;
  rateLimitCounter: RateLimitCounterTable;
}
