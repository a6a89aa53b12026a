/** Labels and options shared by the supplier application screens (keys in ./i18n). */
export const F = (name: string) => `screen.supplierApply.field.${name}`;
export const T = (name: string) => `screen.supplierApply.${name}`;
export const may = (action: string) => `contains(row.actions, '${action}')`;
const opts = (group: string, values: string[]) =>
  values.map((value) => ({ value, text: `option.supplierApply.${group}.${value}` }));
export const APP_STATUS = opts('appStatus', ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'EXPIRED']);
export const APPLY_TYPE = opts('applyType', ['NEW_COMPANY', 'NEW_USER']);
export const USER_DECISION = opts('userDecision', ['PENDING', 'APPROVED', 'REJECTED']);
export const EVAL_STATUS = opts('evalStatus', ['OPEN', 'PASSED', 'FAILED', 'CANCELLED']);
