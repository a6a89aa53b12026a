/**
 * The reverse auction's live feed (text/event-stream, GET …/auctions/{no}/events): the `data` of a
 * `bid` event as each recipient gets it. OpenAPI describes the stream only as a string, so the
 * payloads are this contract, written once for the server that projects them
 * (server/modules/bidding/auctions/service.ts `project`) and the screens that read them
 * (app/custom-screens/bidding/auction-live.ts).
 */

/** The staff monitor's bid: the whole row — the ranking after it with names and prices. */
export interface StaffBidEvent {
  seq: number;
  compNo: string;
  amount: string;
  bidAt: string;
  endAt: string;
  extended: boolean;
  extensions: number;
  ranking: Array<{ compNo: string; compName: string; rank: number; bestAmount: string; bidCount: number }>;
}

/** A supplier's bid event: whether it was its own, its rank and best after it, the end, how many companies bid — nothing of another company. */
export interface SupplierBidEvent {
  endAt: string;
  extended: boolean;
  /** How many times the end has moved so far (a count, not a step: an event applied twice changes nothing). */
  extensions: number;
  mine: boolean;
  myRank: number | null;
  myBest: string | null;
  bidders: number;
}
