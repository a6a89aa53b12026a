import type { ApiIndex } from '../../../lib/screen-check/cross-check.js';
import { groupHoldsScreen } from '../../auth/menu-authority.js';
import type { Caller } from '../../auth/plugin.js';
import type { Db } from '../../db/connect.js';
import { invalid, missing, type FieldError } from '../../domain/errors.js';
import type { OperationInfo, Portal } from '../../http/access.js';
import { HttpError } from '../../http/errors.js';
import {
  authorityProblems,
  definitionProblems,
  storedCallProblems,
  inWords,
  MAX_SOURCE_BYTES,
  parseSource,
  sourceBytes,
  type StudioProblem,
} from './check.js';
import * as q from './queries.js';
import type { Lang } from '../../../lib/screen-check/words.js';

/**
 * What the studio's jobs share: who works in it (StudioCtx), the size and problem checks, the labels'
 * clean-up and the not-found answers. Split from service.ts so its jobs can live in files of their own
 * without importing the façade back.
 */

/** Who works in the studio and what the check reads: the caller, the API's contract and its routes' access. */
export interface StudioCtx {
  db: Db;
  caller: Caller;
  api: () => ApiIndex;
  /** The OpenAPI document itself (the generator reads the fields' types and formats). */
  doc: () => Record<string, unknown>;
  operations: ReadonlyMap<string, OperationInfo>;
  /** The reader's language (Accept-Language): problems are worded in it. */
  lang: Lang;
}

export const ENTITY = 'stored_screen';
const KINDS = new Set(['list', 'edit', 'tree', 'dashboard']);

export const screenMissing = () => missing('SCREEN_NOT_FOUND', '화면을 찾을 수 없습니다');
export const versionMissing = () => missing('SCREEN_VERSION_NOT_FOUND', '화면 버전을 찾을 수 없습니다');

/** 413 for a definition over the limit, naming where (the whole definition). */
export function checkSize(source: string): void {
  const bytes = sourceBytes(source);
  if (bytes > MAX_SOURCE_BYTES) {
    const message = `화면 정의가 너무 큽니다 (${bytes.toLocaleString('en-US')}바이트, 최대 ${MAX_SOURCE_BYTES.toLocaleString('en-US')}바이트)`;
    throw new HttpError(413, 'DEFINITION_TOO_LARGE', message, [
      { path: 'body/source', pointer: '', message, suggestion: null },
    ]);
  }
}

/** 400 naming every problem's pointer: the definition is not published (nothing changes). */
export function refuseProblems(ctx: StudioCtx, found: StudioProblem[], what: string): never {
  const problems = found.map((p) => inWords(p, ctx.lang, ctx.api()));
  const first = problems[0];
  const details = problems.map((p) => ({
    path: `body/source${p.pointer}`,
    pointer: p.pointer,
    message: p.message,
    suggestion: p.suggestion,
  }));
  throw invalid(
    'SCREEN_DEFINITION_INVALID',
    `화면 정의에 오류가 있어 ${what}할 수 없습니다 (${problems.length}건): ${first.message}`,
    details as FieldError[],
  );
}

const holdsFor = (ctx: StudioCtx) => (screens: string[], level: 'read' | 'write') =>
  groupHoldsScreen(ctx.db, ctx.caller.authGroupId, screens, level);

/** Every problem of a definition for this caller: the language, the API, the stored-screen rules and the caller's authority. Reads outside any transaction. */
export async function allProblems(
  ctx: StudioCtx,
  name: string,
  portal: Portal,
  source: string,
): Promise<{ definition: unknown; problems: StudioProblem[] }> {
  const found = definitionProblems({ name, portal, source, api: ctx.api() });
  if (found.definition === undefined) return found;
  const bound = storedCallProblems(found.definition, ctx.operations);
  if (found.problems.length > 0) return { definition: found.definition, problems: [...found.problems, ...bound] };
  const authority = await authorityProblems(found.definition, portal, ctx.operations, holdsFor(ctx));
  return { definition: found.definition, problems: [...bound, ...authority] };
}

/** Kind and title as the list shows them, read from the text even when it is not valid yet. */
export function summary(source: string, name: string): { kind: string; title: string } {
  const { definition } = parseSource(source);
  const d = (definition && typeof definition === 'object' ? definition : {}) as { kind?: unknown; title?: unknown };
  return {
    kind: typeof d.kind === 'string' && KINDS.has(d.kind) ? d.kind : 'unknown',
    title: typeof d.title === 'string' && d.title.trim() ? d.title.trim().slice(0, 200) : name,
  };
}

export const sameLabels = (a: q.LabelMap, b: q.LabelMap) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

export function cleanLabels(labels: q.LabelMap | undefined): q.LabelMap {
  const out: q.LabelMap = {};
  for (const [field, l] of Object.entries(labels ?? {})) {
    const ko = l.ko.trim();
    const en = l.en.trim();
    if (ko || en) out[field] = { ko, en };
  }
  return out;
}
