/**
 * Engine services answered from memory, for stories, tests and the benchmarks: each operation
 * id gets a handler; list handlers page, sort and filter like the server (pagedAnswer).
 */
import { createFixtureContract, type FixtureContract } from '../../widgets/testing/fixture-contract';
import { FIXTURE_CODES, FIXTURE_LOGINS } from '../../widgets/testing/fixture-services';
import type { CodeOption, LoginData } from '../../widgets/services';
import { OperationError, type Authority, type CallInit, type EngineServices, type OperationInput } from '../services';

export type FixtureHandler = (input: OperationInput) => unknown;

export interface FixtureEngineOptions {
  answers?: Record<string, FixtureHandler>;
  codes?: Record<string, readonly CodeOption[]>;
  /** Default: group 99 (system). null: nobody logged in. */
  login?: LoginData | null;
  /** Default: read and write everywhere. */
  authority?: Authority | null | ((route: string) => Authority | null);
  portal?: 'internal' | 'external';
  /** The menu entry opening a route (EngineServices.menuOf); default: none. */
  menuOf?: EngineServices['menuOf'];
  /** Milliseconds every answer takes (0: the next macrotask). */
  delayMs?: number;
  reloadTexts?: () => Promise<void>;
  /** Checks every answer against the OpenAPI response schema (default: a contract of these services' own). */
  contract?: FixtureContract;
  /** Operations whose answers the default contract leaves unchecked, each with its reason (a TODO; see fixture-contract.ts). */
  uncheckedAnswers?: Readonly<Record<string, string>>;
}

export interface FixtureEngineServices extends EngineServices {
  /** Every call made, in order (tests read them). */
  calls: Array<{ operation: string; input: OperationInput }>;
  /** Replaces code groups, as a login check in another language does, and tells subscribers. */
  setCodes(next: Record<string, readonly CodeOption[]>): void;
}

export const FIXTURE_ENGINE_CODES: Record<string, readonly CodeOption[]> = {
  ...FIXTURE_CODES,
  USE_YN: [
    { value: 'Y', text: '사용' },
    { value: 'N', text: '미사용' },
  ],
  YN: [
    { value: 'Y', text: '예' },
    { value: 'N', text: '아니오' },
  ],
  USER_STATUS: [
    { value: 'NORMAL', text: '정상' },
    { value: 'DORMANT', text: '휴면' },
    { value: 'ABNORMAL', text: '비정상' },
  ],
};

function abortError(): Error {
  return Object.assign(new Error('aborted'), { name: 'AbortError' });
}

export function createFixtureEngineServices(options: FixtureEngineOptions = {}): FixtureEngineServices {
  const calls: FixtureEngineServices['calls'] = [];
  let codes: Record<string, readonly CodeOption[]> = { ...FIXTURE_ENGINE_CODES, ...(options.codes ?? {}) };
  const codeListeners = new Set<() => void>();
  const login = options.login === undefined ? FIXTURE_LOGINS['99'] : options.login;
  const authority = options.authority === undefined ? { read: true, write: true } : options.authority;
  const contract = options.contract ?? createFixtureContract({ unchecked: options.uncheckedAnswers });
  return {
    calls,
    async call(operation: string, input: OperationInput, init?: CallInit) {
      calls.push({ operation, input });
      const handler = options.answers?.[operation];
      await new Promise((r) => setTimeout(r, options.delayMs ?? 0));
      if (init?.signal?.aborted) throw abortError();
      if (!handler) {
        // Kept where a browser run of the stories reads it (tests/e2e/storybook.e2e.test.ts): a story whose
        // screen asked something its fixtures do not answer fails, whether or not the screen shows the refusal.
        const seen = globalThis as { __gpmsMissingFixtures?: string[] };
        (seen.__gpmsMissingFixtures ??= []).push(operation);
        throw new OperationError(404, 'NO_FIXTURE', `픽스처에 ${operation} 응답이 없습니다`);
      }
      // An error the handler throws on purpose (an OperationError) is not checked; an answer is.
      const answer = structuredClone(await handler(input));
      contract.check(operation, answer);
      return answer;
    },
    codes: (group) => [...(codes[group] ?? [])],
    setCodes(next) {
      codes = { ...codes, ...next };
      for (const l of codeListeners) l();
    },
    subscribeCodes(onChange) {
      codeListeners.add(onChange);
      return () => codeListeners.delete(onChange);
    },
    loginData: () => login,
    authority: (route) => (typeof authority === 'function' ? authority(route) : authority),
    portal: () => options.portal ?? 'internal',
    menuOf: options.menuOf,
    reloadTexts: options.reloadTexts,
    storage: () => null,
  };
}

type Row = Record<string, unknown>;

/**
 * A list answer the way the server gives it: rows matching every query parameter that names a
 * row field (text: contains, case-insensitive; others: equal), sorted by `sort`, one page.
 */
export function pagedAnswer<R extends Row>(
  rows: readonly R[],
  input: OperationInput,
  options: { match?: (row: R, query: Record<string, unknown>) => boolean; totals?: (rows: R[]) => Row } = {},
): { rows: R[]; total: number; totals?: Row } {
  const query = input.query ?? {};
  const filtered = rows.filter((r) => {
    if (options.match) return options.match(r, query);
    for (const [k, v] of Object.entries(query)) {
      if (k === 'page' || k === 'size' || k === 'sort' || !(k in r) || v === undefined || v === '') continue;
      const cell = r[k];
      if (typeof cell === 'string' && typeof v === 'string' && !cell.toLowerCase().includes(v.toLowerCase()))
        return false;
      if (typeof cell !== 'string' && String(cell) !== String(v)) return false;
    }
    return true;
  });
  const sort = typeof query.sort === 'string' ? query.sort.split(':') : null;
  if (sort) {
    const [field, dir] = sort;
    const sign = dir === 'desc' ? -1 : 1;
    filtered.sort((a, b) => {
      const x = a[field];
      const y = b[field];
      if (x === y) return 0;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'ko')) * sign;
    });
  }
  const size = Number(query.size ?? 50);
  const page = Number(query.page ?? 1);
  const out: { rows: R[]; total: number; totals?: Row } = {
    rows: filtered.slice((page - 1) * size, page * size),
    total: filtered.length,
  };
  if (options.totals) out.totals = options.totals(filtered);
  return out;
}
