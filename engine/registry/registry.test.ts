// @vitest-environment node
import { describe, expect, it } from 'vitest';
import schema from '../../schemas/screen.schema.json';
import { MASK_KINDS } from '../../lib/mask';
import { COLUMN_TYPES, columnType } from './columns';
import { KINDS } from './kinds';
import { screenKind } from './kind-lookup';
import { ACTION_KIND_NAMES, COLUMN_TYPE_NAMES, MASK_NAMES, SCREEN_KINDS, WIDGET_NAMES } from './names';
import { WIDGETS, widgetSpec } from './widgets';

type Defs = Record<string, { properties?: Record<string, { enum?: string[]; const?: string }> }>;
const defs = (schema as unknown as { definitions: Defs }).definitions;
const enumOf = (def: string, prop: string) => defs[def].properties![prop].enum;

describe('registry: plain data looked up by name, in step with the definition language', () => {
  it('the JSON Schema names exactly the registered widgets, column types, masks, kinds and actions', () => {
    expect(enumOf('filter', 'widget')).toEqual([...WIDGET_NAMES]);
    expect(enumOf('field', 'widget')).toEqual([...WIDGET_NAMES]);
    expect(enumOf('column', 'type')).toEqual([...COLUMN_TYPE_NAMES]);
    expect(enumOf('column', 'mask')).toEqual([...MASK_NAMES]);
    expect([...MASK_NAMES]).toEqual([...MASK_KINDS]);
    expect(defs.listScreen.properties!.kind.const).toBe('list');
    expect((schema as { properties: { kind: { enum: string[] } } }).properties.kind.enum).toEqual([...SCREEN_KINDS]);
    expect(
      (defs.action as unknown as { else: { properties: { kind: { enum: string[] } } } }).else.properties.kind.enum,
    ).toEqual([...ACTION_KIND_NAMES]);
  });

  it('every name has an implementation', () => {
    expect(Object.keys(WIDGETS).sort()).toEqual([...WIDGET_NAMES].sort());
    expect(Object.keys(COLUMN_TYPES).sort()).toEqual([...COLUMN_TYPE_NAMES].sort());
    expect(Object.keys(KINDS).sort()).toEqual([...SCREEN_KINDS].sort());
  });

  it('an unknown name fails loudly with what was missing and where', () => {
    expect(() => widgetSpec('datepicker', 'screens/x.screen.json#/filters/2')).toThrow(
      'Unknown widget "datepicker" at screens/x.screen.json#/filters/2; known widgets: text, textarea, number',
    );
    expect(() => columnType('toString', 'screens/x.screen.json#/columns/0/type')).toThrow(
      /Unknown column type "toString" at screens\/x\.screen\.json#\/columns\/0\/type/,
    );
    expect(() => screenKind(KINDS, 'constructor', 'here')).toThrow(/Unknown screen kind "constructor" at here/);
  });
});
