import type {
  ActionDef,
  ColumnDef,
  DetailDef,
  EditBody,
  FieldDef,
  FilterDef,
  PortalName,
  ScreenDef,
  SectionDef,
} from '../definition/types';

/** A part marked for one portal is kept on that portal only; an unmarked part on both. */
const on =
  (portal: PortalName) =>
  (part: unknown): boolean =>
    typeof part !== 'object' ||
    part === null ||
    !('portal' in part) ||
    (part as { portal?: PortalName }).portal === undefined ||
    (part as { portal?: PortalName }).portal === portal;

function actionsFor(actions: ActionDef[] | undefined, portal: PortalName): ActionDef[] | undefined {
  if (!actions) return actions;
  return actions
    .filter(on(portal))
    .map((a) =>
      typeof a === 'object' && 'prompt' in a && a.prompt
        ? { ...a, prompt: { ...a.prompt, fields: a.prompt.fields.filter(on(portal)) } }
        : a,
    );
}

const columnsFor = (columns: ColumnDef[], portal: PortalName) => columns.filter(on(portal));

function bodyFor<B extends EditBody>(body: B, portal: PortalName): B {
  return {
    ...body,
    sections: body.sections
      .filter(on(portal))
      .map((s: SectionDef) => ({ ...s, fields: s.fields.filter(on(portal)) as FieldDef[] })),
    ...(body.details
      ? {
          details: body.details
            .filter(on(portal))
            .map((d: DetailDef) => ({ ...d, columns: columnsFor(d.columns, portal) })),
        }
      : {}),
    ...(body.actions ? { actions: actionsFor(body.actions, portal) } : {}),
  };
}

/**
 * The definition as one portal shows it. A screen mounted on both portals is one definition; its
 * filters, columns, form sections and fields, detail grids (and their columns), actions and
 * prompt fields may say `portal: 'internal' | 'external'`, and the other portal never sees them —
 * not rendered, not sent, not exported. Pure: the same definition object in, a new one out (or the
 * same when nothing is marked, so memoised screens do not start over).
 */
export function definitionForPortal(def: ScreenDef, portal: PortalName): ScreenDef {
  if (!JSON.stringify(def).includes('"portal":')) return def;
  switch (def.kind) {
    case 'list':
      return {
        ...def,
        ...(def.filters ? { filters: def.filters.filter(on(portal)) as FilterDef[] } : {}),
        columns: columnsFor(def.columns, portal),
        ...(def.actions ? { actions: actionsFor(def.actions, portal) } : {}),
      };
    case 'edit':
      return bodyFor(def, portal);
    case 'tree':
      return {
        ...def,
        ...(def.actions ? { actions: actionsFor(def.actions, portal) } : {}),
        detail: bodyFor(def.detail, portal),
      };
    default:
      return def;
  }
}
