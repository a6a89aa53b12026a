import { createParser } from 'eventsource-parser';

/**
 * A Server-Sent-Events reader over `fetch` (the browser's EventSource cannot send the
 * Authorization header the API needs). The framing is parsed by `eventsource-parser`; this adds
 * what EventSource does around it: reconnect after a drop with `Last-Event-ID` set to the last id
 * received (the server answers exactly the events after it), the server's `retry:` as the delay,
 * and an end on `close()` or the caller's AbortSignal (a screen's unmount).
 *
 * `open` makes the request (the app passes one through its API client, so the token headers and
 * the token refresh apply); it must pass the signal on. An answer that is not a 2xx event stream
 * ends the reader with `onError(…, final = true)`: a 4xx (403, 404) will not get better by
 * retrying; a 5xx or a network failure is retried like a drop.
 */

export interface StreamEvent {
  /** The event's type (`message` when the server named none). */
  event: string;
  /** Its data, as text (JSON for our feeds: parse it). */
  data: string;
  id: string | null;
}

export type StreamState = 'connecting' | 'open' | 'retrying' | 'closed';

export interface OpenInit {
  /** The last event id received on an earlier connection (send it as the Last-Event-ID header), or null. */
  lastEventId: string | null;
  signal: AbortSignal;
}

export interface EventStreamOptions {
  open: (init: OpenInit) => Promise<Response>;
  onEvent: (event: StreamEvent) => void;
  onState?: (state: StreamState) => void;
  /** A failed connection: `final` when the reader gives up (a 4xx answer), else it will retry. */
  onError?: (error: EventStreamError, final: boolean) => void;
  /** The id to catch up after on the first connection (e.g. the `lastEventId` of a detail the screen has just read). */
  lastEventId?: string | null;
  /** Delay before a reconnect, ms, until the server sends `retry:` (default 1000). */
  retryMs?: number;
  /** The longest delay after repeated failures, ms (default 15000): each failure in a row doubles it. */
  maxRetryMs?: number;
  signal?: AbortSignal;
}

export class EventStreamError extends Error {
  constructor(
    message: string,
    /** The HTTP status of a refused connection; null for a network failure or a drop. */
    readonly status: number | null,
    /** The answer's body (JSON when the server sent its usual error) of a refused connection. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'EventStreamError';
  }
}

export interface EventStream {
  close(): void;
  /** The id of the last event received (what a reconnect sends). */
  readonly lastEventId: string | null;
  /** Resolves when the reader has stopped for good (closed, aborted or refused). */
  readonly done: Promise<void>;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

async function readBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  } catch {
    return null;
  }
}

export function openEventStream(options: EventStreamOptions): EventStream {
  const controller = new AbortController();
  const signal = controller.signal;
  const outer = options.signal;
  const onOuterAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });

  let lastEventId = options.lastEventId ?? null;
  let retryMs = options.retryMs ?? 1000;
  const maxRetryMs = options.maxRetryMs ?? 15_000;
  const state = (s: StreamState) => options.onState?.(s);

  const parser = createParser({
    onEvent: (m) => {
      if (m.id !== undefined) lastEventId = m.id;
      options.onEvent({ event: m.event ?? 'message', data: m.data, id: m.id ?? null });
    },
    onRetry: (ms) => {
      retryMs = ms;
    },
  });

  const run = async () => {
    let failures = 0;
    state('connecting');
    while (!signal.aborted) {
      let error: EventStreamError;
      try {
        const response = await options.open({ lastEventId, signal });
        const type = response.headers.get('content-type') ?? '';
        if (!response.ok || !type.includes('text/event-stream') || !response.body) {
          const body = await readBody(response);
          const final = response.status >= 400 && response.status < 500;
          error = new EventStreamError(`event stream refused: HTTP ${response.status}`, response.status, body);
          options.onError?.(error, final);
          if (final) break;
        } else {
          state('open');
          failures = 0;
          parser.reset();
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          try {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              parser.feed(value);
            }
          } finally {
            reader.releaseLock();
          }
          if (signal.aborted) break;
          error = new EventStreamError('event stream ended', null);
          options.onError?.(error, false);
        }
      } catch (e) {
        if (signal.aborted) break;
        error = new EventStreamError(e instanceof Error ? e.message : String(e), null);
        options.onError?.(error, false);
      }
      failures++;
      if (signal.aborted) break;
      state('retrying');
      await sleep(Math.min(maxRetryMs, retryMs * 2 ** Math.max(0, failures - 1)), signal);
    }
    outer?.removeEventListener('abort', onOuterAbort);
    state('closed');
  };

  const done = run();
  return {
    close: () => controller.abort(),
    get lastEventId() {
      return lastEventId;
    },
    done,
  };
}
