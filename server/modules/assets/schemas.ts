import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../http/list-query.js';

/** Assets (docs/assets.md): TypeBox schemas of the asset operations. */
const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);
const Version = Type.Integer({
  minimum: 1,
  description: 'The version the client read; a stale one answers 409 VERSION_CONFLICT',
});
const Text = (maxLength: number, description?: string) => Type.String({ maxLength, description });
const DateStr = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

const ASSET_STATUSES = ['IN_USE', 'DISPOSED'] as const;
const COUNT_RESULTS = ['FOUND', 'MISSING', 'MOVED'] as const;

const ASSET_SORT = ['assetNo', 'assetName', 'location', 'deptnm', 'acquiredDate', 'acquisitionCost', 'status'] as const;
export const AssetListQuery = Type.Object(
  {
    assetNo: Type.Optional(Text(20, 'Asset number contains')),
    assetName: Type.Optional(Text(100, 'Name contains')),
    location: Type.Optional(Text(100, 'Location contains')),
    deptcd: Type.Optional(Text(20)),
    custodianId: Type.Optional(Text(30)),
    status: Type.Optional(
      Type.Array(Type.Enum([...ASSET_STATUSES]), { maxItems: 2, description: 'ASSET_STATUS codes' }),
    ),
    poNo: Type.Optional(Text(20)),
    ...PagingQuery,
    sort: SortQuery(ASSET_SORT),
  },
  { additionalProperties: false },
);

const AssetRow = Type.Object({
  assetNo: Type.String(),
  assetName: Type.String(),
  itemCode: Nullable(Type.String()),
  catName: Nullable(Type.String()),
  location: Type.String(),
  deptcd: Type.String(),
  deptnm: Type.String(),
  custodianId: Nullable(Type.String()),
  custodianName: Nullable(Type.String()),
  acquiredDate: Type.String(),
  currency: Type.String(),
  acquisitionCost: Type.String(),
  status: Type.String({ description: 'IN_USE or DISPOSED' }),
  disposeReason: Nullable(Type.String()),
  whReqNo: Type.String(),
  whLineNo: Type.Integer(),
  poNo: Type.String(),
  compNameKr: Type.String(),
  version: Type.Integer(),
});
export const AssetList = Type.Object({ rows: Type.Array(AssetRow), total: Type.Integer() });

export const AssetNoParams = Type.Object({ assetNo: Type.String({ maxLength: 20 }) }, { additionalProperties: false });
export const TransferBody = Type.Object(
  {
    version: Version,
    deptcd: Type.Optional(Text(20, 'The new department (default: unchanged)')),
    custodianId: Type.Optional(Text(30, 'The new custodian (default: unchanged)')),
    location: Type.Optional(Text(100, 'The new location (default: unchanged)')),
    reason: Type.Optional(Text(500)),
  },
  { additionalProperties: false },
);
export const DisposeBody = Type.Object(
  { version: Version, reason: Type.String({ maxLength: 500, description: 'Required, not blank' }) },
  { additionalProperties: false },
);

const CANDIDATE_SORT = ['whReqNo', 'lastDeciDate', 'itemName', 'amount'] as const;
export const CandidateQuery = Type.Object(
  {
    whReqNo: Type.Optional(Text(20)),
    poNo: Type.Optional(Text(20)),
    itemName: Type.Optional(Text(100)),
    registered: Type.Optional(Type.Enum(['Y', 'N'], { description: 'Y: registered lines, N: waiting (default)' })),
    ...PagingQuery,
    sort: SortQuery(CANDIDATE_SORT),
  },
  { additionalProperties: false },
);
const CandidateRow = Type.Object({
  whReqNo: Type.String(),
  lineNo: Type.Integer(),
  poNo: Type.String(),
  compNameKr: Type.String(),
  deptcd: Type.String(),
  deptnm: Type.String(),
  itemCode: Nullable(Type.String()),
  itemName: Type.String(),
  quantity: Type.String(),
  unitPrice: Type.String(),
  amount: Type.String(),
  currency: Type.String(),
  lastDeciDate: Type.String(),
  registeredCount: Type.Integer({ description: 'Assets registered from the line (0 while waiting)' }),
});
export const CandidateList = Type.Object({ rows: Type.Array(CandidateRow), total: Type.Integer() });

export const RegisterBody = Type.Object(
  {
    lines: Type.Array(
      Type.Object({ whReqNo: Text(20), lineNo: Type.Integer({ minimum: 1 }) }, { additionalProperties: true }),
      { minItems: 1, maxItems: 200 },
    ),
    location: Type.String({ minLength: 1, maxLength: 100, description: 'Where the assets are' }),
    custodianId: Type.Optional(Text(30)),
  },
  { additionalProperties: false },
);
export const RegisterAnswer = Type.Object({ assetNos: Type.Array(Type.String()), count: Type.Integer() });

const COUNT_SORT = ['countNo', 'plannedDate', 'location', 'status'] as const;
export const CountListQuery = Type.Object(
  {
    location: Type.Optional(Text(100)),
    status: Type.Optional(Type.Array(Type.Enum(['OPEN', 'CLOSED']), { maxItems: 2 })),
    ...PagingQuery,
    sort: SortQuery(COUNT_SORT),
  },
  { additionalProperties: false },
);
const CountRow = Type.Object({
  countNo: Type.String(),
  title: Type.String(),
  location: Type.String(),
  plannedDate: Type.String(),
  status: Type.String({ description: 'OPEN or CLOSED' }),
  expectedCount: Type.Integer({ description: 'Assets in use at the location' }),
  foundCount: Type.Integer(),
  missingCount: Type.Integer(),
  movedCount: Type.Integer(),
  uncountedCount: Type.Integer({ description: 'Expected assets without a result' }),
  closedAt: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
});
export const CountList = Type.Object({ rows: Type.Array(CountRow), total: Type.Integer() });
export const CountCreateBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200 }),
    location: Type.String({ minLength: 1, maxLength: 100 }),
    plannedDate: DateStr,
  },
  { additionalProperties: false },
);
export const CountNoParams = Type.Object({ countNo: Type.String({ maxLength: 20 }) }, { additionalProperties: false });
export const CountCreated = Type.Object({ countNo: Type.String(), version: Type.Integer() });

export const CountLineQuery = Type.Object(
  { ...PagingQuery, sort: SortQuery(['assetNo', 'result']) },
  { additionalProperties: false },
);
const CountLineRow = Type.Object({
  countNo: Type.String(),
  assetNo: Type.String(),
  assetName: Type.String(),
  location: Type.String({ description: 'Where the register says it is' }),
  deptnm: Type.String(),
  custodianName: Nullable(Type.String()),
  result: Nullable(Type.String({ description: 'FOUND, MISSING, MOVED, or null while not counted' })),
  foundLocation: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  difference: Type.String({ description: 'Y when missing, moved or not counted' }),
});
export const CountLineList = Type.Object({ rows: Type.Array(CountLineRow), total: Type.Integer() });
export const CountResultBody = Type.Object(
  {
    assetNo: Type.String({ maxLength: 20 }),
    result: Type.Enum([...COUNT_RESULTS]),
    foundLocation: Type.Optional(Text(100, 'Required when MOVED')),
    remark: Type.Optional(Text(500)),
  },
  { additionalProperties: false },
);
export const CountCloseBody = Type.Object({ version: Version }, { additionalProperties: false });
export const Done = Type.Object({ ok: Type.Boolean(), version: Type.Optional(Type.Integer()) });
