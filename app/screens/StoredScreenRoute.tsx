import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { ScreenPage, StoredScreenCalls, type ScreenEntry } from '../../engine';
import { apiClient } from '../api/client';
import { registerStoredLabels, storedLabelPrefix, withStoredLabelPrefix, type StoredLabels } from './stored-labels';
import { ScreenEngine } from './ScreenRoute';

interface Published {
  name: string;
  versionNo: number;
  entry: ScreenEntry;
  labels: StoredLabels;
}

/**
 * Published definitions by name and version: a version never changes, so a second visit to the
 * same version reuses the entry (the engine sees the same object; its labels are registered once).
 */
const byVersion = new Map<string, Published>();

/**
 * The route's loader: the published definition of /s/:name for the caller's portal, read from the
 * server on every visit (a restore or a new version shows at once). The server answers only to a
 * group that may open the route's menu; the engine validates the definition again when it renders
 * it (a definition that no longer fits shows its problems, never a blank page).
 */
export async function storedScreenLoader({ params }: LoaderFunctionArgs): Promise<Published & { mark: string }> {
  const name = params.name ?? '';
  const { data: body, response } = await apiClient.GET('/api/v1/studio/published/{name}', {
    params: { path: { name } },
    passErrors: true,
  });
  if (response.status === 403) throw redirect('/info401');
  if (response.status === 404 || response.status === 400) throw data(null, { status: 404 });
  if (!response.ok || !body) throw data(null, { status: response.status });
  const key = `${body.route}@${body.versionNo}`;
  // The mark is this session's (sealed by the server for it): never kept with the version.
  const kept = byVersion.get(key);
  if (kept) return { ...kept, mark: body.mark };
  const prefix = storedLabelPrefix(body.name, body.versionNo);
  const definition = withStoredLabelPrefix(body.definition, prefix);
  const published: Published = {
    name: body.name,
    versionNo: body.versionNo,
    labels: body.labels,
    entry: { id: `studio.${body.name}`, file: `studio:${body.name} v${body.versionNo}`, definition },
  };
  byVersion.set(key, published);
  return { ...published, mark: body.mark };
}

/** A published stored screen, rendered by the real engine like any built-in one. */
export function StoredScreenRoute() {
  const published = useLoaderData() as Published & { mark: string };
  const { i18n } = useTranslation();
  // Before the first render of this version: its labels are the screen's texts.
  useMemo(
    () => registerStoredLabels(i18n, storedLabelPrefix(published.name, published.versionNo), published.labels),
    [i18n, published],
  );
  return (
    <ScreenEngine>
      <StoredScreenCalls mark={{ name: published.name, version: published.versionNo, mark: published.mark }}>
        <ScreenPage key={published.entry.file} entry={published.entry} />
      </StoredScreenCalls>
    </ScreenEngine>
  );
}
