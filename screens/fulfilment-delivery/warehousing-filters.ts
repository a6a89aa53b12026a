import type { TypedFilter } from '../../engine/define';

const f = (name: string) => `screen.fulfilmentDelivery.field.${name}`;

/**
 * Spec §3's saved warehousing filter, shared by the four receipt lists (by document and by line,
 * this system's and the other systems' copies). `system` and `sourceSystemList` are not here: each
 * list places (or fixes) them itself.
 */
export function warehousingFilters(
  whReqPreset: 'last3Months' | 'thisYear',
): Array<TypedFilter<'listWarehousing' | 'listWarehousingItems'>> {
  return [
    { field: 'poNo', label: f('poNo') },
    { field: 'whReqNo', label: f('whReqNo') },
    { field: 'whAppNo', label: f('whAppNo') },
    { field: 'section', label: f('section'), widget: 'businessSection' },
    { field: 'deptName', label: f('deptName') },
    { field: 'eprName', label: f('eprName') },
    { field: 'receiveName', label: f('receiveName') },
    { field: 'expenses', label: f('expenses'), widget: 'select', codeGroup: 'EXPENSES' },
    { field: 'approvalStatus', label: f('approvalStatus'), widget: 'multiSelect', codeGroup: 'APPROVAL_STATUS' },
    { field: 'status', label: f('whStatus'), widget: 'multiSelect', codeGroup: 'WH_STATUS' },
    { field: 'whReqDates', label: f('whReqDate'), widget: 'dateRange', default: { preset: whReqPreset }, span: 2 },
    { field: 'lastDeciDates', label: f('lastDeciDate'), widget: 'dateRange', span: 2 },
  ];
}
