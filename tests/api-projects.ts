/**
 * Which API test files run on which database (vitest.config.ts). Every file under tests/api runs on
 * PostgreSQL; the files below also run on PGlite, in its worker thread as the server runs it
 * (PGLITE_THREAD=worker), because what they test depends on the database engine. A file that is
 * about an operation's rules, not the database under it, runs once. docs/testing.md says why.
 * tests/unit/api-projects.test.ts checks that every entry names an existing file and that a file
 * skipped on PostgreSQL is on this list.
 */
export const PGLITE_FILES: Readonly<Record<string, string>> = {
  'tests/api/security/rls.test.ts': 'row-level security policies are enforced by the engine itself',
  'tests/api/security/authz-matrix.test.ts': 'every operation once on the embedded database the default server runs',
  'tests/api/security/fuzz.test.ts': 'malformed input reaches each engine’s own type and parse errors',
  'tests/api/security/review-findings.test.ts':
    'a deactivated group moves the authority version by trigger; quotas and counts under each engine’s locks',
  'tests/api/privacy/access-log.test.ts':
    'the access log’s chain and its anchored end, with rows removed by the owner’s rights on each engine',
  'tests/api/operations/backup-restore.test.ts': 'PGlite has its own backup (a data-directory dump) and restore',
  'tests/api/operations/two-servers.test.ts': 'two apps over one embedded database, one connection in turn',
  'tests/api/operations/graceful-shutdown.test.ts': 'a drain while a table lock holds the worker’s queue',
  'tests/api/operations/metrics.test.ts': 'the worker’s queue gauge exists on PGlite only',
  'tests/api/contracts/contracts.test.ts':
    'the evidence log’s append-only and the executed contract’s triggers (plpgsql) and bytea documents on each engine',
  'tests/api/contracts/contract-linkage.test.ts':
    'the 연동 answer’s numerics and dates as each driver hands them back; the triggers freezing it and letting only a draft’s copy be drawn again (plpgsql), row-level security on it',
  'tests/api/contracts/contract-linkage-proposals.test.ts':
    'the proposal’s numerics (index values, the change rate, prices) and dates as each driver hands them back; the job and the decision’s transaction on one connection',
  'tests/api/contracts/contracts-execution.test.ts':
    'a hanging time-stamping authority must hold no transaction: on PGlite’s one connection every write would wait',
  'tests/api/reports/cube.test.ts':
    'the cube’s month arithmetic (to_date, make_interval) and filtered aggregates in one statement on each engine',
  'tests/api/reports/cube-flow.test.ts':
    'receipts and settlements mark their months by statement triggers (transition tables) on each engine',
  'tests/api/common/keyset-paging.test.ts':
    'cursors of NULLs and microsecond timestamps as the PGlite driver hands them back',
  'tests/api/common/keyset-paging-lists.test.ts':
    'every keyset list’s cursor values as the PGlite driver hands them back',
  'tests/api/common/shaped-lists.test.ts': 'kept statements’ parameters and values through the PGlite driver',
  'tests/api/common/answer-rows.test.ts':
    'array rows come back in each driver’s own value types (the worker’s transfer)',
  'tests/api/tax-invoices/follow-up.test.ts':
    'the follow job’s timestamps (next look, backoff) and dates (transmission deadline) as each driver hands them back',
  'tests/api/budget/ledger.test.ts': 'two approvals racing for a budget’s last won: row locks on one connection',
  'tests/api/budget/transfer.test.ts': 'two transfer approvals racing: row locks on one connection',
  'tests/api/fulfilment/settlement-clock.test.ts':
    'the business clock decides on the engine a demo runs on: a future month refused, then built',
  'tests/api/budget/budget-clock.test.ts':
    'the business clock dates a PR and so the budget month it commits against, on the engine a demo runs on',
  'tests/api/suppliers/apply-clock.test.ts':
    'a supplier application’s keeping period runs out on the business clock, on the engine a demo runs on',
  'tests/api/tax-invoices/deadline-clock.test.ts':
    'an unissued invoice turns late on the business clock’s day, on the engine a demo runs on',
  'tests/api/fulfilment/subcon-clocks.test.ts':
    'the 하도급 clocks are date arithmetic on dates as each driver hands them back, walked by the business clock',
  'tests/api/purchase/subcon-rules.test.ts':
    'the compliance view computes the clocks from receipt dates and timestamps as each driver hands them back',
  'tests/api/fulfilment/subcon-payment.test.ts':
    'interest and fees are day counts and numeric columns as each driver hands them back, walked by the business clock; RLS on the 감액 서면',
  'tests/api/purchase/subcontracting.test.ts':
    'the written-contract gate and the retention read dates and an executed contract as each driver hands them back',
  'tests/api/purchase/agreement.test.ts':
    'call-offs racing for an agreement line’s last units: row locks on one connection',
  'tests/api/purchase/agreement-linkage.test.ts':
    'the clause’s numeric share, trigger and index value and its dates as each driver hands them back; row-level security on the clause',
  'tests/api/purchase/agreement-linkage-proposals.test.ts':
    'the proposal job compares index values, dates and month windows as each driver hands them back, walked by the business clock; a proposal accepted into dated prices',
  'tests/api/purchase/agreement-due-prices.test.ts':
    'the job compares each line’s latest dated price with its current one on the business clock’s day, as each driver hands dates and numerics back',
  'tests/api/purchase/agreement-prices.test.ts':
    'the price in effect on an order’s date compares dates as each driver hands them back, walked by the business clock; row-level security on the dated prices',
  'tests/api/purchase/price-coordination.test.ts':
    'the 조정협의 clocks compare request dates as each driver hands them back, walked by the business clock; row-level security on the requests',
  'tests/api/purchase/price-coordination-orders.test.ts':
    'the 조정협의 clocks on an order’s request walked by the business clock as each driver hands the dates back; row-level security on the requests and the orders they name',
  'tests/api/purchase/subcon-notices.test.ts':
    'the clock notices compare request dates and notice marks as each driver hands them back, walked by the business clock; the seeded demo data on the engine a demo runs on',
  'tests/api/purchase/linkage-index-import.test.ts':
    'which document holds a file is a union over every attachment table, and an import’s rows are written in batches in one transaction, on each engine',
  'tests/api/purchase/change-order-agreement.test.ts':
    'a change order checks (and locks) its agreements before deciding and writes only after, in one transaction',
  'tests/api/bidding/auctions.test.ts': 'racing bids and clock moves serialized on one connection',
  'tests/api/bidding/auction-reminders.test.ts': 'a job raced by two servers does each thing once (claims by row)',
  'tests/api/bidding/tender-jobs.test.ts': 'a job raced by two servers does each thing once (claims by row)',
  'tests/api/jobs/runner.test.ts': 'job leases taken over one shared embedded database',
  'tests/api/system/startup.test.ts': 'the server’s own start-up on a PGlite data directory (PGlite only)',
  'tests/api/system/app-release.test.ts':
    'a closed app’s PGlite database is garbage (a retained one cost 370 MB a file)',
  'tests/api/seed.test.ts': 'the demo seed on the embedded database',
  'tests/api/db/pglite-worker.test.ts': 'the worker thread itself (PGlite only)',
  'tests/api/db/open-beside.test.ts':
    'the server’s app built while the PGlite thread opens, a restart’s thread begun before the modules load (PGlite only)',
  'tests/api/db/company-scope.test.ts': 'the company-scope rewrite of SQL through the PGlite driver',
  'tests/api/db/compiled-once.test.ts': 'compiled statements sent as they are through the PGlite driver',
  'tests/api/db/json-columns.test.ts':
    'json columns (nested keys, numbers, timestamps) as the PGlite driver parses them',
  'tests/api/db/migrate-ahead.test.ts': 'a start on a data directory a newer release migrated',
  'tests/api/fulfilment/subcon-charges.test.ts':
    'the charge voucher’s partial unique index, numeric interest and fee as each driver hands them back, and the compliance sums over them, walked by the business clock',
  'tests/api/tax-invoices/amendments.test.ts':
    'an amendment’s cause and deadline dates and the correcting voucher’s payload as each driver hands them back; the partial unique index on vouchers',
  'tests/api/tax-invoices/supplier-amendments.test.ts':
    'a supplier’s writes into company-owned tables under row-level security, and the voucher backfill’s jsonb lateral join, on each engine',
  'tests/api/tax-invoices/posting-gate.test.ts':
    'the gate reads settlement, receipt and order lines in the posting transaction (decimal comparisons as each driver returns them)',
};
