/**
 * The bid master key the tests' servers use where the configuration requires one (DATABASE_URL or
 * NODE_ENV=production: server/config.ts). A fixed test value, never a real key; an environment that
 * sets BID_MASTER_KEY itself keeps its own.
 */
export const TEST_BID_MASTER_KEY = '7e57b1d07e57b1d07e57b1d07e57b1d07e57b1d07e57b1d07e57b1d07e57b1d0';
