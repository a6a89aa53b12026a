/**
 * Typed definitions: `defineListScreen({ … })` lets the compiler check the operation id, the
 * filter parameters and the column fields against the generated API types (schemas/api-types.generated),
 * the way `npm run screens:check` checks JSON definitions. No React here: screens/ imports this.
 */
import type { operations as ApiOperations } from '../schemas/api-types.generated';
import type { OperationId } from '../schemas/operations.generated';
import type {
  ColumnDef,
  CustomScreenDef,
  DashboardScreenDef,
  EditScreenDef,
  FilterDef,
  ListScreenDef,
  ListSource,
  TreeScreenDef,
} from './definition/types';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Answer<Op extends OperationId> = ApiOperations[Op]['responses'] extends { 200: infer R } ? Json<R> : never;

/** Operations whose answer is `{ rows, total }`. */
export type ListOperationId = {
  [K in OperationId]: Answer<K> extends { rows: Array<unknown>; total: number } ? K : never;
}[OperationId];
/** One row of a list operation. */
type RowOf<Op extends OperationId> =
  Answer<Op> extends { rows: Array<infer R> } ? R : Answer<Op> extends Array<infer R> ? R : never;
type QueryOf<Op extends OperationId> = NonNullable<ApiOperations[Op]['parameters']['query']>;
/** Query parameters a filter may send (paging and sorting are the engine's). */
type FilterParamOf<Op extends OperationId> = Exclude<Extract<keyof QueryOf<Op>, string>, 'page' | 'size' | 'sort'>;
export type FieldOf<Op extends OperationId> = Extract<keyof RowOf<Op>, string>;

export type TypedFilter<Op extends OperationId> =
  | (FilterDef & { field: FilterParamOf<Op>; params?: undefined })
  | (FilterDef & { params: Record<string, FilterParamOf<Op>> });
export type TypedColumn<Op extends OperationId> = ColumnDef & { field: FieldOf<Op>; currencyField?: FieldOf<Op> };

export interface TypedListScreen<Op extends ListOperationId> extends Omit<
  ListScreenDef,
  'kind' | 'source' | 'columns' | 'filters'
> {
  source: Omit<ListSource, 'operation' | 'rowKey' | 'defaultSort'> & {
    operation: Op;
    rowKey?: FieldOf<Op>;
    defaultSort?: `${FieldOf<Op>}:${'asc' | 'desc'}`;
  };
  filters?: Array<TypedFilter<Op>>;
  columns: Array<TypedColumn<Op>>;
}

/** A list screen whose operation, filters and columns the compiler checks. */
export function defineListScreen<Op extends ListOperationId>(def: TypedListScreen<Op>): ListScreenDef {
  return { ...def, kind: 'list' } as ListScreenDef;
}

export function defineEditScreen(def: Omit<EditScreenDef, 'kind'>): EditScreenDef {
  return { ...def, kind: 'edit' } as EditScreenDef;
}

export function defineTreeScreen<Op extends OperationId>(
  def: Omit<TreeScreenDef, 'kind' | 'tree'> & {
    tree: Omit<TreeScreenDef['tree'], 'operation' | 'idField' | 'labelField' | 'parentField' | 'detailField'> & {
      operation: Op;
      idField: FieldOf<Op>;
      labelField: FieldOf<Op>;
      parentField?: FieldOf<Op>;
      detailField?: FieldOf<Op>;
    };
  },
): TreeScreenDef {
  return { ...def, kind: 'tree' } as TreeScreenDef;
}

export function defineDashboard(def: Omit<DashboardScreenDef, 'kind'>): DashboardScreenDef {
  return { ...def, kind: 'dashboard' };
}

export function defineCustomScreen(def: Omit<CustomScreenDef, 'kind'>): CustomScreenDef {
  return { ...def, kind: 'custom' };
}

export type {
  ListScreenDef,
  EditScreenDef,
  TreeScreenDef,
  DashboardScreenDef,
  CustomScreenDef,
} from './definition/types';
