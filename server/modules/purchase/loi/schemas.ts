import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../../http/list-query.js';
import { ApprovalView } from '../shared/schemas.js';
import {
  ActionList,
  Attachment,
  Currency,
  DateStr,
  Decimal,
  FileId,
  Nullable,
  StatusList,
  Version,
} from '../../../domain/schemas.js';
import { LOI_STATUSES } from './workflow.js';
import { ApprovalStateFields } from '../approval/schemas.js';
import { NumberedHistoryEntry } from '../po/schemas.js';

export const LOI_SORT = [
  'loiNo',
  'compNameKr',
  'title',
  'amount',
  'validFrom',
  'validUntil',
  'status',
  'buyerName',
  'updatedAt',
] as const;

export const LoiNoParams = Type.Object(
  { loiNo: Type.String({ maxLength: 20, description: 'LOI2026-000123' }) },
  { additionalProperties: false },
);

export const LoiListQuery = Type.Object(
  {
    loiNo: Type.Optional(Type.String({ maxLength: 20 })),
    title: Type.Optional(Type.String({ maxLength: 100 })),
    compNo: Type.Optional(Type.String({ maxLength: 10 })),
    compName: Type.Optional(Type.String({ maxLength: 100 })),
    status: StatusList(LOI_STATUSES),
    buyerId: Type.Optional(Type.String({ maxLength: 30 })),
    validOn: Type.Optional(DateStr('Valid on this day')),
    ...PagingQuery,
    sort: SortQuery(LOI_SORT),
  },
  { additionalProperties: false },
);

export const LoiRow = Type.Object({
  loiNo: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  title: Type.String(),
  currency: Type.String(),
  amount: Type.String(),
  validFrom: Type.String(),
  validUntil: Type.String(),
  status: Type.String({ description: 'LOI_STATUS code; an issued LOI past its validity reads EXPIRED' }),
  approvalStatus: Type.String(),
  buyerId: Type.String(),
  buyerName: Type.String(),
  prNo: Nullable(Type.String()),
  issuedAt: Nullable(Type.String({ format: 'date-time' })),
  acceptedAt: Nullable(Type.String({ format: 'date-time' })),
  orderCount: Type.Integer({ description: 'Orders that follow this LOI' }),
  updatedAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
});

const Fields = {
  compNo: Type.String({ maxLength: 10, description: 'Supplier (COMP_NO)' }),
  title: Type.String({ maxLength: 200 }),
  scope: Type.String({ maxLength: 2000, description: 'Scope of the intended work or supply' }),
  currency: Currency,
  amount: Decimal('Amount, > 0, whole currency units'),
  validFrom: DateStr('First valid day, today or later'),
  validUntil: DateStr('Last valid day'),
  prNo: Type.Optional(Nullable(Type.String({ maxLength: 20, description: 'The PR it anticipates, if any' }))),
  fileId: Type.Optional(Nullable(FileId)),
  confirmBudgetWarning: Type.Optional(
    Type.Boolean({
      description:
        'Confirms overdrawing a WARN budget account (else 409 BUDGET_WARN_CONFIRM); recorded with who confirmed',
    }),
  ),
};
export const LoiCreateBody = Type.Object(Fields, { additionalProperties: false });
export const LoiUpdateBody = Type.Object({ ...Fields, version: Version }, { additionalProperties: false });

export const LoiDetail = Type.Object({
  loiNo: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  title: Type.String(),
  scope: Type.String(),
  currency: Type.String(),
  amount: Type.String(),
  validFrom: Type.String(),
  validUntil: Type.String(),
  status: Type.String(),
  approvalStatus: Type.String(),
  buyerId: Type.String(),
  buyerName: Type.String(),
  prNo: Nullable(Type.String()),
  fileId: Nullable(Type.String()),
  issuedAt: Nullable(Type.String({ format: 'date-time' })),
  acceptedAt: Nullable(Type.String({ format: 'date-time' })),
  expiredAt: Nullable(Type.String({ format: 'date-time' })),
  cancelReason: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
  attachments: Type.Array(Attachment),
  approvals: Type.Array(ApprovalView),
  history: Type.Array(NumberedHistoryEntry),
  orders: Type.Array(Type.Object({ poNo: Type.String(), status: Type.String(), totalAmount: Type.String() })),
  ...ApprovalStateFields,
  actions: Type.Array(Type.String(), {
    description:
      'What the caller may do with the LOI now (buttons to show); approve and reject when it is the caller’s turn to decide',
  }),
});

export const ExpireAnswer = Type.Object({
  expired: Type.Array(Type.String(), { description: 'LOIs that were issued and are now expired' }),
});

export const SupplierLoiListQuery = Type.Object(
  {
    loiNo: Type.Optional(Type.String({ maxLength: 20 })),
    status: StatusList(LOI_STATUSES),
    ...PagingQuery,
    sort: SortQuery(['loiNo', 'validUntil', 'amount', 'status'] as const),
  },
  { additionalProperties: false },
);

export const SupplierLoiRow = Type.Object({
  loiNo: Type.String(),
  title: Type.String(),
  currency: Type.String(),
  amount: Type.String(),
  validFrom: Type.String(),
  validUntil: Type.String(),
  status: Type.String(),
  buyerName: Type.String(),
  issuedAt: Nullable(Type.String({ format: 'date-time' })),
  acceptedAt: Nullable(Type.String({ format: 'date-time' })),
  version: Type.Integer(),
});

export const SupplierLoiDetail = Type.Object({
  loiNo: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  title: Type.String(),
  scope: Type.String(),
  currency: Type.String(),
  amount: Type.String(),
  validFrom: Type.String(),
  validUntil: Type.String(),
  status: Type.String(),
  buyerName: Type.String(),
  buyerEmail: Nullable(Type.String()),
  buyerTelNo: Nullable(Type.String()),
  issuedAt: Nullable(Type.String({ format: 'date-time' })),
  acceptedAt: Nullable(Type.String({ format: 'date-time' })),
  version: Type.Integer(),
  attachments: Type.Array(Attachment),
  actions: ActionList,
});
