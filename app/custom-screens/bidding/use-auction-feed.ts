import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { openEventStream, type OpenInit, type StreamEvent, type StreamState } from '../../../lib/event-stream';
import { streamOpener, type StreamPath } from '../../api/event-stream';
import { useSessionStore } from '../../stores/session';

/**
 * How a live screen opens its feed: through the app's API client (token headers and refresh) by
 * default; stories and component tests give an opener that answers a stream they write, so the
 * real reader and parser run on it.
 */
export type FeedOpener = (path: StreamPath, params: Record<string, string>) => (init: OpenInit) => Promise<Response>;
export const AuctionFeedContext = createContext<FeedOpener>((path, params) => streamOpener(path, params));

export const STAFF_FEED: StreamPath = '/api/v1/bid/auctions/{auctionNo}/events';
export const SUPPLIER_FEED: StreamPath = '/api/v1/cyber/bid/auctions/{auctionNo}/events';

export interface FeedStatus {
  state: StreamState | 'refused';
  /** The server's message when it refused the stream (404 for an auction not ours, 403). */
  message: string | null;
}

/**
 * Reads an auction's feed while the screen is mounted, from `afterId` (the detail just read), and
 * hands each event to `onEvent` parsed, with its feed id. It reconnects with Last-Event-ID after a drop; unmounting
 * (or another auction, or a new start id) aborts the connection.
 */
export function useAuctionFeed(
  path: StreamPath,
  auctionNo: string | null,
  afterId: number | null,
  onEvent: (event: string, data: Record<string, unknown>, id: number | null) => void,
): FeedStatus {
  const opener = useContext(AuctionFeedContext);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const [status, setStatus] = useState<FeedStatus>({ state: 'connecting', message: null });
  useEffect(() => {
    if (!auctionNo || afterId === null) return undefined;
    const stream = openEventStream({
      open: opener(path, { auctionNo }),
      lastEventId: String(afterId),
      onEvent: (e: StreamEvent) => {
        let data: Record<string, unknown> = {};
        try {
          data = JSON.parse(e.data) as Record<string, unknown>;
        } catch {
          return;
        }
        const id = e.id === null ? Number.NaN : Number(e.id);
        handler.current(e.event, data, Number.isInteger(id) ? id : null);
      },
      onState: (state) => setStatus((s) => (s.state === 'refused' ? s : { state, message: null })),
      onError: (error, final) => {
        if (!final) return;
        const body = error.body as { msg?: string; message?: string } | null;
        setStatus({ state: 'refused', message: body?.msg ?? body?.message ?? `HTTP ${error.status}` });
      },
    });
    return () => stream.close();
    // The start id is read once per auction: a later detail re-read does not reopen the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opener, path, auctionNo, afterId === null]);
  return status;
}

/** The login's measured offset of the server's clock (server − client, ms): the countdowns run on it. */
export const useServerOffset = () => useSessionStore((s) => s.tokens?.timeDifference ?? 0);

/** The client's clock, ticking every `ms` while mounted. */
export function useTick(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}
