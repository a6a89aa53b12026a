/**
 * The check of a stored definition: the same rules as `npm run screens:check`
 * (lib/screen-check: the language's JSON Schema, the semantic rules, expressions parsed with the
 * engine's parser, the cross-check against the API's OpenAPI document), the rules of a stored screen
 * (its id and route are its name's, it is JSON and no custom code, its size), and the authority of
 * its author: every operation it names must be one the author may call.
 */
import {
  calledOnClick,
  checkDefinitionParts,
  operationsOf,
  shownProblem,
  type ShownProblem,
} from '../../../lib/screen-check/check.js';
import type { ApiIndex } from '../../../lib/screen-check/cross-check.js';
import type { Access, OperationInfo, Portal } from '../../http/access.js';
import { KNOWN_ROUTES } from '../portal-admin/known-routes.js';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { problemWords, type Lang } from '../../../lib/screen-check/words.js';

/** The stored text's limit: 64 KiB of UTF-8 (migration 0420, docs/studio.md). */
export const MAX_SOURCE_BYTES = 65536;

export type StudioProblem = ShownProblem & { line?: number; column?: number; place?: string };

/** A problem as the analyst reads it: its sentence in their language, its place in words (the pointer stays for the editor). */
export function inWords(p: StudioProblem, lang: Lang, api?: ApiIndex): StudioProblem {
  // Operations by their names (the contract's Korean), never their ids, in a sentence.
  const titles = api ? (op: string) => (Object.hasOwn(api, op) ? api[op]!.title : undefined) : undefined;
  const { place, message } = problemWords(p, lang, titles);
  return { ...p, place, message };
}

export const sourceBytes = (source: string): number => Buffer.byteLength(source, 'utf8');

export const routeOf = (name: string, portal: Portal): string => (portal === 'X' ? `/cyber/s/${name}` : `/s/${name}`);
/** The path a menu row stores (menus keep external paths without /cyber). */
export const menuPathOf = (name: string): string => `/s/${name}`;
const screenIdOf = (name: string): string => `studio.${name}`;

const BUILT_IN: Record<Portal, ReadonlySet<string>> = {
  I: new Set(KNOWN_ROUTES.internal.map((r) => r.toLowerCase())),
  X: new Set(KNOWN_ROUTES.external.map((r) => r.toLowerCase())),
};

/** True when a path is a route of the app itself (a stored screen can never replace one). */
export const isBuiltInRoute = (portal: Portal, path: string): boolean =>
  BUILT_IN[portal].has(path.replace(/\/+$/, '').toLowerCase());

/** The 1-based line and column of a character offset (a line ends at \n; \r\n counts as one end). */
function lineColumn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, Math.max(0, Math.min(offset, source.length))).split('\n');
  return { line: before.length, column: before[before.length - 1]!.replace(/\r$/, '').length + 1 };
}

/**
 * Malformed JSON, named by line and column: jsonc-parser (comments and trailing commas refused, as
 * JSON.parse does) gives the first error's offset and kind, where V8's message only sometimes has a
 * position and its wording changes between versions.
 */
function jsonProblem(source: string, error: Error): StudioProblem {
  const errors: ParseError[] = [];
  if (source.trim() !== '')
    parseJsonc(source, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  // "[1, 2}": the parser first asks for a comma at the "}"; the bracket left open is what is wrong.
  const name = (e: ParseError) => printParseErrorCode(e.error);
  const closer =
    errors[0] &&
    name(errors[0]) === 'CommaExpected' &&
    (source[errors[0].offset] === '}' || source[errors[0].offset] === ']');
  const open = closer
    ? errors.find((e) => name(e) === 'CloseBracketExpected' || name(e) === 'CloseBraceExpected')
    : undefined;
  // Named at the wrong closer, where the analyst looks.
  const first = open ? { ...open, offset: errors[0]!.offset } : errors[0];
  const v8 = /position (\d+)/.exec(error.message);
  const offset = first ? first.offset : v8 ? Number(v8[1]) : source.length;
  const kind = source.trim() === '' ? 'Empty' : first ? name(first) : 'Other';
  const { line, column } = lineColumn(source, offset);
  return {
    pointer: '',
    message: `not valid JSON: ${kind} (line ${line}, column ${column})`,
    suggestion: null,
    line,
    column,
    code: 'json.syntax',
    params: { line, column, error: kind },
  };
}

export function parseSource(source: string): { definition: unknown; problems: StudioProblem[] } {
  try {
    return { definition: JSON.parse(source) as unknown, problems: [] };
  } catch (e) {
    return { definition: undefined, problems: [jsonProblem(source, e as Error)] };
  }
}

/**
 * Every `route` (or `menu`) of a definition that starts with `//`: the language's route pattern admits
 * it, but a browser reads `//host/path` as another site's address, so a link or a refusal's redirect of
 * a stored screen could lead a user off the application.
 */
function offSiteRoutes(def: unknown, pointer = ''): string[] {
  if (Array.isArray(def)) return def.flatMap((v, i) => offSiteRoutes(v, `${pointer}/${i}`));
  if (!def || typeof def !== 'object') return [];
  return Object.entries(def as Record<string, unknown>).flatMap(([k, v]) => {
    const at = `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if ((k === 'route' || k === 'menu') && typeof v === 'string') return v.startsWith('//') ? [at] : [];
    return offSiteRoutes(v, at);
  });
}

/** What a stored screen must be beyond the language: its own id and route, its portal, no code. */
function storedRules(def: unknown, name: string, portal: Portal): StudioProblem[] {
  const out: StudioProblem[] = [];
  if (!def || typeof def !== 'object' || Array.isArray(def))
    return [
      { pointer: '', message: 'a definition is a JSON object', suggestion: null, code: 'stored.notObject', params: {} },
    ];
  for (const pointer of offSiteRoutes(def))
    out.push({
      pointer,
      message: 'a route starts with a single "/" and names a page of this application: "//" would lead to another site',
      suggestion: null,
      code: 'stored.offSite',
      params: {},
    });
  const d = def as Record<string, unknown>;
  const id = screenIdOf(name);
  if (d.id !== undefined && d.id !== id)
    out.push({
      pointer: '/id',
      message: `a stored screen's id is ${JSON.stringify(id)} (from its name); got ${JSON.stringify(d.id)}`,
      suggestion: id,
      code: 'stored.id',
      params: { expected: id, got: String(d.id) },
    });
  const path = menuPathOf(name);
  if (typeof d.route === 'string' && d.route !== path) {
    const shadow = isBuiltInRoute(portal, d.route)
      ? `${d.route} is a built-in route of the app, which a stored screen can never replace`
      : `a stored screen is served at its own route`;
    out.push({
      pointer: '/route',
      message: `${shadow}: write ${JSON.stringify(path)} (or leave "route" out)`,
      suggestion: path,
      code: 'stored.route',
      params: { route: d.route, path, builtIn: isBuiltInRoute(portal, d.route) },
    });
  }
  const wanted = portal === 'X' ? 'external' : 'internal';
  if (d.portals !== undefined && !(Array.isArray(d.portals) && d.portals.length === 1 && d.portals[0] === wanted)) {
    out.push({
      pointer: '/portals',
      message: `this screen is published to the ${wanted} portal: write ["${wanted}"] (or leave "portals" out)`,
      suggestion: null,
      code: 'stored.portals',
      params: { portal: wanted },
    });
  }
  if (d.kind === 'custom')
    out.push({
      pointer: '/kind',
      message:
        'a stored screen is a definition only: custom components are code, written by developers (kinds: list, edit, tree, dashboard)',
      suggestion: null,
      code: 'stored.custom',
      params: {},
    });
  if (d.devOnly !== undefined)
    out.push({
      pointer: '/devOnly',
      message: 'a stored screen is never a development page',
      suggestion: null,
      code: 'stored.devOnly',
      params: {},
    });
  return out;
}

/**
 * The definition as the runtime renders it: its id and route filled from its name, its portal
 * from where it is published (the analyst may leave them out).
 */
export function completed(def: unknown, name: string, portal: Portal): Record<string, unknown> {
  const d = { ...(def as Record<string, unknown>) };
  delete d.$schema;
  return { ...d, id: screenIdOf(name), route: menuPathOf(name), portals: [portal === 'X' ? 'external' : 'internal'] };
}

export interface CheckInput {
  name: string;
  portal: Portal;
  source: string;
  api: ApiIndex;
}

/** The problems found without asking anyone's authority (a draft's save records them). */
export function definitionProblems(input: CheckInput): { definition: unknown; problems: StudioProblem[] } {
  if (sourceBytes(input.source) > MAX_SOURCE_BYTES) {
    return {
      definition: undefined,
      problems: [
        {
          pointer: '',
          message: `the definition is ${sourceBytes(input.source)} bytes; a stored screen holds at most ${MAX_SOURCE_BYTES} bytes (64 KiB)`,
          suggestion: null,
          code: 'stored.tooLarge',
          params: { bytes: sourceBytes(input.source), max: MAX_SOURCE_BYTES },
        },
      ],
    };
  }
  const parsed = parseSource(input.source);
  if (parsed.problems.length > 0) return parsed;
  const own = storedRules(parsed.definition, input.name, input.portal);
  if (own.some((p) => p.pointer === '')) return { definition: parsed.definition, problems: own };
  const file = `studio:${input.name}`;
  const { shape, api } = checkDefinitionParts(completed(parsed.definition, input.name, input.portal), {
    api: input.api,
    file,
    screens: null,
  });
  return { definition: parsed.definition, problems: [...own, ...[...shape, ...api].map(shownProblem)] };
}

export type Holds = (screens: string[], level: 'read' | 'write') => Promise<boolean>;

function accessProblem(op: string, info: OperationInfo | undefined, portal: Portal): string | null {
  const access: Access | undefined = info?.access;
  if (!access) return null; // not an operation of this server: the cross-check names it
  if (access.kind === 'public') return null;
  if (access.portals && !access.portals.includes(portal))
    return `${op} is not served to the ${portal === 'X' ? 'external' : 'internal'} portal`;
  return null;
}

/**
 * What a stored screen may never call, whoever its author is:
 * - an operation whose rule is who calls (`config.identityBound`: the caller's own account, a decision,
 *   a grant), in any place, click actions included: the person who opens the screen would be the one
 *   doing it, not the author;
 * - a GET that leaves something behind (`config.effects`: evidence, an audit row naming the caller, a
 *   personal-data view log) anywhere the engine calls by itself: opening a menu would make the viewer
 *   "view" a contract or the bids. (Any other method there is the cross-check's `api.automaticWrite`.)
 */
export function storedCallProblems(def: unknown, operations: ReadonlyMap<string, OperationInfo>): StudioProblem[] {
  return [...identityProblems(def, operations), ...automaticEffectProblems(def, operations)];
}

function automaticEffectProblems(def: unknown, operations: ReadonlyMap<string, OperationInfo>): StudioProblem[] {
  return operationsOf(def).flatMap(({ operation, pointer }) => {
    const info = operations.get(operation);
    if (!info || info.method !== 'GET' || info.effects.length === 0 || calledOnClick(pointer)) return [];
    if (info.identityBound === true) return [];
    return [
      {
        pointer,
        message: `${operation} reads but leaves ${info.effects.join(', ')} behind: a stored screen never calls it when it opens or as someone types; put it in an action a person presses and confirms`,
        suggestion: null,
        code: 'stored.automaticEffect',
        params: { op: operation, effects: [...info.effects] },
      },
    ];
  });
}

function identityProblems(def: unknown, operations: ReadonlyMap<string, OperationInfo>): StudioProblem[] {
  return operationsOf(def)
    .filter(({ operation }) => operations.get(operation)?.identityBound === true)
    .map(({ operation, pointer }) => ({
      pointer,
      message: `${operation} acts as the person who calls it (their own account, a decision or a grant): a stored screen can never call it; the people it belongs to use its own screen`,
      suggestion: null,
      code: 'stored.identityBound',
      params: { op: operation },
    }));
}

/**
 * Every operation the definition names must be one its author may call, at the level the
 * operation declares: a stored screen cannot reach further than its author's own authority.
 */
export async function authorityProblems(
  def: unknown,
  portal: Portal,
  operations: ReadonlyMap<string, OperationInfo>,
  holds: Holds,
): Promise<StudioProblem[]> {
  const out: StudioProblem[] = [];
  const answers = new Map<string, boolean>();
  for (const { operation, pointer } of operationsOf(def)) {
    const info = operations.get(operation);
    const portalProblem = accessProblem(operation, info, portal);
    if (portalProblem) {
      out.push({
        pointer,
        message: portalProblem,
        suggestion: null,
        code: 'stored.portalAccess',
        params: { op: operation, portal },
      });
      continue;
    }
    if (info?.identityBound) continue; // identityProblems names it
    const access = info?.access;
    if (!access || access.kind !== 'login' || access.screens.length === 0) continue;
    const key = `${access.level} ${access.screens.join(' ')}`;
    if (!answers.has(key)) answers.set(key, await holds(access.screens, access.level));
    if (!answers.get(key)) {
      out.push({
        pointer,
        message: `you may not call ${operation}: it needs ${access.level} authority on a menu opening ${access.screens.join(', ')}, which your authority group lacks`,
        suggestion: null,
        code: 'stored.authority',
        params: { op: operation, level: access.level, screens: access.screens },
      });
    }
  }
  return out;
}
