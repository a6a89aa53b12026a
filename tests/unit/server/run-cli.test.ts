// @vitest-environment node
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
