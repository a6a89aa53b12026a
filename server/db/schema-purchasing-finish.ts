import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 0110 (purchasing and fulfilment, finished); columns added to older tables are in schema.ts. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateStr = ColumnType<string, string, string>;

export interface RfqQuestionTable {
  questionId: Generated<number>;
  rfqNo: string;
  compNo: string;
  question: string;
  askedBy: string;
  askedAt: GeneratedTimestamp;
  answer: string | null;
  answeredBy: string | null;
  answeredAt: Timestamp | null;
  shared: Generated<'Y' | 'N'>;
  version: Generated<number>;
}

/** An answer shared with every invited supplier: the question's text, never who asked. */
export interface RfqNoticeTable {
  noticeId: Generated<number>;
  rfqNo: string;
  questionId: number;
  question: string;
  askedAt: Timestamp;
  answer: string;
  answeredAt: Timestamp;
}

export interface ApprovalDelegationTable {
  delegationId: Generated<number>;
  approverId: string;
  deputyId: string;
  fromDate: DateStr;
  toDate: DateStr;
  reason: string | null;
  status: Generated<'ACTIVE' | 'CANCELLED'>;
  createdBy: string;
  createdAt: GeneratedTimestamp;
  cancelledAt: Timestamp | null;
  version: Generated<number>;
}

export interface PurchasingFinishTables {
  rfqQuestion: RfqQuestionTable;
  rfqNotice: RfqNoticeTable;
  approvalDelegation: ApprovalDelegationTable;
}
