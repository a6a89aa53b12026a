/** Tender and bid states as the screens show them (no common-code group holds them). */
export const TENDER_STATUS = ['DRAFT', 'PUBLISHED', 'OPEN', 'CLOSED', 'OPENED', 'AWARDED', 'CANCELLED'].map(
  (value) => ({ value, text: `option.bid.status.${value}` }),
);
export const BID_STATUS = ['INVITED', 'SUBMITTED', 'WON', 'LOST', 'CANCELLED'].map((value) => ({
  value,
  text: `option.bid.bidStatus.${value}`,
}));
export const AWARD_RULE = ['LOWEST_TOTAL', 'LOWEST_PER_LINE'].map((value) => ({
  value,
  text: `option.bid.awardRule.${value}`,
}));
export const AUCTION_STATUS = ['DRAFT', 'PUBLISHED', 'OPEN', 'CLOSED', 'AWARDED', 'CANCELLED'].map((value) => ({
  value,
  text: `option.bid.auctionStatus.${value}`,
}));
/** The auction's state as a supplier reads it: an award is the winner chosen (its own result is the result column). */
export const SUPPLIER_AUCTION_STATUS = ['PUBLISHED', 'OPEN', 'CLOSED', 'AWARDED', 'CANCELLED'].map((value) => ({
  value,
  text: `option.bid.supplierAuctionStatus.${value}`,
}));
export const AUCTION_RESULT = ['WON', 'LOST'].map((value) => ({ value, text: `option.bid.bidStatus.${value}` }));
export const DECREMENT_KIND = ['AMOUNT', 'PERCENT'].map((value) => ({
  value,
  text: `option.bid.decrementKind.${value}`,
}));

/** A tender's history (its audit actions) and who acted: a person's name, or the server's job (no person). */
export const TENDER_HISTORY_ACTIONS = [
  'CREATE',
  'UPDATE',
  'PUBLISH',
  'BIDDING_OPEN',
  'BIDDING_CLOSE',
  'SEALED_READ_REFUSED',
  'OPEN_CONFIRM',
  'OPEN',
  'AWARD',
  'CANCEL',
].map((value) => ({
  value,
  text: `option.bid.historyAction.${value}`,
}));

/**
 * The refusals of an award (a tender's, an auction's) the buyer may overrule once asked — a winner
 * graded "warn", orders over a WARN budget account — and the flag each sends again (confirmRefusals).
 */
export const AWARD_OVERRULES: Array<{ code: string; body: Record<string, string> }> = [
  { code: 'EVAL_WARN_CONFIRM', body: { confirmEvaluationWarning: 'true' } },
  { code: 'BUDGET_WARN_CONFIRM', body: { confirmBudgetWarning: 'true' } },
];
