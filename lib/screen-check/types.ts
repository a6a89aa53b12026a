/**
 * The screen-definition language as TypeScript types: named `Static<>` of the one definition in
 * schemas/screen-language/ (TypeBox), from which schemas/screen.schema.json is derived too
 * (`npm run codegen:screens`). Change the language there; docs/screen-definitions.md explains it.
 *
 * A definition says WHAT the screen is; the engine decides HOW. Widgets, column types, masks,
 * actions and custom components are named, never imported, and looked up in the registry.
 *
 * Interfaces (not aliases) so the compiler and editors call each type by its name.
 */
/* eslint-disable @typescript-eslint/no-empty-object-type -- each interface only names a Static<> type */
import type { Static } from 'typebox';
import type * as L from '../../schemas/screen-language';
/** 'internal' (GPMS, staff) or 'external' (OGPMS, suppliers); a part without one is on both. */
export type PortalName = Static<typeof L.Portal>;
/** Row field → the answer's field, or a list of names each filled from the same name (engine/definition/fill.ts). */
export type FillMap = Static<typeof L.Fill>;
/** Defaults a filter or a field starts with. */
export type DefaultValue = Static<typeof L.DefaultValue>;
/** What runs after an action (`then`, `thenOnError`): reload, back, close, reloadTexts, reloadCodes, clearSelection, newRecord, reloadRecord. */
export type Effect = Static<typeof L.Effect>;

export interface CodeOption extends Static<typeof L.CodeOption> {}
export interface OptionsFrom extends Static<typeof L.OptionsFrom> {}
export interface CallInputs extends Static<typeof L.CallInputs> {}
export interface FilterDef extends Static<typeof L.Filter> {}
export interface FieldDef extends Static<typeof L.Field> {}
export interface LinkDef extends Static<typeof L.Link> {}
export interface ColumnDef extends Static<typeof L.Column> {}

export interface ActionBase extends Static<typeof L.ActionBase> {}
export interface PromptDef extends Static<typeof L.Prompt> {}
export interface CallAction extends Static<typeof L.CallAction> {}
export interface OpenAction extends Static<typeof L.OpenAction> {}
export interface ExportAction extends Static<typeof L.ExportAction> {}
export interface SimpleAction extends Static<typeof L.SimpleAction> {}
export type ActionDef = Static<typeof L.Action>;

export interface SectionDef extends Static<typeof L.Section> {}
export interface DetailDef extends Static<typeof L.Detail> {}
export interface EditBody extends Static<typeof L.EditBody> {}
export interface ChooseDef extends Static<typeof L.Choose> {}

export interface ListSource extends Static<typeof L.ListSource> {}
export interface ListChartDef extends Static<typeof L.ListChart> {}
export interface ListPivotDef extends Static<typeof L.ListPivot> {}
export interface PanelDef extends Static<typeof L.Panel> {}

export interface ListScreenDef extends Static<typeof L.ListScreen> {}
export interface EditScreenDef extends Static<typeof L.EditScreen> {}
export interface TreeScreenDef extends Static<typeof L.TreeScreen> {}
export interface DashboardScreenDef extends Static<typeof L.DashboardScreen> {}
export interface CustomScreenDef extends Static<typeof L.CustomScreen> {}

export type ScreenDef = ListScreenDef | EditScreenDef | TreeScreenDef | DashboardScreenDef | CustomScreenDef;
export type ScreenKind = ScreenDef['kind'];
