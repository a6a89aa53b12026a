import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../http/list-query.js';
import { ActionList, Attachment, Nullable, StatusList, Version, YN } from '../../domain/schemas.js';

/** Supplier applications (public wizard, RegisterUser, compRegList) and registration evaluations (compRegMng*). */
const APPLICATION_STATES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
const EVALUATION_STATES = ['OPEN', 'PASSED', 'FAILED', 'CANCELLED'] as const;
const APPLY_TYPES = ['NEW_COMPANY', 'NEW_USER'] as const;

export const ReceiptParams = Type.Object(
  { receiptNo: Type.String({ pattern: '^SA[0-9]{4}-[0-9]{6}$', description: 'Receipt number, SA2026-000001' }) },
  { additionalProperties: false },
);
export const EvalNoParams = Type.Object(
  {
    evalNo: Type.String({
      pattern: '^CRE[0-9]{4}-[0-9]{6}$',
      description: 'Registration evaluation number, CRE2026-000001',
    }),
  },
  { additionalProperties: false },
);
export const SecretHeaders = Type.Object({
  'x-apply-secret': Type.String({
    minLength: 20,
    maxLength: 100,
    description: 'The secret answered when the application was started',
  }),
});

const Text = (max: number) => Type.String({ maxLength: max });

export const StartBody = Type.Object(
  {
    applyType: Type.Enum([...APPLY_TYPES], {
      description: 'NEW_COMPANY a new supplier company; NEW_USER a new user for a registered company',
    }),
  },
  { additionalProperties: false },
);
export const StartAnswer = Type.Object({
  receiptNo: Type.String(),
  secret: Type.String(),
  applyType: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  step: Type.Integer(),
});

export const Terms = Type.Object({
  rows: Type.Array(
    Type.Object({
      kind: Type.String(),
      version: Type.String(),
      title: Type.String(),
      body: Type.String(),
      effectiveFrom: Type.String(),
    }),
  ),
  total: Type.Integer(),
});

const Option = Type.Object({ value: Type.String(), text: Type.String() });
export const ApplyOptions = Type.Object({ banks: Type.Array(Option), categories: Type.Array(Option) });

export const ConsentBody = Type.Object(
  { termsVersion: Text(20), privacyVersion: Text(20), agreeTerms: Type.Boolean(), agreePrivacy: Type.Boolean() },
  { additionalProperties: false },
);

export const CompanyBody = Type.Object(
  {
    taxNo: Type.String({ maxLength: 12, description: 'Business registration number, 123-45-67890 or 10 digits' }),
    corpNo: Type.Optional(
      Nullable(Type.String({ maxLength: 14, description: 'Corporate registration number, 13 digits' })),
    ),
    compNameKr: Type.Optional(Text(200)),
    compNameEn: Type.Optional(Nullable(Text(200))),
    ceoName: Type.Optional(Text(100)),
    zipCode: Type.Optional(Nullable(Text(10))),
    address: Type.Optional(Text(600)),
    bizType: Type.Optional(Nullable(Text(200))),
    bizItem: Type.Optional(Nullable(Text(200))),
    phoneNo: Type.Optional(Nullable(Text(20))),
    catCodes: Type.Optional(Type.Array(Text(20), { maxItems: 30 })),
    bankCode: Type.Optional(Text(10)),
    bankAccount: Type.Optional(Text(30)),
    bankHolder: Type.Optional(Text(100)),
  },
  { additionalProperties: false },
);

export const FileKindParams = Type.Object(
  {
    receiptNo: ReceiptParams.properties.receiptNo,
    kind: Type.Enum(['CERT', 'BANKBOOK'], { description: 'CERT registration certificate, BANKBOOK bankbook copy' }),
  },
  { additionalProperties: false },
);

export const OtpBody = Type.Object({ cellPhoneNo: Type.String({ maxLength: 20 }) }, { additionalProperties: false });
export const OtpAnswer = Type.Object({ sentTo: Type.String(), expiresAt: Type.String({ format: 'date-time' }) });

export const SubmitBody = Type.Object(
  {
    userId: Type.String({ maxLength: 50 }),
    hname: Type.String({ maxLength: 100 }),
    phoneNo: Type.Optional(Nullable(Text(20))),
    cellPhoneNo: Type.String({ maxLength: 20 }),
    email: Type.String({ maxLength: 100 }),
    password: Type.String({ maxLength: 100 }),
    otpCode: Type.String({ maxLength: 10 }),
  },
  { additionalProperties: false },
);

/** What the applicant reads back of its own application (no password, no secret, no other company's name). */
export const PublicApplication = Type.Object({
  receiptNo: Type.String(),
  applyType: Type.String(),
  status: Type.String(),
  step: Type.Integer(),
  expiresAt: Type.String({ format: 'date-time' }),
  termsVersion: Nullable(Type.String()),
  privacyVersion: Nullable(Type.String()),
  taxNo2: Nullable(Type.String()),
  corpNo: Nullable(Type.String()),
  compNameKr: Nullable(Type.String()),
  compNameEn: Nullable(Type.String()),
  ceoName: Nullable(Type.String()),
  zipCode: Nullable(Type.String()),
  address: Nullable(Type.String()),
  bizType: Nullable(Type.String()),
  bizItem: Nullable(Type.String()),
  phoneNo: Nullable(Type.String()),
  catCodes: Type.Array(Type.String()),
  bankCode: Nullable(Type.String()),
  bankAccount: Nullable(Type.String()),
  bankHolder: Nullable(Type.String()),
  certName: Nullable(Type.String()),
  bankbookName: Nullable(Type.String()),
  phoneVerified: Type.Boolean(),
  submittedAt: Nullable(Type.String({ format: 'date-time' })),
});

export const UploadAnswer = Type.Object({
  kind: Type.String(),
  originalName: Type.String(),
  sizeBytes: Type.Integer(),
});

export const APPLICATION_SORT = ['receiptNo', 'submittedAt', 'compNameKr', 'status', 'applyType', 'userId'] as const;

export const ApplicationListQuery = Type.Object(
  {
    receiptNo: Type.Optional(Text(20)),
    compNameKr: Type.Optional(Text(100)),
    applyType: Type.Optional(Type.Enum([...APPLY_TYPES])),
    status: StatusList(APPLICATION_STATES),
    userDecision: Type.Optional(Type.Enum(['PENDING', 'APPROVED', 'REJECTED'])),
    fromDate: Type.Optional(Type.String({ format: 'date' })),
    toDate: Type.Optional(Type.String({ format: 'date' })),
    ...PagingQuery,
    sort: SortQuery(APPLICATION_SORT),
  },
  { additionalProperties: false },
);

const ApplicationRow = Type.Object({
  receiptNo: Type.String(),
  applyType: Type.String(),
  status: Type.String(),
  step: Type.Integer(),
  taxNo2: Nullable(Type.String()),
  corpNo: Nullable(Type.String()),
  compNameKr: Nullable(Type.String()),
  ceoName: Nullable(Type.String()),
  address: Nullable(Type.String()),
  bizType: Nullable(Type.String()),
  bizItem: Nullable(Type.String()),
  compNo: Nullable(Type.String()),
  userId: Nullable(Type.String()),
  hname: Nullable(Type.String()),
  email: Nullable(Type.String()),
  cellPhoneNo: Nullable(Type.String()),
  bankCode: Nullable(Type.String()),
  bankAccount: Nullable(Type.String({ description: 'Masked unless the caller keeps the supplier master' })),
  bankHolder: Nullable(Type.String()),
  userDecision: Type.String(),
  userDecidedBy: Nullable(Type.String()),
  userDecidedAt: Nullable(Type.String({ format: 'date-time' })),
  evalNo: Nullable(Type.String()),
  evalStatus: Nullable(Type.String()),
  score: Nullable(Type.Integer()),
  duplicateOf: Nullable(
    Type.String({ description: 'Staff only: the registered company already holding this business number' }),
  ),
  rejectReason: Nullable(Type.String()),
  submittedAt: Nullable(Type.String({ format: 'date-time' })),
  decidedAt: Nullable(Type.String({ format: 'date-time' })),
  expiresAt: Type.String({ format: 'date-time' }),
  version: Version,
  actions: ActionList,
});
export const ApplicationList = Type.Object({ rows: Type.Array(ApplicationRow), total: Type.Integer() });
export const ApplicationDetail = Type.Object({
  ...ApplicationRow.properties,
  catNames: Type.Array(Type.String()),
  attachments: Type.Array(Attachment),
  fileId: Nullable(Type.String()),
});

export const ApplicationDecisionBody = Type.Object(
  { version: Version, comment: Type.Optional(Nullable(Text(3000))) },
  { additionalProperties: false },
);

export const EVALUATION_SORT = ['evalNo', 'createdAt', 'status', 'score', 'compNameKr', 'evaluatedAt'] as const;

export const EvaluationListQuery = Type.Object(
  {
    evalNo: Type.Optional(Text(20)),
    compNameKr: Type.Optional(Text(100)),
    status: StatusList(EVALUATION_STATES),
    ...PagingQuery,
    sort: SortQuery(EVALUATION_SORT),
  },
  { additionalProperties: false },
);

const EvaluationRow = Type.Object({
  evalNo: Type.String(),
  receiptNo: Type.String(),
  compNameKr: Nullable(Type.String()),
  taxNo2: Nullable(Type.String()),
  ceoName: Nullable(Type.String()),
  applicationStatus: Type.String(),
  userDecision: Type.String(),
  status: Type.String(),
  chkCert: YN,
  chkBank: YN,
  chkTax: YN,
  chkCredit: YN,
  chkQuality: YN,
  score: Nullable(Type.Integer()),
  passMark: Type.Integer(),
  remark: Nullable(Type.String()),
  failReason: Nullable(Type.String()),
  evaluator: Nullable(Type.String()),
  evaluatorName: Nullable(Type.String()),
  evaluatedAt: Nullable(Type.String({ format: 'date-time' })),
  createdAt: Type.String({ format: 'date-time' }),
  compNo: Nullable(Type.String()),
  version: Version,
  actions: ActionList,
});
export const EvaluationList = Type.Object({ rows: Type.Array(EvaluationRow), total: Type.Integer() });
export const EvaluationDetail = Type.Object({
  ...EvaluationRow.properties,
  attachments: Type.Array(Attachment),
  bizType: Nullable(Type.String()),
  bizItem: Nullable(Type.String()),
  address: Nullable(Type.String()),
});

export const EvaluationSaveBody = Type.Object(
  {
    version: Version,
    chkCert: Type.Optional(YN),
    chkBank: Type.Optional(YN),
    chkTax: Type.Optional(YN),
    chkCredit: Type.Optional(YN),
    chkQuality: Type.Optional(YN),
    score: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100 }))),
    remark: Type.Optional(Nullable(Text(3000))),
  },
  { additionalProperties: false },
);
export const EvaluationFailBody = Type.Object(
  { version: Version, reason: Type.String({ maxLength: 3000 }) },
  { additionalProperties: false },
);
