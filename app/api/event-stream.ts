import type { OpenInit } from '../../lib/event-stream';
import { apiClient, type ApiClient } from './client';

/** The API's event-stream operations (text/event-stream answers). */
export type StreamPath = '/api/v1/bid/auctions/{auctionNo}/events' | '/api/v1/cyber/bid/auctions/{auctionNo}/events';

/**
 * Opens one connection of an event stream through the app's API client, so the standard and token
 * headers, the token refresh (401 AUTH008 → verify → retry) and the base URL apply as for any call;
 * `Last-Event-ID` carries the last event received. No loading indicator, no §8 alert: the screen
 * shows the stream's state itself. An error answer comes back as a Response with its JSON body.
 */
export function streamOpener(path: StreamPath, pathParams: Record<string, string>, client: ApiClient = apiClient) {
  return async ({ lastEventId, signal }: OpenInit): Promise<Response> => {
    const get = client.GET as unknown as (
      p: string,
      init: Record<string, unknown>,
    ) => Promise<{ error?: unknown; response: Response }>;
    const { error, response } = await get(path, {
      params: { path: pathParams },
      headers: { Accept: 'text/event-stream', ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
      parseAs: 'stream',
      signal,
      passErrors: true,
      background: true,
    });
    if (response.ok) return response;
    return new Response(JSON.stringify(error ?? null), {
      status: response.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}
