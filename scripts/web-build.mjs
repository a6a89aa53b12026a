// The web app's production build, as `npm start` and `npm test` run it. Only Node built-ins (it runs
// before `npm ci` may have run).
//
// Vite takes NODE_ENV from the environment: `NODE_ENV=development npm start` (the server's own
// default, written down) built React's development bundle — every screen change several times
// slower, StrictMode's double effects, the grids' accessible tables never filled in. What is served
// is always the production bundle; the development server is `npm run dev`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The arguments and environment of the build: production whatever NODE_ENV says. */
export function webBuildCommand(env = process.env, extraArgs = []) {
  return {
    cmd: path.join(root, 'node_modules/.bin/vite'),
    args: ['build', '--mode', 'production', '--logLevel', 'warn', ...extraArgs],
    env: { ...env, NODE_ENV: 'production' },
  };
}

/**
 * React's development bundle, for the browser test that fails on React's warnings
 * (tests/e2e/react-warnings.e2e.test.ts): React warns only there. Never served by the server; no
 * compressed copies (nothing sends them). Its own directory, so the production build stays as it is.
 */
export const DEV_DIST_DIR = path.join(root, 'dist-dev');
export function devWebBuildCommand(env = process.env, outDir = DEV_DIST_DIR) {
  return {
    cmd: path.join(root, 'node_modules/.bin/vite'),
    args: ['build', '--mode', 'development', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    env: { ...env, NODE_ENV: 'development', VITE_NO_COMPRESSION: 'true' },
  };
}

/** Runs the build in the repository (stdio inherited); its exit status. `vite` replaces the binary (tests). */
export function runWebBuild({ env = process.env, extraArgs = [], vite } = {}) {
  const c = webBuildCommand(env, extraArgs);
  const r = spawnSync(vite ?? c.cmd, c.args, {
    cwd: root,
    stdio: 'inherit',
    env: c.env,
    shell: process.platform === 'win32',
  });
  return r.status ?? 1;
}

/** The development bundle into dist-dev/ (`node scripts/web-build.mjs --development`); its exit status. */
export function runDevWebBuild({ env = process.env } = {}) {
  const c = devWebBuildCommand(env);
  const r = spawnSync(c.cmd, c.args, { cwd: root, stdio: 'inherit', env: c.env, shell: process.platform === 'win32' });
  return r.status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(
    process.argv[2] === '--development' ? runDevWebBuild() : runWebBuild({ extraArgs: process.argv.slice(2) }),
  );
}
