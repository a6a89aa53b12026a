import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenPage, StoredScreenCalls, type ScreenEntry } from '../../../../engine';
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
}

/** The definition as the runtime will render it: its id, route and portal from its name (server/modules/studio/check.ts). */
export function asPublished(definition: unknown, name: string, portal: 'I' | 'X'): Record<string, unknown> {
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
    return { id: `studio.${draft.name}`, file: `studio:${draft.name} (draft)`, definition: withStoredLabelPrefix(asPublished(draft.definition, draft.name, draft.portal), prefix) };
  }, [draft, i18n, prefix]);
  // The preview reads only: every call that would write is refused before it leaves the browser.
  return (
    <StoredScreenCalls mark={{ name: draft.name, preview: true }}>
      <ScreenPage key={draft.run} entry={entry} dialog={IN_PLACE} query={{}} />
    </StoredScreenCalls>
  );
}
