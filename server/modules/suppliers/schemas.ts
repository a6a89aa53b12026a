import { Type } from 'typebox';
import { CursorAnswer, CursorQuery, PagingQuery, SortQuery } from '../../http/list-query.js';
import {
  ActionList,
  Attachment,
  FileId,
  HistoryEntry,
  Nullable,
  StatusList,
  Version,
  YN,
} from '../../domain/schemas.js';

/** Trading status of a supplier (COMP_STATUS) and the states of a status change request. */
export const SUPPLIER_STATUSES = ['ACTIVE', 'SUSPENDED', 'CLOSED'] as const;
const STATUS_REQUEST_STATES = ['REQUESTED', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;

const SupplierStatus = Type.Enum([...SUPPLIER_STATUSES], {
  description: 'COMP_STATUS: ACTIVE 거래중, SUSPENDED 거래정지, CLOSED 거래종료',
});

export const CompNoParams = Type.Object(
  { compNo: Type.String({ pattern: '^[A-Za-z][0-9]{5}$', description: 'Company number, C00001' }) },
  { additionalProperties: false },
);

export const SUPPLIER_SORT = [
  'compNo',
  'compNameKr',
  'taxNo2',
  'ceoName',
  'status',
  'forwardYn',
  'councilYn',
  'regDate',
  'updatedAt',
] as const;

export const SupplierListQuery = Type.Object(
  {
    compNo: Type.Optional(Type.String({ maxLength: 10, description: 'Company number contains' })),
    compNameKr: Type.Optional(Type.String({ maxLength: 100, description: 'Name (Korean or English) contains' })),
    taxNo: Type.Optional(
      Type.String({ maxLength: 12, description: 'Business registration number contains (hyphens ignored)' }),
    ),
    status: StatusList(SUPPLIER_STATUSES),
    forwardYn: Type.Optional(YN),
    councilYn: Type.Optional(YN),
    catCode: Type.Optional(Type.String({ maxLength: 20, description: 'Supplies this item category' })),
    sgCode: Type.Optional(Type.String({ maxLength: 20, description: 'Supplies this sourcing group' })),
    changeRequested: Type.Optional(
      Type.Enum(['Y'], {
        description: 'Y: only suppliers with a change request (bank, registration) waiting for staff',
      }),
    ),
    ...PagingQuery,
    ...CursorQuery,
    sort: SortQuery(SUPPLIER_SORT),
  },
  { additionalProperties: false },
);

const SupplierRow = Type.Object({
  compNo: Type.String(),
  compNameKr: Type.String(),
  compNameEn: Nullable(Type.String()),
  taxNo2: Type.String({ description: 'Business registration number, 123-45-67890' }),
  corpNo: Nullable(Type.String({ description: 'Corporate registration number, 110111-1234567' })),
  ceoName: Type.String(),
  bizType: Nullable(Type.String()),
  bizItem: Nullable(Type.String()),
  phoneNo: Nullable(Type.String()),
  email: Nullable(Type.String()),
  status: Type.String({ description: 'COMP_STATUS' }),
  statusReason: Nullable(Type.String()),
  forwardYn: Type.String(),
  councilYn: Type.String(),
  regDate: Type.String(),
  categories: Type.String({ description: 'Item categories supplied, by name, comma-separated' }),
  userCount: Type.Integer(),
  openChangeReqNo: Nullable(Type.String({ description: 'The supplier’s change request waiting for staff, if any' })),
  updatedAt: Type.String({ format: 'date-time' }),
});
export const SupplierList = Type.Object({ rows: Type.Array(SupplierRow), total: Type.Integer(), ...CursorAnswer });

export const Contact = Type.Object(
  {
    seq: Type.Optional(Type.Integer({ minimum: 1 })),
    name: Type.String({ maxLength: 50 }),
    deptName: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    positionNm: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    phoneNo: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    cellPhoneNo: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    email: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    mainYn: Type.Optional(YN),
  },
  { additionalProperties: false },
);

const CodeName = Type.Object({ code: Type.String(), name: Type.String() });

export const SupplierDetail = Type.Object({
  compNo: Type.String(),
  compNameKr: Type.String(),
  compNameEn: Nullable(Type.String()),
  taxNo2: Type.String(),
  corpNo: Nullable(Type.String()),
  ceoName: Type.String(),
  bizType: Nullable(Type.String()),
  bizItem: Nullable(Type.String()),
  zipCode: Nullable(Type.String()),
  address: Nullable(Type.String()),
  phoneNo: Nullable(Type.String()),
  faxNo: Nullable(Type.String()),
  email: Nullable(Type.String()),
  homepage: Nullable(Type.String()),
  bankCode: Nullable(Type.String()),
  bankAccount: Nullable(Type.String({ description: 'Masked (***) unless the caller may see bank accounts' })),
  bankHolder: Nullable(Type.String()),
  bankVisible: YN,
  status: Type.String(),
  statusReason: Nullable(Type.String()),
  statusChangedAt: Nullable(Type.String({ format: 'date-time' })),
  forwardYn: Type.String(),
  councilYn: Type.String(),
  regDate: Type.String(),
  fileId: Nullable(Type.String()),
  contacts: Type.Array(Contact),
  catCodes: Type.Array(Type.String(), { description: 'Item categories supplied' }),
  sgCodes: Type.Array(Type.String(), { description: 'Sourcing groups supplied' }),
  categories: Type.Array(CodeName),
  sourcingGroups: Type.Array(CodeName),
  attachments: Type.Array(Attachment),
  history: Type.Array(HistoryEntry),
  actions: ActionList,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
});

/**
 * The company's own data as staff (SupplierCreate/UpdateBody) and the supplier itself
 * (MyCompanyUpdateBody, change-request-schemas.ts) send it; each adds what only it sends.
 */
export const CompanyFields = {
  compNameKr: Type.String({ minLength: 1, maxLength: 100 }),
  compNameEn: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  corpNo: Type.Optional(Nullable(Type.String({ maxLength: 14, description: '13 digits, hyphen optional' }))),
  ceoName: Type.String({ minLength: 1, maxLength: 50 }),
  bizType: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  bizItem: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  zipCode: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
  address: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  phoneNo: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  faxNo: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  email: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  homepage: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  bankCode: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
  bankAccount: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 40,
        description: 'Digits and hyphens; a masked value sent back unchanged keeps the stored one',
      }),
    ),
  ),
  bankHolder: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
};

const SupplierFields = {
  ...CompanyFields,
  forwardYn: Type.Optional(YN),
  councilYn: Type.Optional(YN),
  fileId: Type.Optional(Nullable(FileId)),
  contacts: Type.Optional(Type.Array(Contact, { maxItems: 20 })),
  catCodes: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 50 })),
  sgCodes: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 100 })),
};

export const SupplierCreateBody = Type.Object(
  {
    taxNo2: Type.String({ maxLength: 12, description: 'Business registration number, hyphens optional' }),
    ...SupplierFields,
  },
  { additionalProperties: false },
);
export const SupplierUpdateBody = Type.Object({ ...SupplierFields, version: Version }, { additionalProperties: false });

/** One supplier at a glance (compStatusView): figures as rows of metric → value, for a table panel. */
export const OverviewRows = Type.Object({
  rows: Type.Array(
    Type.Object({
      metric: Type.String({
        description: 'compName, status, statusReason, openRfqs, openPos, onTimeRate, disputes, users, latestGrade',
      }),
      value: Type.String(),
    }),
  ),
  total: Type.Integer(),
});

export const SpendRows = Type.Object({
  rows: Type.Array(
    Type.Object({
      month: Type.String({ description: 'YYYY-MM' }),
      amountKrw: Type.Number({ description: 'Orders sent that month, in KRW (JPY converted at the current rate)' }),
      poCount: Type.Integer(),
    }),
  ),
  total: Type.Integer(),
});

export const SupplierUsersRows = Type.Object({
  rows: Type.Array(
    Type.Object({
      userId: Type.String(),
      hname: Type.String(),
      authGroupId: Type.String(),
      email: Nullable(Type.String()),
      cellPhoneNo: Nullable(Type.String()),
      useFlag: Type.String(),
      status: Type.String(),
      locked: YN,
      lastLoginAt: Nullable(Type.String({ format: 'date-time' })),
    }),
  ),
  total: Type.Integer(),
});

// ----- status change requests -----

export const ReqNoParams = Type.Object(
  { reqNo: Type.String({ pattern: '^CSR[0-9]{4}-[0-9]{6}$', description: 'CSR2026-000001' }) },
  { additionalProperties: false },
);

export const STATUS_REQUEST_SORT = [
  'reqNo',
  'compNo',
  'compNameKr',
  'toStatus',
  'status',
  'requestedAt',
  'decidedAt',
] as const;

export const StatusRequestListQuery = Type.Object(
  {
    compNo: Type.Optional(Type.String({ maxLength: 10 })),
    compNameKr: Type.Optional(Type.String({ maxLength: 100, description: 'Name contains' })),
    status: StatusList(STATUS_REQUEST_STATES),
    toStatus: Type.Optional(SupplierStatus),
    fromDate: Type.Optional(Type.String({ maxLength: 10, description: 'Requested on or after (YYYY-MM-DD)' })),
    toDate: Type.Optional(Type.String({ maxLength: 10, description: 'Requested on or before (YYYY-MM-DD)' })),
    ...PagingQuery,
    sort: SortQuery(STATUS_REQUEST_SORT),
  },
  { additionalProperties: false },
);

export const StatusRequestRow = Type.Object({
  reqNo: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  fromStatus: Type.String(),
  toStatus: Type.String(),
  reason: Type.String(),
  status: Type.String({ description: 'REQUESTED, APPROVED, REJECTED, WITHDRAWN' }),
  fileId: Nullable(Type.String()),
  requestedBy: Type.String(),
  requestedByName: Nullable(Type.String()),
  requestedAt: Type.String({ format: 'date-time' }),
  decidedBy: Nullable(Type.String()),
  decidedByName: Nullable(Type.String()),
  decidedAt: Nullable(Type.String({ format: 'date-time' })),
  decisionComment: Nullable(Type.String()),
  actions: ActionList,
  version: Type.Integer(),
});
export const StatusRequestList = Type.Object({ rows: Type.Array(StatusRequestRow), total: Type.Integer() });

export const StatusRequestCreateBody = Type.Object(
  {
    compNo: Type.String({ maxLength: 10 }),
    toStatus: SupplierStatus,
    reason: Type.String({ maxLength: 1000, description: 'Why (required)' }),
    fileId: Type.Optional(Nullable(FileId)),
  },
  { additionalProperties: false },
);

export const DecisionBody = Type.Object(
  {
    version: Version,
    comment: Type.Optional(
      Nullable(Type.String({ maxLength: 1000, description: 'Approver’s comment (required to reject)' })),
    ),
  },
  { additionalProperties: false },
);

// ----- ERP vendor applications -----

export const ERP_APP_STATES = ['READY', 'SENDING', 'SENT', 'FAILED'] as const;
export const ERP_APP_SORT = ['appNo', 'compNo', 'compNameKr', 'status', 'requestedAt', 'sentAt'] as const;

export const AppNoParams = Type.Object(
  { appNo: Type.String({ pattern: '^GV[0-9]{4}-[0-9]{6}$', description: 'GV2026-000001' }) },
  { additionalProperties: false },
);

export const ErpAppListQuery = Type.Object(
  {
    status: StatusList(ERP_APP_STATES),
    compNo: Type.Optional(Type.String({ maxLength: 10 })),
    compNameKr: Type.Optional(Type.String({ maxLength: 100, description: 'Name contains' })),
    ...PagingQuery,
    sort: SortQuery(ERP_APP_SORT),
  },
  { additionalProperties: false },
);

export const ErpAppDetail = Type.Object({
  appNo: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  taxNo2: Type.String(),
  compStatus: Type.String({ description: 'COMP_STATUS of the supplier' }),
  status: Type.String({ description: 'READY, SENDING, SENT, FAILED' }),
  erpVendorNo: Nullable(Type.String()),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  httpStatus: Nullable(Type.Integer()),
  remark: Nullable(Type.String()),
  requestedBy: Type.String(),
  requestedByName: Nullable(Type.String()),
  requestedAt: Type.String({ format: 'date-time' }),
  sendingAt: Nullable(Type.String({ format: 'date-time' })),
  sentAt: Nullable(Type.String({ format: 'date-time' })),
  sentBy: Nullable(Type.String()),
  actions: ActionList,
  version: Type.Integer(),
});
export const ErpAppList = Type.Object({ rows: Type.Array(ErpAppDetail), total: Type.Integer() });

export const ErpAppCreateBody = Type.Object(
  { compNo: Type.String({ maxLength: 10 }), remark: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))) },
  { additionalProperties: false },
);

// ----- supplier council and prospects -----

const COUNCIL_ROLES = ['CHAIR', 'VICE', 'MEMBER'] as const;
export const CouncilListQuery = Type.Object(
  {
    current: Type.Optional(YN),
    compNameKr: Type.Optional(Type.String({ maxLength: 100 })),
    ...PagingQuery,
    sort: SortQuery(['compNo', 'compNameKr', 'role', 'termFrom', 'termTo'] as const),
  },
  { additionalProperties: false },
);
export const CouncilRow = Type.Object({
  councilId: Type.Integer(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  compStatus: Type.String(),
  role: Type.String({ description: 'CHAIR, VICE, MEMBER' }),
  termFrom: Type.String(),
  termTo: Type.String(),
  current: YN,
  remark: Nullable(Type.String()),
  version: Type.Integer(),
});
export const CouncilList = Type.Object({ rows: Type.Array(CouncilRow), total: Type.Integer() });
export const CouncilCreateBody = Type.Object(
  {
    compNo: Type.String({ maxLength: 10 }),
    role: Type.Enum([...COUNCIL_ROLES]),
    termFrom: Type.String({ maxLength: 10 }),
    termTo: Type.String({ maxLength: 10 }),
    remark: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { additionalProperties: false },
);
export const CouncilIdParams = Type.Object(
  { councilId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export const VersionQuery = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

export const PROSPECT_STATES = ['FOUND', 'INVITED', 'DROPPED'] as const;
export const ProspectListQuery = Type.Object(
  {
    status: StatusList(PROSPECT_STATES),
    compName: Type.Optional(Type.String({ maxLength: 100 })),
    ...PagingQuery,
    sort: SortQuery(['prospectNo', 'compName', 'status', 'foundAt', 'invitedAt'] as const),
  },
  { additionalProperties: false },
);
export const ProspectRow = Type.Object({
  prospectNo: Type.String(),
  compName: Type.String(),
  taxNo2: Nullable(Type.String()),
  ceoName: Nullable(Type.String()),
  contactName: Nullable(Type.String()),
  email: Type.String(),
  phoneNo: Nullable(Type.String()),
  items: Nullable(Type.String()),
  status: Type.String({ description: 'FOUND, INVITED, DROPPED' }),
  foundBy: Type.String(),
  foundByName: Nullable(Type.String()),
  foundAt: Type.String({ format: 'date-time' }),
  invitedAt: Nullable(Type.String({ format: 'date-time' })),
  dropReason: Nullable(Type.String()),
  registeredCompNo: Nullable(
    Type.String({ description: 'A supplier of the master with the same business number, if any' }),
  ),
  actions: ActionList,
  version: Type.Integer(),
});
export const ProspectList = Type.Object({ rows: Type.Array(ProspectRow), total: Type.Integer() });
export const ProspectCreateBody = Type.Object(
  {
    compName: Type.String({ maxLength: 100 }),
    taxNo2: Type.Optional(Nullable(Type.String({ maxLength: 12 }))),
    ceoName: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    contactName: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    email: Type.String({ maxLength: 100 }),
    phoneNo: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    items: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { additionalProperties: false },
);
export const ProspectNoParams = Type.Object(
  { prospectNo: Type.String({ pattern: '^PS[0-9]{4}-[0-9]{6}$' }) },
  { additionalProperties: false },
);
export const ProspectDropBody = Type.Object(
  { version: Version, reason: Type.String({ maxLength: 500 }) },
  { additionalProperties: false },
);
