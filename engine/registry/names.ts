/**
 * The names a definition may use, as plain data (no React), so the JSON Schema, the checker and
 * the runtime registry agree: registry.test.ts fails when the schema's enums and these lists part.
 */
import { MASK_KINDS, type MaskKind } from '../../lib/mask';

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
  'files',
  'money',
  'password',
] as const;

export const COLUMN_TYPE_NAMES = ['text', 'number', 'money', 'date', 'datetime', 'code', 'checkbox', 'link'] as const;

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

export const MASK_NAMES: readonly MaskKind[] = MASK_KINDS;

/** Roots an expression may start from (engine/expr). */
export const EXPRESSION_ROOTS = ['login', 'form', 'row', 'rows', 'selection', 'mode', 'query', 'node', 'screen', 'detail', 'filters', 'input'] as const;

export type ScreenKindName = (typeof SCREEN_KINDS)[number];
export type WidgetName = (typeof WIDGET_NAMES)[number];
export type ColumnTypeName = (typeof COLUMN_TYPE_NAMES)[number];
export type ActionKindName = (typeof ACTION_KIND_NAMES)[number];
export type MaskName = MaskKind;
export type ExpressionRoot = (typeof EXPRESSION_ROOTS)[number];
