import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EngineServicesProvider } from '../../../../engine/services';
import {
  ScreenPage,
  StoredScreenCalls,
  useEngineServices,
  type Authority,
  type EngineServices,
  type ResultOf,
  type ScreenEntry,
} from '../../../../engine';
import type { DialogControl } from '../../../../engine/runtime/frame';
import { registerStoredLabels, withStoredLabelPrefix, type StoredLabels } from '../../../screens/stored-labels';

/** A preview is shown in place: its title is the studio's heading, and it changes no page title. */
const IN_PLACE: DialogControl = { close: () => undefined, setDirty: () => undefined, isDirty: () => false };

export interface PreviewDraft {
  name: string;
  portal: 'I' | 'X';
  definition: unknown;
  labels: StoredLabels;
  /** Increases with every preview, so the engine starts the screen afresh. */
  run: number;
  /** Preview as this authority group (the server gave it only because the analyst's own includes it). */
  asGroup?: PreviewGroup | null;
}

export type PreviewGroup = ResultOf<'getStudioPreviewGroup'>;

/** A group's authority on a route: as the menu it holds there says (no menu: none). */
export function groupAuthority(group: PreviewGroup, route: string): Authority | null {
  const path = route.replace(/^\/cyber(?=\/|$)/, '') || '/';
  const held = group.menus.filter((m) => m.path === path || m.subPaths.includes(path));
  if (held.length === 0) return null;
  return { read: held.some((m) => m.canRead), write: held.some((m) => m.canWrite) };
}

/**
 * The app's services as another group would have them: its menu authority on every route and its
 * group in the login data, so `screen.canWrite`, `login.authGroupId` and the actions they govern
 * show as that group sees them. The calls still go with the analyst's own token (and the
 * preview's mark: nothing writes).
 */
export function servicesAsGroup(base: EngineServices, group: PreviewGroup): EngineServices {
  return {
    ...base,
    authority: (route) => groupAuthority(group, route),
    loginData: () => {
      const login = base.loginData();
      return login ? { ...login, authGroupId: group.authGroupId } : login;
    },
  };
}

function AsGroup({ group, children }: { group: PreviewGroup; children: ReactNode }) {
  const base = useEngineServices();
  const services = useMemo(() => servicesAsGroup(base, group), [base, group]);
  return <EngineServicesProvider value={services}>{children}</EngineServicesProvider>;
}

/** The definition as the runtime will render it: its id, route and portal from its name (server/modules/studio/check.ts). */
function asPublished(definition: unknown, name: string, portal: 'I' | 'X'): Record<string, unknown> {
  const d = { ...(definition as Record<string, unknown>) };
  delete d.$schema;
  return { ...d, id: `studio.${name}`, route: `/s/${name}`, portals: [portal === 'X' ? 'external' : 'internal'] };
}

/**
 * The draft rendered by the real engine against the real API, as the analyst: the rows are the
 * ones the analyst's own authority reads, the labels the ones typed beside the editor. Nothing is
 * written: a preview runs as whoever presses 미리보기.
 */
export function StudioPreview({ draft }: { draft: PreviewDraft }) {
  const { i18n } = useTranslation();
  const prefix = `studio.${draft.name}.preview${draft.run}`;
  const entry = useMemo<ScreenEntry>(() => {
    registerStoredLabels(i18n, prefix, draft.labels);
    return {
      id: `studio.${draft.name}`,
      file: `studio:${draft.name} (draft)`,
      definition: withStoredLabelPrefix(asPublished(draft.definition, draft.name, draft.portal), prefix),
    };
  }, [draft, i18n, prefix]);
  const page = <ScreenPage key={draft.run} entry={entry} dialog={IN_PLACE} query={{}} />;
  // The preview reads only: every call that would write is refused before it leaves the browser.
  return (
    <StoredScreenCalls mark={{ name: draft.name, preview: true }}>
      {draft.asGroup ? <AsGroup group={draft.asGroup}>{page}</AsGroup> : page}
    </StoredScreenCalls>
  );
}
