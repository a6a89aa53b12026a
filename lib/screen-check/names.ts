/**
 * The names a definition may use, as plain data (no React). The lists are the screen language's
 * own (schemas/screen-language/names.ts: its enums, and so the JSON Schema's); registry.test.ts
 * fails when a name has no implementation here or in lib/mask.ts.
 */
import type { MaskKind } from '../mask';
import {
  ACTION_KIND_NAMES,
  COLUMN_TYPE_NAMES,
  MASK_NAMES,
  SCREEN_KINDS,
  WIDGET_NAMES,
} from '../../schemas/screen-language/names';

export { ACTION_KIND_NAMES, COLUMN_TYPE_NAMES, MASK_NAMES, SCREEN_KINDS, WIDGET_NAMES };

/** Roots an expression may start from (engine/expr). */
/** `answer` is a call's answer, seen only by the `when` of its `successWhen` and the `query` of its `thenOpen`. */
export const EXPRESSION_ROOTS = [
  'login',
  'form',
  'row',
  'rows',
  'selection',
  'mode',
  'query',
  'node',
  'screen',
  'detail',
  'filters',
  'input',
  'answer',
] as const;

export type ScreenKindName = (typeof SCREEN_KINDS)[number];
export type WidgetName = (typeof WIDGET_NAMES)[number];
export type ColumnTypeName = (typeof COLUMN_TYPE_NAMES)[number];
export type MaskName = (typeof MASK_NAMES)[number];
export type ExpressionRoot = (typeof EXPRESSION_ROOTS)[number];

/** lib/mask.ts implements the language's masks: a compile error here when the two lists part. */
const _masksImplemented: [MaskName, MaskKind] extends [MaskKind, MaskName] ? true : never = true;
