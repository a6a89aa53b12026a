import { createContext, useContext, useEffect, useState } from 'react';
import type { operations as ApiOperations } from '../schemas/api-types.generated';
import { isOperationId, operations, type OperationId } from '../schemas/operations.generated';
import type { CodeOption, LoginData } from '../widgets/services';
import type { WriteWords } from './runtime/write-words';

/**
 * What the engine needs from the outside world. The app implements it on its typed API client
 * and session store (app/services/); stories and tests use fixtures (engine/testing/).
 */
export interface OperationInput {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface CallInit {
  signal?: AbortSignal;
  quiet?: boolean;
  /** 'blob': the answer is a file (a server-side export's download), not JSON. */
  parseAs?: 'json' | 'blob';
  /**
   * A person pressed the action and confirmed it (or answered its prompt). Only such a call may
   * write from a stored screen (engine/runtime/stored-calls.tsx); every call the engine makes by
   * itself (loads, panels, options, values, fills, lookups, trees) leaves it out.
   */
  confirmed?: boolean;
  /** Extra request headers (a stored screen's mark). */
  headers?: Record<string, string>;
}

export interface Authority {
  read: boolean;
  write: boolean;
}

export interface EngineServices {
  /**
   * Calls an operation by its operationId; rejects with an OperationError (or an AbortError when
   * the app has already dealt with the answer, e.g. a session timeout that goes to the login).
   * `quiet`: no global loading indicator (grid pages, exports — the screen shows its own).
   */
  call(operation: string, input: OperationInput, init?: CallInit): Promise<unknown>;
  /** A common-code group's entries (login response codes). */
  codes(group: string): CodeOption[];
  loginData(): LoginData | null;
  /** Menu authority for a screen route (path without /cyber); null when no menu of the user opens it. */
  authority(route: string): Authority | null;
  /**
   * The menu entry that opens a route (as its own address or one of its sub-addresses, as a list
   * opens its documents): its address and name as the menu shows it; null when no menu of the user
   * opens it. A screen opened without its document links there (engine/edit/NoRecord.tsx).
   */
  menuOf?(route: string): { route: string; name: string } | null;
  /** Which portal the screen is shown in; external links get the /cyber prefix. */
  portal(): 'internal' | 'external';
  /** Re-reads the server's messages into the UI texts (after messageManage saved). */
  reloadTexts?(): Promise<void>;
  /** Re-reads the common codes (after cmmnCodeManage saved). */
  reloadCodes?(): Promise<void>;
  /**
   * Tells when the codes change (they arrive again in the new language after a language switch, or
   * after cmmnCodeManage saved), so grids and selects show the new texts. Answers an unsubscribe.
   */
  subscribeCodes?(onChange: () => void): () => void;
  /**
   * A stored screen's services: every action that writes asks a confirmation, whether or not its
   * definition names one (a stored definition cannot turn it off).
   */
  confirmWrites?: boolean;
  /**
   * A stored screen's services: the words of an operation that leaves something behind — the name its
   * button shows and the confirmation it asks, whatever the definition's label and text say
   * (runtime/write-words.ts); null for a read.
   */
  writeWords?(operation: string): WriteWords | null;
  /** Where remembered filters live (default: sessionStorage — per tab, like the session). */
  storage?(): Storage | null;
  /**
   * The screen shown as the page (not in a dialog) names itself, in the interface language, for the
   * document title ("발주서 조회 - GPMS"); null when it goes away.
   */
  pageTitle?(title: string | null): void;
  /**
   * True when the app already knows the server would refuse with this code (a proof the session
   * lacks, e.g. REAUTH_REQUIRED before the password check): a screen whose definition says where
   * such a refusal goes (`refused`) goes there at once instead of making a request bound to fail.
   */
  foreseesRefusal?(code: string): boolean;
}

/** A field error from the server: `path` like 'body/textKo' or 'body/rows/3/code'. */
export interface FieldErrorDetail {
  path: string;
  message: string;
}

/** A failed call, with the server's code, Korean message and field errors when it sent them. */
export class OperationError extends Error {
  readonly fieldErrors: FieldErrorDetail[];
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly serverMessage: string | null,
    readonly details: unknown = undefined,
  ) {
    super(serverMessage ?? `HTTP ${status}${code ? ` ${code}` : ''}`);
    this.name = 'OperationError';
    this.fieldErrors = Array.isArray(details)
      ? details.filter((d): d is FieldErrorDetail => typeof d?.path === 'string' && typeof d?.message === 'string')
      : [];
  }

  /**
   * The messages of a refusal that lists several problems (`details.problems[].message`: a call-off
   * beyond its agreement in more than one way); empty otherwise.
   */
  get problems(): string[] {
    const d = this.details as { problems?: unknown } | null | undefined;
    if (!d || typeof d !== 'object' || !Array.isArray(d.problems)) return [];
    return d.problems.flatMap((p: unknown) =>
      typeof (p as { message?: unknown })?.message === 'string' ? [(p as { message: string }).message] : [],
    );
  }

  /** From an error body `{ statusCode, code, msg, details }`. */
  static fromBody(status: number, body: unknown): OperationError {
    const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    return new OperationError(
      status,
      typeof b.code === 'string' ? b.code : null,
      typeof b.msg === 'string' ? b.msg : null,
      b.details,
    );
  }
}

const EngineServicesContext = createContext<EngineServices | null>(null);
export const EngineServicesProvider = EngineServicesContext.Provider;

/** The services when a provider is above, else null (parts that also render in isolation). */
export function useOptionalEngineServices(): EngineServices | null {
  return useContext(EngineServicesContext);
}

export function useEngineServices(): EngineServices {
  const s = useContext(EngineServicesContext);
  if (!s)
    throw new Error(
      'useEngineServices: no EngineProvider above this screen (wrap the app, the story or the test in <EngineProvider>)',
    );
  return s;
}

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
/** The input of an operation, as the generated API types describe it. */
export type InputOf<Op extends OperationId> = {
  path?: ApiOperations[Op]['parameters']['path'];
  query?: ApiOperations[Op]['parameters']['query'];
  body?: ApiOperations[Op] extends { requestBody?: infer R } ? JsonOf<NonNullable<R>> : never;
};
/** The 200 answer of an operation. */
export type ResultOf<Op extends OperationId> = ApiOperations[Op]['responses'] extends { 200: infer R }
  ? JsonOf<R>
  : unknown;

/** One generic, typed call by operation id (TypeScript callers; definitions go through services.call). */
export function callOperation<Op extends OperationId>(
  services: EngineServices,
  op: Op,
  input: InputOf<Op>,
  init?: CallInit,
): Promise<ResultOf<Op>> {
  return services.call(op, input as OperationInput, init) as Promise<ResultOf<Op>>;
}

/**
 * The request an operation id and its input make: method, URL (path parameters filled in, query
 * string built) and body. Both the app's client and fixture transports use it.
 */
export function operationRequest(
  op: string,
  input: OperationInput,
): {
  method: string;
  path: string;
  url: string;
  query: Record<string, unknown>;
  pathParams: Record<string, unknown>;
  body: unknown;
} {
  if (!isOperationId(op))
    throw new Error(
      `Unknown operation "${op}": it is not in schemas/operations.generated.ts (run npm run codegen after adding a route)`,
    );
  const info = operations[op];
  const pathParams = input.path ?? {};
  let path: string = info.path;
  for (const name of info.pathParams) {
    const v = pathParams[name];
    if (v === undefined || v === null || v === '') throw new Error(`Operation ${op} needs path parameter "${name}"`);
    path = path.replace(`{${name}}`, encodeURIComponent(String(v)));
  }
  const query: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input.query ?? {})) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    query[k] = v;
  }
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const item of Array.isArray(v) ? v : [v]) qs.append(k, String(item));
  const search = qs.toString();
  return {
    method: info.method.toUpperCase(),
    path: info.path,
    url: search ? `${path}?${search}` : path,
    query,
    pathParams,
    body: input.body,
  };
}

const noSubscription = () => () => {};

/**
 * A number that changes whenever the codes do (see EngineServices.subscribeCodes): put it in the
 * dependencies of whatever turns code values into texts.
 */
export function useCodesRevision(services: EngineServices): number {
  const [revision, setRevision] = useState(0);
  const subscribe = services.subscribeCodes ?? noSubscription;
  useEffect(() => subscribe(() => setRevision((r) => r + 1)), [subscribe]);
  return revision;
}
