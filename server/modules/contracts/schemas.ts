import { Type } from 'typebox';
import { PagingQuery } from '../../http/list-query.js';
import { Nullable, Version } from '../../domain/schemas.js';
import { LINKAGE_BODY_FIELDS, LINKAGE_VIEW_FIELDS } from '../../domain/linkage-schemas.js';
import {
  PROPOSAL_REJECT_REASON,
  PROPOSAL_VERSIONS,
  PROPOSAL_VIEW_FIELDS,
  proposalFields,
  proposalLineView,
} from '../../domain/linkage-proposal-schemas.js';
import { SupplierCompanyQuery } from '../../http/supplier-view.js';
import { CONTRACT_TYPES } from './stamp-duty.js';
import { CONTRACT_STATUSES } from './workflow.js';

const Sha = Type.String({ pattern: '^[0-9a-fA-F]{64}$', description: 'SHA-256, hex' });
const Money = Type.String({ pattern: '^\\d{1,18}$', description: 'Whole won' });
const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

export const ContractNoParams = Type.Object(
  {
    econtractNo: Type.String({
      pattern: '^[A-Z0-9-]{1,20}$',
      description: 'The electronic contract’s number (CT2026-000001)',
    }),
  },
  { additionalProperties: false },
);
export const TemplateNoParams = Type.Object(
  { templateNo: Type.String({ pattern: '^[A-Z0-9_-]{1,20}$' }) },
  { additionalProperties: false },
);
export const ClauseCodeParams = Type.Object(
  { clauseCode: Type.String({ pattern: '^[A-Z0-9_]{1,30}$' }) },
  { additionalProperties: false },
);
export const TemplateVersionQuery = Type.Object(
  { version: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })) },
  { additionalProperties: false },
);

export const ClauseBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200 }),
    body: Type.String({ minLength: 1, maxLength: 20000 }),
    version: Type.Integer({ minimum: 0, description: 'The version read; 0 for a new clause' }),
  },
  { additionalProperties: false },
);
export const ClauseSaved = Type.Object({ clauseCode: Type.String(), version: Type.Integer() });
export const ClauseList = Type.Object({
  rows: Type.Array(
    Type.Object({
      clauseCode: Type.String(),
      title: Type.String(),
      body: Type.String(),
      version: Type.Integer(),
      updatedAt: Type.String(),
    }),
  ),
  total: Type.Integer(),
});

const VariableDef = Type.Object({
  name: Type.String(),
  type: Type.String({ description: 'text, money or date' }),
  labelKo: Type.String(),
  labelEn: Type.String(),
});

export const TemplateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    contractType: Type.Enum([...CONTRACT_TYPES]),
    signOrder: Type.Enum(['SUPPLIER_FIRST', 'BUYER_FIRST']),
    body: Type.String({ minLength: 1, maxLength: 100000 }),
    useYn: Type.Optional(Type.Enum(['Y', 'N'])),
    version: Type.Integer({ minimum: 0, description: 'The latest version read; 0 for a new template' }),
  },
  { additionalProperties: false },
);
export const TemplateSaved = Type.Object({ templateNo: Type.String(), version: Type.Integer() });
export const TemplateList = Type.Object({
  rows: Type.Array(
    Type.Object({
      templateNo: Type.String(),
      version: Type.Integer(),
      name: Type.String(),
      contractType: Type.String(),
      signOrder: Type.String(),
      useYn: Type.String(),
      createdAt: Type.String(),
    }),
  ),
  total: Type.Integer(),
  variables: Type.Array(VariableDef),
});
export const TemplateDetail = Type.Object({
  templateNo: Type.String(),
  version: Type.Integer(),
  name: Type.String(),
  contractType: Type.String(),
  signOrder: Type.String(),
  body: Type.String(),
  clauses: Type.Record(Type.String(), Type.Object({ title: Type.String(), body: Type.String() })),
  useYn: Type.String(),
  createdBy: Type.String(),
  createdAt: Type.String(),
});

const NewContractFields = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  supplyAmount: Money,
  vatAmount: Money,
  startDate: Type.Optional(Nullable(DateText)),
  endDate: Type.Optional(Nullable(DateText)),
  signDeadline: DateText,
  buyerSignerId: Type.String({
    minLength: 1,
    maxLength: 50,
    description: 'The internal user who signs for the company',
  }),
  supplierSignerId: Type.Optional(
    Nullable(
      Type.String({ maxLength: 50, description: 'Only this supplier user may sign; empty: any authorised user' }),
    ),
  ),
  taxType: Type.Optional(
    Type.Enum(['TAXABLE', 'ZERO_RATED', 'EXEMPT'], {
      description: 'VAT type the amounts are checked against: TAXABLE (10 %, default), ZERO_RATED or EXEMPT (VAT 0)',
    }),
  ),
};

export const NewContractBody = Type.Object(
  {
    templateNo: Type.String({ pattern: '^[A-Z0-9_-]{1,20}$' }),
    compNo: Type.String({ minLength: 1, maxLength: 10 }),
    sourceKind: Type.Optional(Type.Enum(['PO', 'LOI', 'NONE'])),
    sourceNo: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    ...NewContractFields,
  },
  { additionalProperties: false },
);
const Quantity = Type.String({ pattern: '^\\d{1,15}(\\.\\d{1,4})?$' });
export const SourceChange = Type.Object(
  {
    dueDate: Type.Optional(DateText),
    lines: Type.Optional(
      Type.Array(
        Type.Object(
          {
            lineNo: Type.Integer({ minimum: 1 }),
            quantity: Type.Optional(Quantity),
            unitPrice: Type.Optional(Quantity),
            deliveryDate: Type.Optional(DateText),
          },
          { additionalProperties: false },
        ),
        { maxItems: 200 },
      ),
    ),
    amount: Type.Optional(Type.String({ pattern: '^\\d{1,16}$', description: 'An LOI: its new amount' })),
    validUntil: Type.Optional(
      Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'An LOI: its new last valid day (YYYY-MM-DD)' }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "The change of the PO (due date, lines) or LOI (amount, validity) this contract governs, agreed by the amendment: applied through the document's change path when the amendment is executed",
  },
);
export const AmendmentBody = Type.Object(
  {
    templateNo: Type.Optional(Type.String({ pattern: '^[A-Z0-9_-]{1,20}$' })),
    ...NewContractFields,
    // An amendment only: a new contract is signed in its template's order (the template fixes it).
    signOrder: Type.Optional(Type.Enum(['SUPPLIER_FIRST', 'BUYER_FIRST'])),
    sourceChange: Type.Optional(SourceChange),
  },
  { additionalProperties: false },
);
export const ContractCreated = Type.Object({
  contractNo: Type.String(),
  version: Type.Integer(),
  documentSha: Type.String(),
});
export const ContractMoved = Type.Object({ contractNo: Type.String(), status: Type.String(), version: Type.Integer() });

export const SignBody = Type.Object(
  {
    version: Version,
    documentSha: Sha,
    consent: Type.Boolean({ description: 'The signer agrees to sign electronically (전자서명 동의)' }),
  },
  { additionalProperties: false },
);
export const SupplierSignBody = Type.Object(
  { ...SignBody.properties, code: Type.String({ minLength: 1, maxLength: 10, description: 'The one-time code sent' }) },
  { additionalProperties: false },
);
export const ReasonBody = Type.Object(
  { version: Version, reason: Type.String({ minLength: 1, maxLength: 1000 }) },
  { additionalProperties: false },
);
export const StampBody = Type.Object(
  {
    version: Version,
    party: Type.Enum(['BUYER', 'SUPPLIER']),
    stampNo: Type.String({
      minLength: 1,
      maxLength: 60,
      description: '전자수입인지 고유번호 (10–30 digits and letters, at least 10 digits; hyphens and spaces allowed)',
    }),
  },
  { additionalProperties: false },
);
export const MyStampBody = Type.Object(
  { version: Version, stampNo: Type.String({ minLength: 1, maxLength: 60 }) },
  { additionalProperties: false },
);
export const StampRecorded = Type.Object({
  contractNo: Type.String(),
  stampStatus: Type.String(),
  version: Type.Integer(),
});
export const CodeSent = Type.Object({
  channel: Type.String(),
  destination: Type.String({ description: 'Masked' }),
  expiresIn: Type.Integer({ description: 'Seconds' }),
});

export const ContractListQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum([...CONTRACT_STATUSES])),
    compNo: Type.Optional(Type.String({ maxLength: 10 })),
    text: Type.Optional(Type.String({ maxLength: 100 })),
    ...PagingQuery,
  },
  { additionalProperties: false },
);
export const MyContractListQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum([...CONTRACT_STATUSES])),
    text: Type.Optional(Type.String({ maxLength: 100 })),
    ...SupplierCompanyQuery,
    ...PagingQuery,
  },
  { additionalProperties: false },
);
export const ContractList = Type.Object({
  rows: Type.Array(
    Type.Object({
      contractNo: Type.String(),
      compNo: Type.String(),
      compName: Type.String(),
      title: Type.String(),
      contractType: Type.String(),
      status: Type.String(),
      totalAmount: Type.String(),
      signDeadline: Type.String(),
      stampStatus: Type.String(),
      amendsContractNo: Nullable(Type.String()),
      createdAt: Type.String(),
      version: Type.Integer(),
    }),
  ),
  total: Type.Integer({ description: 'How many contracts match' }),
  hasMore: Type.Boolean(),
});

/** A 연동 조정 제안 on the contract (the job's), with the formula's numbers as they were read. */
const ContractProposalView = {
  proposalNo: Type.String(),
  contractNo: Type.String(),
  poNo: Type.String({ description: 'The order whose unit prices it adjusts' }),
  ...PROPOSAL_VIEW_FIELDS,
  amendmentNo: Nullable(
    Type.String({ description: 'ACCEPTED: the amendment (변경계약) drawn up at the proposed prices' }),
  ),
};
const ContractProposalLine = proposalLineView('The order line’s unit price when the proposal was written');

const ContractDetail = Type.Object(
  {
    contractNo: Type.String(),
    compNo: Type.String(),
    templateNo: Type.String(),
    templateVersion: Type.Integer(),
    contractType: Type.String(),
    signOrder: Type.String(),
    title: Type.String(),
    sourceKind: Type.String(),
    sourceNo: Nullable(Type.String()),
    supplyAmount: Type.String(),
    vatAmount: Type.String(),
    totalAmount: Type.String(),
    startDate: Nullable(Type.String()),
    endDate: Nullable(Type.String()),
    contractDate: Type.String(),
    signDeadline: Type.String(),
    variables: Type.Record(Type.String(), Nullable(Type.String())),
    status: Type.String(),
    approvalId: Nullable(Type.Integer()),
    approvalStatus: Type.String(),
    buyerSignerId: Type.String(),
    supplierSignerId: Nullable(Type.String()),
    documentSha: Nullable(Type.String()),
    executedSha: Nullable(Type.String()),
    supplierSignedBy: Nullable(Type.String()),
    supplierSignedAt: Nullable(Type.String()),
    buyerSignedBy: Nullable(Type.String()),
    buyerSignedAt: Nullable(Type.String()),
    executedAt: Nullable(Type.String()),
    declineReason: Nullable(Type.String()),
    stampDuty: Type.String(),
    stampBuyerShare: Type.String(),
    stampSupplierShare: Type.String(),
    stampStatus: Type.String(),
    amendsContractNo: Nullable(Type.String()),
    changeSummary: Nullable(
      Type.Array(Type.Object({ name: Type.String(), before: Nullable(Type.String()), after: Nullable(Type.String()) })),
    ),
    sourceChange: Type.Optional(Nullable(SourceChange)),
    buyerSignerName: Nullable(Type.String({ description: 'The named buyer signer’s name' })),
    supplierSignerName: Nullable(Type.String({ description: 'The named supplier signer’s name, if one is named' })),
    sourceChanges: Type.Array(
      Type.Object({
        key: Type.String({ description: 'lineNo:field, unique in the list' }),
        field: Type.Enum(['dueDate', 'quantity', 'unitPrice', 'deliveryDate', 'amount', 'validUntil']),
        lineNo: Nullable(Type.Integer({ description: 'The order line; null for the document’s own fields' })),
        before: Nullable(Type.String({ description: 'The value when the amendment was made' })),
        after: Type.String({ description: 'The agreed value' }),
      }),
      {
        description: 'An amendment’s agreed change of its PO or LOI, field by field (empty for any other contract)',
      },
    ),
    nextSigner: Nullable(Type.String({ description: 'SUPPLIER or BUYER; null when no signature is awaited' })),
    taxType: Type.Enum(['TAXABLE', 'ZERO_RATED', 'EXEMPT'], {
      description: 'The VAT type the amounts were checked against (an amendment keeps it unless it states its own)',
    }),
    viewedByMe: Type.Boolean({
      description: 'Whether the requesting user opened (열람) the signing copy as it is now; a signature needs it',
    }),
    subconKind: Nullable(
      Type.String({
        description:
          'The 하도급 kind of the contract’s order (MANUFACTURE, REPAIR, SERVICE); null: not 하도급. A 하도급 contract needs a 연동 answer before submitting',
      }),
    ),
    // The 납품대금 연동 answer (상생협력법 §21), flat: all null while none was given.
    ...LINKAGE_VIEW_FIELDS,
    linkageCopiedFromKind: Nullable(
      Type.String({
        description:
          'AGREEMENT (the agreement the order calls off) or CONTRACT (the amended original): the answer is the default copied when the contract was made; null once set on the contract',
      }),
    ),
    linkageCopiedFromNo: Nullable(Type.String({ description: 'The agreement’s or original contract’s number' })),
    // 연동 조정 제안 (상생협력법 §21): the job's proposals on this contract, and whether the viewer may decide one.
    ...proposalFields(ContractProposalView, ContractProposalLine.properties),
    mayDecideLinkage: Type.Boolean({
      description:
        'Staff holding write on the contract screen, with a proposal open: 수락 and 반려 are offered (the order’s own check decides again)',
    }),
    createdBy: Type.String(),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    version: Type.Integer(),
    events: Type.Array(
      Type.Object({
        seq: Type.Integer(),
        kind: Type.String(),
        occurredAt: Type.String(),
        ip: Nullable(Type.String({ description: 'The actor’s address; null to a supplier for the buyer’s people' })),
        userAgent: Nullable(Type.String({ description: 'null to a supplier for the buyer’s people' })),
        userId: Nullable(Type.String({ description: 'null to a supplier for the buyer’s people' })),
        actorName: Nullable(Type.String({ description: 'The actor’s name (null for the system’s runs)' })),
        actorRole: Type.Enum(['BUYER_SIGNER', 'BUYER_STAFF', 'SUPPLIER_USER', 'SYSTEM']),
        actorCompNo: Nullable(Type.String()),
        docSha: Nullable(Type.String()),
        detail: Type.Optional(
          Type.Unknown({ description: 'The event’s detail object, as hashed (docs/contracts.md "Evidence")' }),
        ),
        prevHash: Type.Optional(Type.String({ description: 'The previous event’s hash; 64 zeros for the first' })),
        hash: Type.String(),
      }),
    ),
    stamps: Type.Array(
      Type.Object({
        party: Type.String(),
        amount: Type.String(),
        stampNo: Type.String(),
        recordedBy: Nullable(Type.String({ description: 'null to a supplier for the buyer’s stamp' })),
        recordedByName: Nullable(Type.String()),
        recordedAt: Type.String(),
      }),
    ),
  },
  { $id: 'ContractDetail' },
);

export const ContractProposalParams = Type.Object(
  {
    econtractNo: ContractNoParams.properties.econtractNo,
    proposalNo: Type.String({ pattern: '^[A-Z0-9-]{1,20}$', description: 'The proposal’s number (CLP2026-000007)' }),
  },
  { additionalProperties: false },
);

/** acceptContractLinkageProposal: the versions, and the amendment's signing terms when not its original's. */
export const ContractProposalAcceptBody = Type.Object(
  {
    ...PROPOSAL_VERSIONS,
    signDeadline: Type.Optional(
      Type.String({
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        description: 'The amendment’s signing deadline (default: 14 days from the business day)',
      }),
    ),
    buyerSignerId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 50,
        description: 'The amendment’s buyer signer (default: the original’s)',
      }),
    ),
  },
  { additionalProperties: false },
);

/** rejectContractLinkageProposal: the versions and why. */
export const ContractProposalRejectBody = Type.Object(
  { ...PROPOSAL_VERSIONS, reason: PROPOSAL_REJECT_REASON },
  { additionalProperties: false },
);

export const ContractProposalDecided = Type.Object({
  contractNo: Type.String(),
  proposalNo: Type.String(),
  status: Type.String({ description: 'ACCEPTED or REJECTED' }),
  amendmentNo: Nullable(
    Type.String({ description: 'ACCEPTED: the amendment drawn up (a draft), to be approved and signed' }),
  ),
});

export const DocumentKindParams = Type.Object(
  { ...ContractNoParams.properties, docKind: Type.Enum(['draft', 'executed']) },
  { additionalProperties: false },
);
export const PdfAnswer = {
  description: 'The contract PDF (its SHA-256 in X-Content-SHA256)',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};

export const ChainVerdictAnswer = Type.Object({
  contractNo: Type.String(),
  ok: Type.Boolean(),
  events: Type.Integer(),
  firstBadSeq: Nullable(Type.Integer({ description: 'The first event that differs' })),
  firstBadKind: Nullable(Type.String()),
  reason: Nullable(
    Type.String({
      description:
        'HASH_MISMATCH, CHAIN_BROKEN, SEQUENCE_GAP, SIGNED_OTHER_DOCUMENT, SEAL_INVALID, SEALED_HEAD_MISMATCH (the head sealed into the executed copy is not in the chain), END_CUT or ANCHOR_MISMATCH (the head anchored in CONTRACT_CHAIN_ANCHOR is gone or differs)',
    }),
  ),
  sealValid: Nullable(Type.Boolean({ description: 'The executed copy’s seal verifies; null before execution' })),
  sealedHead: Nullable(
    Type.Object(
      { seq: Type.Integer(), hash: Type.String() },
      { description: 'The chain head the executed copy’s seal names' },
    ),
  ),
  anchoredHead: Nullable(
    Type.Object(
      { seq: Type.Integer(), hash: Type.String() },
      { description: 'The newest head written to CONTRACT_CHAIN_ANCHOR; null when not anchored' },
    ),
  ),
  documents: Type.Array(Type.Object({ kind: Type.String(), sha256: Type.String(), ok: Type.Boolean() })),
});

export const VerifyDocumentBody = Type.Object(
  {
    pdfBase64: Type.Optional(Type.String({ maxLength: 14_000_000, description: 'The PDF, base64 (≤ 10 MB)' })),
    contractNo: Type.Optional(Type.String({ maxLength: 20 })),
    sha256: Type.Optional(Sha),
  },
  { additionalProperties: false },
);
export const VerifyDocumentAnswer = Type.Object({
  result: Type.Enum(['EXECUTED_UNCHANGED', 'SIGNING_COPY', 'NOT_OURS_OR_MODIFIED']),
  sha256: Type.String(),
  contractNo: Nullable(Type.String()),
  status: Nullable(Type.String()),
  sealValid: Nullable(
    Type.Boolean({
      description: 'A PDF with a signature: whether the seal verifies (pkijs); null: no signature or no PDF',
    }),
  ),
});

export const SignerListQuery = Type.Object(
  {
    party: Type.Optional(
      Type.Enum(['BUYER', 'SUPPLIER'], {
        description: 'Whose signers: the company’s staff (the default), or a supplier’s users',
      }),
    ),
    compNo: Type.Optional(Type.String({ minLength: 1, maxLength: 10, description: 'The supplier (party SUPPLIER)' })),
  },
  { additionalProperties: false },
);
export const SignerList = Type.Object({
  rows: Type.Array(Type.Object({ userId: Type.String(), name: Type.String() })),
  total: Type.Integer(),
});

export const ContractSchemas = [ContractDetail];

/** setContractLinkage: the draft's version and its 연동 clause (LINKED) or 미연동 agreement (NOT_LINKED). */
export const ContractLinkageBody = Type.Object(
  { version: Version, ...LINKAGE_BODY_FIELDS },
  { additionalProperties: false },
);

/** The whole evidence chain of one contract, as an outsider verifies it (docs/contracts.md "Verifying the chain"). */
export const ContractChainExport = Type.Object({
  contractNo: Type.String(),
  algorithm: Type.Literal('gpms-econtract-chain-v1', {
    description: 'SHA-256 over the canonical JSON of each event with the previous hash (docs/contracts.md)',
  }),
  genesis: Type.String({ description: 'The previous hash of the first event: 64 zeros' }),
  documentSha: Nullable(Type.String({ description: 'SHA-256 of the signing copy (the document both parties sign)' })),
  executedSha: Nullable(Type.String({ description: 'SHA-256 of the executed copy, once executed' })),
  exportedAt: Type.String(),
  events: Type.Array(
    Type.Object({
      contractNo: Type.String(),
      seq: Type.Integer(),
      kind: Type.String(),
      occurredAt: Type.String({ description: 'UTC, ISO 8601 with milliseconds, as hashed' }),
      ip: Nullable(Type.String()),
      userAgent: Nullable(Type.String()),
      userId: Nullable(Type.String()),
      actorCompNo: Nullable(Type.String()),
      docSha: Nullable(Type.String()),
      detail: Type.Unknown(),
      prevHash: Type.String(),
      hash: Type.String(),
    }),
  ),
});

/** The variables a template may name, for the template editor's list. */
export const VariableList = Type.Object({
  rows: Type.Array(
    Type.Object({
      name: Type.String(),
      placeholder: Type.String({ description: 'What the template writes: {{name}}' }),
      type: Type.String({ description: 'text, money or date' }),
      label: Type.String({ description: 'What it means, in the request’s language (Accept-Language)' }),
      written: Type.String({ description: 'How its value is written in the contract' }),
    }),
  ),
  total: Type.Integer(),
});
