import { Type, type Static } from 'typebox';
import { DOWNLOAD_REASONS, DOWNLOAD_REASON_TEXT } from '../../../lib/personal-data.js';

export const DownloadReason = Type.Object(
  {
    code: Type.Union(
      DOWNLOAD_REASONS.map((c) => Type.Literal(c)),
      { description: 'WORK 업무 처리, AUDIT 감사·점검, SETTLEMENT 계약·정산, OTHER 기타' },
    ),
    text: Type.String({
      minLength: DOWNLOAD_REASON_TEXT.min,
      maxLength: DOWNLOAD_REASON_TEXT.max,
      description: 'The reason in the user’s words',
    }),
  },
  {
    additionalProperties: false,
    description: 'Why personal data is downloaded (개인정보 다운로드 사유), recorded in the access log',
  },
);
export type DownloadReason = Static<typeof DownloadReason>;

const DateStr = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'YYYY-MM-DD (KST); default: the last 30 days',
});

export const AccessLogQuery = Type.Object(
  {
    from: Type.Optional(DateStr),
    to: Type.Optional(DateStr),
    actorId: Type.Optional(Type.String({ maxLength: 50 })),
    action: Type.Optional(
      Type.Union([Type.Literal(''), Type.Literal('VIEW'), Type.Literal('DOWNLOAD'), Type.Literal('PURGE')]),
    ),
    subjectKind: Type.Optional(Type.String({ maxLength: 30 })),
    subjectKey: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'One subject: a user id, employee id, delivery number, `compNo:seq` of a contact',
      }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  },
  { additionalProperties: false },
);
export type AccessLogQuery = Static<typeof AccessLogQuery>;

const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

export const AccessLogRow = Type.Object(
  {
    seq: Type.Integer(),
    occurredAt: Type.String({ format: 'date-time' }),
    actorId: Type.String(),
    actorName: Nullable(Type.String()),
    actorPortal: Type.String(),
    actorCompNo: Nullable(Type.String()),
    clientIp: Nullable(Type.String()),
    action: Type.String(),
    operation: Type.String(),
    subjectKind: Type.String(),
    subjectKeys: Type.String(),
    fields: Type.String({ description: 'The personal fields, comma-separated, as the chained row holds them' }),
    fieldList: Type.Array(Type.String(), {
      description: 'The same fields, one a value (the screen shows each by its label)',
    }),
    rowCount: Type.Integer(),
    reasonCode: Nullable(Type.String()),
    reasonText: Nullable(Type.String()),
    hash: Type.String(),
  },
  { $id: 'AccessLogRow' },
);

export const AccessLogPage = Type.Object({ rows: Type.Array(Type.Ref('AccessLogRow')), total: Type.Integer() });

export const ChainVerdict = Type.Object({
  intact: Type.Boolean(),
  checked: Type.Integer(),
  firstSeq: Type.Union([Type.Integer(), Type.Null()]),
  lastSeq: Type.Union([Type.Integer(), Type.Null()]),
  headHash: Type.Union([Type.String(), Type.Null()]),
  broken: Type.Union([
    Type.Object({
      seq: Type.Integer(),
      reason: Type.Union([Type.Literal('HASH_MISMATCH'), Type.Literal('CHAIN_BREAK'), Type.Literal('START_MISSING')]),
    }),
    Type.Null(),
  ]),
});

export const RecordDownloadBody = Type.Object(
  {
    operation: Type.String({
      pattern: '^[A-Za-z][A-Za-z0-9_]{0,99}$',
      description: 'The list operation whose rows the browser wrote to a file',
    }),
    rowCount: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
    reason: DownloadReason,
    columns: Type.Array(Type.String({ maxLength: 100 }), {
      maxItems: 500,
      description: 'The fields of the file’s columns: the record names those of them that hold personal data',
    }),
    subjectKeys: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: 100_000,
      description:
        'The keys of the rows written that hold a value in one of those fields (lib/personal-download.ts); at most rowCount',
    }),
  },
  { additionalProperties: false },
);

export const RecordedDownload = Type.Object({ recorded: Type.Literal(true) });
