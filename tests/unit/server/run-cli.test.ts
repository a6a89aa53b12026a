// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cliExitCode } from '../../../server/ops/run-cli';

class Refused extends Error {}

describe('runCli: the command-line tools run one way', () => {
  const errors: unknown[][] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    errors.length = 0;
  });
  const spyErrors = () => vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  const never = async () => {
    throw new Error('run must not be called');
  };

  it('prints the usage asked for (0) or what is wrong with the arguments (2), without running', async () => {
    spyErrors();
    expect(await cliExitCode({ parse: () => ({ usage: 'usage: tool' }), run: never }, ['--help'])).toBe(0);
    expect(
      await cliExitCode({ parse: (argv) => ({ wrong: `unknown argument ${argv[0]}` }), run: never }, ['--x']),
    ).toBe(2);
    expect(errors).toEqual([['usage: tool'], ['unknown argument --x']]);
  });

  it('a refusal the tool names answers 2 with its message alone; anything else 1, after the tool’s prefix', async () => {
    spyErrors();
    const refusing = { refusals: [Refused], failure: 'tool failed:', run: never };
    expect(
      await cliExitCode(
        {
          ...refusing,
          parse: () => {
            throw new Refused('target not empty');
          },
        },
        [],
      ),
    ).toBe(2);
    expect(
      await cliExitCode(
        {
          ...refusing,
          parse: () => {
            throw new Error('disk full');
          },
        },
        [],
      ),
    ).toBe(1);
    expect(
      await cliExitCode(
        {
          run: never,
          parse: () => {
            throw new Refused('not named: a failure');
          },
        },
        [],
      ),
    ).toBe(1);
    expect(errors).toEqual([['target not empty'], ['tool failed:', 'disk full'], ['not named: a failure']]);
  });
});

describe('every command-line tool of the server ends through runCli', () => {
  // A tool that waited for its event loop to empty could wait forever: a PGlite opened on a data directory and
  // closed before any statement leaves its WebAssembly's interval timer re-arming (PGlite 0.4.6), which is how a
  // fresh clone's first `npm start` hung after making the seed dump (server/db/seed-dump-cli.ts).
  const cliFiles = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? cliFiles(p) : /-cli\.ts$/.test(e.name) && e.name !== 'run-cli.ts' ? [p] : [];
    });
  it.each(cliFiles('server').map((f) => [f]))('%s', (file) => {
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^runCli[<(]/m);
  });
});
