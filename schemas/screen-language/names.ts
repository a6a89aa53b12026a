/**
 * The names a definition may use, as plain data: the language's enums are these lists, and the
 * engine's registry (engine/registry/names.ts re-exports them) implements each one
 * (engine/registry/registry.test.ts fails on a name without an implementation).
 */
export const SCREEN_KINDS = ['list', 'edit', 'tree', 'dashboard', 'custom'] as const;

export const WIDGET_NAMES = [
  'text',
  'textarea',
  'number',
  'select',
  'multiSelect',
  'checkbox',
  'date',
  'dateRange',
  'month',
  'monthRange',
  'businessSection',
  'department',
  'person',
  'company',
  'sourcingGroup',
  'employeeSearch',
  'datetime',
  'instant',
  'countdown',
  'files',
  'money',
  'password',
  'radio',
  'templateText',
] as const;

export const COLUMN_TYPE_NAMES = [
  'text',
  'number',
  'money',
  'date',
  'datetime',
  'month',
  'code',
  'checkbox',
  'link',
] as const;

/** lib/mask.ts implements them (schemas/ imports nothing of ours: registry.test.ts keeps the two lists equal). */
export const MASK_NAMES = ['phone', 'number', 'num', 'onlynum', 'taxnum', 'numComma'] as const;

export const ACTION_KIND_NAMES = [
  'search',
  'reset',
  'exportExcel',
  'call',
  'save',
  'delete',
  'workflow',
  'open',
  'navigate',
  'back',
  'new',
  'close',
] as const;

/** The action kinds by the shape of their object; together they are ACTION_KIND_NAMES. */
export const CALL_ACTION_KINDS = ['call', 'save', 'delete', 'workflow'] as const;
export const OPEN_ACTION_KINDS = ['open', 'navigate'] as const;
export const EXPORT_ACTION_KINDS = ['exportExcel'] as const;
export const SIMPLE_ACTION_KINDS = ['search', 'reset', 'back', 'new', 'close'] as const;
/** Actions that may be written as their bare name. */
export const ACTION_SHORTHANDS = ['search', 'reset', 'exportExcel', 'back', 'new'] as const;

export const PORTAL_NAMES = ['internal', 'external'] as const;

/** What runs after an action succeeds (docs/screen-definitions.md "Effects"). */
export const EFFECT_NAMES = [
  'reload',
  'back',
  'close',
  'reloadTexts',
  'reloadCodes',
  'clearSelection',
  'newRecord',
  'reloadRecord',
] as const;
