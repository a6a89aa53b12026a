/**
 * The fields a contract's answer (getContract, getMyContract) carries about 납품대금 연동 when it has no answer and
 * its order is not 하도급 — for the contract screens' fixtures, which the harness checks against the OpenAPI schema.
 */
export const NO_CONTRACT_LINKAGE = {
  subconKind: null,
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
  linkageCopiedFromKind: null,
  linkageCopiedFromNo: null,
};
