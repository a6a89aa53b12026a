/**
 * The columns of a 납품대금 연동 answer (agreement_linkage and econtract_linkage have one shape, migrations 1121 and
 * 1129) as read with the answer aliased `k` and its index `linkage_index` aliased `i`: the agreement's and the
 * contract's queries select the same fields, and the two modules may not import each other.
 */
export const LINKAGE_ANSWER_COLUMNS = [
  'k.kind',
  'k.material',
  'k.sharePct',
  'k.indexCode',
  'i.indexName',
  'i.unit as indexUnit',
  'k.baseDate',
  'k.baseValue',
  'k.compareBasis',
  'k.comparePeriodMonths',
  'k.triggerPct',
  'k.formulaNote',
  'k.exceptionType',
  'k.reason',
] as const;
