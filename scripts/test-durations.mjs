// Where a test run's time went, from test-results/durations.json (tests/reporters/durations.ts):
// per project the files, tests and the files' seconds summed (and CPU seconds where recorded), the slowest files
// and those using the most CPU. The sum is of
// the files' own times: a project with several workers takes less wall-clock time than its sum.

/** Per project, in the order first seen: `{ project, files, tests, seconds }`. */
export function projectTotals(rows) {
  const by = new Map();
  for (const r of rows) {
    const p = by.get(r.project) ?? { project: r.project, files: 0, tests: 0, seconds: 0, cpuSeconds: null };
    p.files += 1;
    p.tests += r.tests;
    p.seconds += r.seconds;
    if (typeof r.cpuSeconds === 'number') p.cpuSeconds = (p.cpuSeconds ?? 0) + r.cpuSeconds;
    by.set(r.project, p);
  }
  return [...by.values()].map((p) => ({
    ...p,
    seconds: Math.round(p.seconds * 10) / 10,
    cpuSeconds: p.cpuSeconds === null ? null : Math.round(p.cpuSeconds),
  }));
}

/** The lines `npm test` prints: the per-project table, then the `count` slowest files. */
export function durationLines(rows, count = 10) {
  const lines = ['── time per project (files’ seconds summed) ──'];
  for (const p of projectTotals(rows))
    lines.push(
      `${p.seconds.toFixed(1).padStart(8)} s  ${p.project}: ${p.files} files, ${p.tests} tests${p.cpuSeconds === null ? '' : `, ${p.cpuSeconds} s of CPU in its workers`}`,
    );
  const slowest = [...rows].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  if (slowest.length) {
    lines.push('── slowest test files ──');
    for (const r of slowest) lines.push(`${r.seconds.toFixed(1).padStart(8)} s  ${r.file} (${r.project})`);
  }
  // CPU is what a file costs the run on two busy cores; wall seconds also count its waits for the others.
  const costliest = rows
    .filter((r) => typeof r.cpuSeconds === 'number')
    .sort((a, b) => b.cpuSeconds - a.cpuSeconds)
    .slice(0, count);
  if (costliest.length) {
    lines.push('── most CPU (the worker and its child processes; PostgreSQL and the browser servers not counted) ──');
    for (const r of costliest) lines.push(`${r.cpuSeconds.toFixed(1).padStart(8)} s  ${r.file} (${r.project})`);
  }
  return lines;
}
