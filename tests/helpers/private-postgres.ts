/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary directory, another port), for a
 * test that must stop and start the database: the run's cluster (scripts/test-postgres.mjs) is shared by
 * every other test and is never stopped. Run as the `postgres` OS user (the server refuses root)
 * through `runuser` when the test runs as root.
 */
export {
  postgresBinDir,
  startPrivatePostgres,
  startPrivateReplica,
  type PrivatePostgres,
} from '../../scripts/private-postgres.mjs';
