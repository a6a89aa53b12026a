/** The flat `linkage…` fields of a document (agreement or contract) with no 납품대금 연동 answer yet. */
export const NO_LINKAGE_ANSWER = {
  linkageKind: null,
  linkageMaterial: null,
  linkageSharePct: null,
  linkageIndexCode: null,
  linkageIndexName: null,
  linkageIndexUnit: null,
  linkageBaseDate: null,
  linkageBaseValue: null,
  linkageCompareBasis: null,
  linkageComparePeriodMonths: null,
  linkageTriggerPct: null,
  linkageFormulaNote: null,
  linkageExceptionType: null,
  linkageReason: null,
};

/**
 * An agreement's answer without a 납품대금 연동 answer, proposals or dated prices (a draft's, or an active one's whose
 * prices were never changed and are not shown: getAgreement and getSupplierAgreement alike).
 */
export const NO_LINKAGE = {
  priceHistory: [],
  linkageProposals: [],
  linkageProposalLines: [],
  openLinkageProposalNo: null,
  openLinkageProposalVersion: null,
  ...NO_LINKAGE_ANSWER,
};

/**
 * The answer of createAgreementFromAward as the server gives it (a draft agreement, AgreementDetail),
 * for the award screens' fixtures: the agreement made, its lines from the award.
 */
export function draftAgreementAnswer(o: {
  agreementNo: string;
  sourceType: 'RFQ' | 'TENDER' | 'AUCTION';
  sourceNo: string;
  compNo: string;
  compNameKr: string;
  title: string;
  validFrom: string;
  validTo: string;
  lines: ReadonlyArray<{ itemName: string; unitCode: string; unitPrice: string; agreedQty: string | null }>;
}) {
  const at = '2026-11-20T01:00:00.000Z';
  const lines = o.lines.map((l, i) => ({
    lineNo: i + 1,
    itemCode: null,
    itemName: l.itemName,
    spec: null,
    unitCode: l.unitCode,
    sgCode: null,
    unitPrice: l.unitPrice,
    agreedQty: l.agreedQty,
    orderedQty: '0.000',
    orderedAmount: '0.00',
    remainingQty: l.agreedQty,
    prices: [],
  }));
  return {
    agreementNo: o.agreementNo,
    compNo: o.compNo,
    compNameKr: o.compNameKr,
    title: o.title,
    currency: 'KRW',
    validFrom: o.validFrom,
    validTo: o.validTo,
    status: 'DRAFT',
    ceilingAmount: null,
    orderedAmount: '0.00',
    remainingAmount: null,
    contractNo: null,
    buyerName: '김민수',
    version: 1,
    lines,
    ...NO_LINKAGE,
    subconKind: null,
    // The call-off dialog's rows: one per line (no PR asked).
    callOffLines: lines.map((l) => ({
      rowNo: l.lineNo,
      agreementLineNo: l.lineNo,
      itemCode: l.itemCode,
      itemName: l.itemName,
      spec: l.spec,
      unitCode: l.unitCode,
      unitPrice: l.unitPrice,
      agreedQty: l.agreedQty,
      orderedQty: l.orderedQty,
      remainingQty: l.remainingQty,
      prLineNo: null,
      prQuantity: null,
      prOrderedQty: null,
      prRemainingQty: null,
    })),
    callOffPolicy: 'REFUSE',
    approvalStatus: 'NONE',
    buyerId: 'E000004',
    section: 'D1000',
    deptcd: 'D1240',
    sourceType: o.sourceType,
    sourceNo: o.sourceNo,
    remark: null,
    approvedAt: null,
    expiredAt: null,
    terminatedAt: null,
    terminateReason: null,
    createdBy: 'operator',
    createdAt: at,
    updatedAt: at,
    callOffs: [],
    approvals: [],
    history: [],
    pendingApprovalId: null,
    pendingApprovalVersion: null,
    currentApproverName: null,
    approvalSteps: [],
    actions: ['update', 'delete', 'submit'],
  };
}
