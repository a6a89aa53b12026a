import { Type } from 'typebox';
import { PagingQuery } from '../../../http/list-query.js';
import { Nullable } from '../../../domain/schemas.js';

export const HomeQuery = Type.Object({ ...PagingQuery }, { additionalProperties: false });
export const DocumentsQuery = Type.Object(
  { docType: Type.Optional(Type.Enum(['PR', 'PO', 'SIMPLE', 'LOI'])), ...PagingQuery },
  { additionalProperties: false },
);

export const PendingApprovalRow = Type.Object({
  approvalId: Type.Integer(),
  docType: Type.String({ description: 'DOC_TYPE code: PR, PO, SIMPLE, LOI, AGREEMENT, PO_CHANGE, BUDGET' }),
  docNo: Type.String(),
  title: Type.String(),
  currency: Type.String(),
  amount: Type.String({ description: 'The document’s amount; a change order (PO_CHANGE): its proposed total' }),
  previousAmount: Nullable(
    Type.String({ description: 'A change order (PO_CHANGE): the order’s total in force before the change; else null' }),
  ),
  amountKrw: Type.String(),
  submittedBy: Type.String(),
  submittedByName: Type.String(),
  submittedAt: Type.String({ format: 'date-time' }),
  stepNo: Type.Integer(),
  stepCount: Type.Integer(),
  lineName: Type.String(),
  version: Type.Integer({ description: 'The approval’s version, for approve/reject' }),
});

export const RecentDocumentRow = Type.Object({
  docType: Type.String(),
  docNo: Type.String(),
  title: Type.String(),
  status: Type.String(),
  approvalStatus: Type.String(),
  currency: Type.String(),
  amount: Type.String(),
  counterpart: Nullable(Type.String({ description: 'Supplier name (orders, LOIs)' })),
  updatedAt: Type.String({ format: 'date-time' }),
});
