/**
 * The services a stored screen (one written in the screen studio and kept in the database) runs
 * with. Its definition was written by an analyst, not reviewed like the files in screens/, and it
 * runs with the identity of whoever opens it, so the engine holds it to what the studio's check
 * requires, again at run time — a definition stored before a rule existed is held too:
 *
 * - a call that writes (any method but GET, or one with a body) goes only when a person pressed an
 *   action and confirmed it (`CallInit.confirmed`); everything the engine calls by itself — an edit
 *   screen's load, a panel, options, values, fills, lookups, a tree — is refused before it leaves;
 * - every action that writes asks a confirmation, whatever the definition says (`confirmWrites`),
 *   worded from the operation itself, and its button shows the operation's name (`writeWords`);
 * - a GET that declares effects (evidence, an audit row, a view log) is held like a write;
 * - in the studio's preview nothing writes at all;
 * - every call carries the screen's mark (X-Studio-Screen `studio.<name>@v<N>`, or X-Studio-Preview),
 *   by which the server refuses operations bound to the caller's identity, refuses a preview's
 *   writes, and records the screen and version in the audit row of a write
 *   (server/http/studio-marks.ts).
 */
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { leavesEffects, operationWriteWords } from './write-words';
import { EngineServicesProvider, OperationError, useEngineServices, type EngineServices } from '../services';
import { useOptionalWidgetServices, WidgetServicesProvider, type WidgetServices } from '../../widgets/services';

/**
 * Which stored screen: a published version with the mark the server sealed for this session
 * (`GET /api/v1/studio/published/{name}` answers it), or a draft in the preview.
 */
export type StoredMark = { name: string; version: number; mark: string } | { name: string; preview: true };

const SCREEN_MARK_HEADER = 'X-Studio-Screen';
const PREVIEW_MARK_HEADER = 'X-Studio-Preview';

/**
 * True when the call would leave something behind: any method but GET, a body, or a GET that
 * declares effects (evidence, an audit row naming the caller, a personal-data view log).
 */
function writes(operation: string, body: unknown): boolean {
  return leavesEffects(operation, body);
}

export function storedScreenServices(
  base: EngineServices,
  mark: StoredMark,
  t: (key: string, options?: Record<string, unknown>) => string,
  lang: () => string = () => 'ko',
): EngineServices {
  const preview = 'preview' in mark;
  const header = markHeader(mark);
  // The operation by its name for people ("계약 취소"), never its id.
  const named = (operation: string) => operationWriteWords(operation, lang())?.name ?? operation;
  return {
    ...base,
    confirmWrites: true,
    writeWords: (operation) => operationWriteWords(operation, lang()),
    call(operation, input, init = {}) {
      if (writes(operation, input.body)) {
        if (preview)
          return Promise.reject(
            new OperationError(
              403,
              'STUDIO_PREVIEW_READ_ONLY',
              t('engine.previewWriteRefused', { operation: named(operation) }),
            ),
          );
        if (init.confirmed !== true)
          return Promise.reject(
            new OperationError(
              403,
              'STUDIO_WRITE_UNCONFIRMED',
              t('engine.storedWriteRefused', { operation: named(operation) }),
            ),
          );
      }
      return base.call(operation, input, { ...init, headers: { ...init.headers, ...header } });
    },
  };
}

function markHeader(mark: StoredMark): Record<string, string> {
  return 'preview' in mark ? { [PREVIEW_MARK_HEADER]: `studio.${mark.name}` } : { [SCREEN_MARK_HEADER]: mark.mark };
}

/**
 * The file widgets' services of a stored screen: an upload or a delete carries the screen's mark like
 * its operations (the server checks that the screen has a file field), and in the preview none is sent.
 */
export function storedWidgetServices(
  base: WidgetServices,
  mark: StoredMark,
  t: (key: string, options?: Record<string, unknown>) => string,
): WidgetServices {
  const headers = markHeader(mark);
  const refused = (action: 'engine.uploadFilesAction' | 'engine.deleteFileAction') => {
    const message = t('engine.previewWriteRefused', { operation: t(action) });
    return Promise.reject(
      Object.assign(new Error(message), {
        name: 'ServiceError',
        status: 403,
        code: 'STUDIO_PREVIEW_READ_ONLY',
        serverMessage: message,
      }),
    );
  };
  return {
    ...base,
    uploadFiles: (files, options) =>
      'preview' in mark ? refused('engine.uploadFilesAction') : base.uploadFiles(files, { ...options, headers }),
    deleteFile: (fileId, seq) =>
      'preview' in mark ? refused('engine.deleteFileAction') : base.deleteFile(fileId, seq, { headers }),
  };
}

/** Around a stored screen's page: the engine's and the file widgets' services of the app, held as above. */
export function StoredScreenCalls({ mark, children }: { mark: StoredMark; children: ReactNode }) {
  const base = useEngineServices();
  const widgets = useOptionalWidgetServices();
  const { t, i18n } = useTranslation();
  const key = 'preview' in mark ? `${mark.name} preview` : `${mark.name}@${mark.version} ${mark.mark}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the mark's identity is its key
  const services = useMemo(() => storedScreenServices(base, mark, t, () => i18n.language), [base, key, t, i18n]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the mark's identity is its key
  const files = useMemo(() => (widgets ? storedWidgetServices(widgets, mark, t) : null), [widgets, key, t]);
  const page = <EngineServicesProvider value={services}>{children}</EngineServicesProvider>;
  return files ? <WidgetServicesProvider services={files}>{page}</WidgetServicesProvider> : page;
}
