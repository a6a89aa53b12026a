// Under CI=true some test files must have run, not skipped: a green run without
// the authorization matrix, the directory (LDAP) tests, the seed command's test or the contracts proves too little.
// Each file must appear in vitest's JSON report as often as the projects that run it, with at least
// one passed test and none skipped.

/** [file, how many project runs of it must have passed] */
export const REQUIRED_TESTS = [
  ['tests/api/security/authz-matrix.test.ts', 2], // api-postgres and api-pglite (tests/api-projects.ts)
  ['tests/api/directory/ldap-login.test.ts', 1], // api-postgres (not database-sensitive: tests/api-projects.ts)
  ['tests/api/system/seed-cli.test.ts', 1], // api-postgres only
  // Contracts print with the Korean fonts and are read back with poppler: a machine without them fails, never skips.
  ['tests/api/contracts/contracts.test.ts', 2], // api-postgres and api-pglite (tests/api-projects.ts)
  ['tests/api/contracts/contracts-lifecycle.test.ts', 1], // api-postgres only
  ['tests/api/contracts/contracts-execution.test.ts', 2], // api-postgres and api-pglite (tests/api-projects.ts)
  ['tests/unit/contracts/contracts-core.test.ts', 1], // unit
  // The read replica and PgBouncer: a machine without pg_basebackup or PgBouncer fails, never skips.
  ['tests/api/operations/replica-and-pooler.test.ts', 1], // api-postgres only
];

/**
 * Problems with the required files in a vitest JSON report (`testResults[].name` absolute paths,
 * `assertionResults[].status` passed / failed / skipped / pending / todo); empty when all ran.
 */
export function requiredTestProblems(report, root, required = REQUIRED_TESTS) {
  const problems = [];
  for (const [file, runs] of required) {
    const entries = (report.testResults ?? []).filter(
      (r) => r.name === `${root}/${file}` || r.name.endsWith(`/${file}`),
    );
    const ran = entries.filter((r) => {
      const statuses = (r.assertionResults ?? []).map((a) => a.status);
      return statuses.includes('passed') && !statuses.some((s) => s === 'skipped' || s === 'pending' || s === 'todo');
    });
    if (ran.length < runs)
      problems.push(
        `${file}: ran fully in ${ran.length} of the ${runs} project runs it needs (${entries.length} in the report)`,
      );
  }
  return problems;
}
