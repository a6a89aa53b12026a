/**
 * The services a stored screen (one written in the screen studio and kept in the database) runs
 * with. Its definition was written by an analyst, not reviewed like the files in screens/, and it
 * runs with the identity of whoever opens it, so the engine holds it to what the studio's check
 * requires, again at run time — a definition stored before a rule existed is held too:
 *
 * - a call that writes (any method but GET, or one with a body) goes only when a person pressed an
 *   action and confirmed it (`CallInit.confirmed`); everything the engine calls by itself — an edit
 *   screen's load, a panel, options, values, fills, lookups, a tree — is refused before it leaves;
 * - every action that writes asks a confirmation, whatever the definition says (`confirmWrites`);
 * - in the studio's preview nothing writes at all;
 * - every call carries the screen's mark (X-Studio-Screen `studio.<name>@v<N>`, or X-Studio-Preview),
 *   by which the server refuses operations bound to the caller's identity, refuses a preview's
 *   writes, and records the screen and version in the audit row of a write
 *   (server/http/studio-marks.ts).
 */
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isOperationId, operations } from '../../schemas/operations.generated';
import { EngineServicesProvider, OperationError, useEngineServices, type EngineServices } from '../services';

/** Which stored screen: a published version, or a draft in the preview. */
export type StoredMark = { name: string; version: number } | { name: string; preview: true };

export const SCREEN_MARK_HEADER = 'X-Studio-Screen';
export const PREVIEW_MARK_HEADER = 'X-Studio-Preview';

/** True when the call would change something: any method but GET, or a body. */
export function writes(operation: string, body: unknown): boolean {
  const method = isOperationId(operation) ? operations[operation].method.toLowerCase() : null;
  return method !== 'get' || body !== undefined;
}

export function storedScreenServices(
  base: EngineServices,
  mark: StoredMark,
  t: (key: string, options?: Record<string, unknown>) => string,
): EngineServices {
  const preview = 'preview' in mark;
  const header: Record<string, string> = preview
    ? { [PREVIEW_MARK_HEADER]: `studio.${mark.name}` }
    : { [SCREEN_MARK_HEADER]: `studio.${mark.name}@v${mark.version}` };
  return {
    ...base,
    confirmWrites: true,
    call(operation, input, init = {}) {
      if (writes(operation, input.body)) {
        if (preview)
          return Promise.reject(
            new OperationError(403, 'STUDIO_PREVIEW_READ_ONLY', t('engine.previewWriteRefused', { operation })),
          );
        if (init.confirmed !== true)
          return Promise.reject(
            new OperationError(403, 'STUDIO_WRITE_UNCONFIRMED', t('engine.storedWriteRefused', { operation })),
          );
      }
      return base.call(operation, input, { ...init, headers: { ...init.headers, ...header } });
    },
  };
}

/** Around a stored screen's page: the engine's services of the app, held as above. */
export function StoredScreenCalls({ mark, children }: { mark: StoredMark; children: ReactNode }) {
  const base = useEngineServices();
  const { t } = useTranslation();
  const key = 'preview' in mark ? `${mark.name} preview` : `${mark.name}@${mark.version}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the mark's identity is its key
  const services = useMemo(() => storedScreenServices(base, mark, t), [base, key, t]);
  return <EngineServicesProvider value={services}>{children}</EngineServicesProvider>;
}
