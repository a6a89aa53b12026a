// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWebBuild, webBuildCommand } from '../../scripts/web-build.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * `npm start` serves the production bundle whatever NODE_ENV says. Checked on how the build is
 * invoked (a stand-in for vite records its environment and arguments), not by a real build: a build
 * costs a minute or two of both cores, and vite's own rule — NODE_ENV=production builds React's
 * production bundle — is vite's. The real build under NODE_ENV=development was checked by hand
 * (docs/testing.md).
 */
describe('the web build (scripts/web-build.mjs) behind npm start and npm test', () => {
  it('runs vite build with NODE_ENV=production and mode production when NODE_ENV=development is set', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-web-build-'));
    try {
      const out = path.join(dir, 'seen.json');
      const fake = path.join(dir, 'vite');
      fs.writeFileSync(
        fake,
        `#!${process.execPath}\nrequire('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify({ nodeEnv: process.env.NODE_ENV, args: process.argv.slice(2) }));\n`,
        { mode: 0o755 },
      );
      const status = runWebBuild({ env: { ...process.env, NODE_ENV: 'development' }, vite: fake });
      expect(status).toBe(0);
      const seen = JSON.parse(fs.readFileSync(out, 'utf8')) as { nodeEnv: string; args: string[] };
      expect(seen.nodeEnv).toBe('production');
      expect(seen.args.slice(0, 3)).toEqual(['build', '--mode', 'production']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is the build npm start and npm test run (no other vite build of their own)', () => {
    expect(webBuildCommand({ NODE_ENV: 'development' }).env.NODE_ENV).toBe('production');
    for (const script of ['scripts/start.mjs', 'scripts/test.mjs']) {
      const text = fs.readFileSync(path.join(root, script), 'utf8');
      expect(text, script).toContain("from './web-build.mjs'");
      expect(text, script).not.toMatch(/bin\('vite'\)|\.bin\/vite/);
    }
  });
});
