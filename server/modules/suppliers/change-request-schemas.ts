import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../http/list-query.js';
import { ActionList, Attachment, FileId, Nullable, StatusList, Version } from '../../domain/schemas.js';
import { CompanyFields, Contact, SupplierDetail } from './schemas.js';

const CHANGE_REQUEST_STATES = ['REQUESTED', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;
export const CHANGE_REQUEST_SORT = ['reqNo', 'compNo', 'compNameKr', 'status', 'requestedAt', 'decidedAt'] as const;

export const ChangeReqNoParams = Type.Object(
  { reqNo: Type.String({ pattern: '^CCR[0-9]{4}-[0-9]{6}$', maxLength: 20, description: 'CCR2026-000001' }) },
  { additionalProperties: false },
);

export const ChangeRequestListQuery = Type.Object(
  {
    compNo: Type.Optional(
      Type.String({ maxLength: 10, description: 'Company number (a supplier sees only its own whatever it sends)' }),
    ),
    compNameKr: Type.Optional(Type.String({ maxLength: 100 })),
    status: StatusList(CHANGE_REQUEST_STATES),
    ...PagingQuery,
    sort: SortQuery(CHANGE_REQUEST_SORT),
  },
  { additionalProperties: false },
);

const ChangeRequestRow = Type.Object({
  reqNo: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  kinds: Type.String({ description: 'BANK, REGISTRATION or BANK,REGISTRATION' }),
  summary: Type.String({ description: 'What changes, e.g. "계좌번호: ***-**1234 → ***-**5678"' }),
  reason: Type.String(),
  fileId: Type.String(),
  status: Type.String({ description: 'REQUESTED, APPROVED, REJECTED, WITHDRAWN' }),
  requestedBy: Type.String(),
  requestedByName: Nullable(Type.String()),
  requestedAt: Type.String({ format: 'date-time' }),
  decidedBy: Nullable(Type.String()),
  decidedByName: Nullable(Type.String()),
  decidedAt: Nullable(Type.String({ format: 'date-time' })),
  decisionComment: Nullable(Type.String()),
  version: Type.Integer(),
  actions: ActionList,
});
export const ChangeRequestList = Type.Object({ rows: Type.Array(ChangeRequestRow), total: Type.Integer() });

export const ChangeRequestDetail = Type.Object({
  ...ChangeRequestRow.properties,
  changes: Type.Array(
    Type.Object({ field: Type.String(), from: Nullable(Type.String()), to: Nullable(Type.String()) }),
    { description: 'Each changed field; bank accounts masked' },
  ),
  attachments: Type.Array(Attachment),
});

export const ChangeDecisionBody = Type.Object(
  { version: Version, comment: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))) },
  { additionalProperties: false },
);

export const MyCompanyQuery = Type.Object(
  {
    compNo: Type.Optional(
      Type.String({
        maxLength: 10,
        description: 'Staff only (internal address): the supplier to show; a supplier always gets its own',
      }),
    ),
  },
  { additionalProperties: false },
);

/** My company as the supplier sees it: the master (bank masked) with its change requests. */
export const MyCompany = Type.Object({
  ...SupplierDetail.properties,
  openReqNo: Nullable(Type.String({ description: 'The change request waiting for staff, if any' })),
  openReqVersion: Nullable(Type.Integer({ description: 'Its version (to withdraw it)' })),
  changeRequests: Type.Array(ChangeRequestRow),
  changeFileId: Nullable(Type.String({ description: 'Always empty: the attachment group of the next request' })),
  changeReason: Nullable(Type.String({ description: 'Always empty: the reason of the next request' })),
});

/**
 * What a supplier sends from CyberCompManageEdit. Phones, e-mail, homepage and contacts change at
 * once; names, CEO, corporate number, address, business type and bank account become a change
 * request that needs changeFileId (registration certificate or bankbook copy) and changeReason.
 */
export const MyCompanyUpdateBody = Type.Object(
  {
    // The staff's fields, two described for the supplier (keys keep their place in the spread).
    ...CompanyFields,
    corpNo: Type.Optional(Nullable(Type.String({ maxLength: 14 }))),
    bankAccount: Type.Optional(
      Nullable(
        Type.String({ maxLength: 40, description: 'The masked value sent back unchanged keeps the stored account' }),
      ),
    ),
    contacts: Type.Optional(Type.Array(Contact, { maxItems: 20 })),
    changeFileId: Type.Optional(Nullable(FileId)),
    changeReason: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    version: Version,
  },
  { additionalProperties: false },
);
