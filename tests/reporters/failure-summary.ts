import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface SerializedErrorLike {
  name?: string;
  message?: string;
  stack?: string;
  stacks?: Array<{ file: string; line: number }>;
  VITEST_TEST_PATH?: string;
  VITEST_TEST_NAME?: string;
  type?: string;
}

/**
 * Writes test-results/failure-summary.txt: the failed tests and every unhandled error, each with its
 * message and the first lines of its stack. scripts/test.mjs prints it last, so that the end of a CI
 * log (often all that is kept) says what went wrong, not only that something did.
 */
export default class FailureSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const lines: string[] = [];
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const result = test.result();
        if (result.state !== 'failed') continue;
        lines.push(`FAILED ${mod.project.name} ${mod.moduleId.replace(process.cwd() + '/', '')} > ${test.fullName}`);
        for (const e of result.errors ?? []) lines.push(...describe(e as SerializedErrorLike));
      }
      for (const e of mod.errors()) {
        lines.push(`FAILED ${mod.project.name} ${mod.moduleId.replace(process.cwd() + '/', '')} (file)`);
        lines.push(...describe(e as SerializedErrorLike));
      }
    }
    for (const e of unhandledErrors as SerializedErrorLike[]) {
      lines.push(
        `UNHANDLED ${e.type ?? 'error'}${e.VITEST_TEST_PATH ? ` while ${e.VITEST_TEST_PATH.replace(process.cwd() + '/', '')}${e.VITEST_TEST_NAME ? ` > ${e.VITEST_TEST_NAME}` : ''} ran` : ''}`,
      );
      lines.push(...describe(e));
    }
    const file = path.resolve(process.env.FAILURE_SUMMARY_FILE ?? 'test-results/failure-summary.txt');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, lines.join('\n') + (lines.length ? '\n' : ''));
  }
}

function describe(e: SerializedErrorLike): string[] {
  const head = `  ${e.name ?? 'Error'}: ${(e.message ?? '').split('\n').slice(0, 6).join('\n    ')}`;
  const frames = (e.stack ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('at ') || l.startsWith('❯'));
  // The project's own frames say most; a few library frames after them say where it came from.
  const own = frames.filter((l) => !l.includes('node_modules') && !l.includes('node:internal'));
  const stack = [...own.slice(0, 6), ...frames.filter((l) => !own.includes(l)).slice(0, own.length ? 2 : 6)].map(
    (l) => `    ${l}`,
  );
  return [head, ...stack];
}
