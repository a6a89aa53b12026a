// @vitest-environment node
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../server/config.js';
import { DataDirLocked, lockDataDir, lockFileOf } from '../../../server/db/pglite/data-dir-lock.js';
import { restore } from '../../../server/ops/restore.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

describe('one process at a time in a PGlite data directory', () => {
  let dataDir: string;
  let pgdata: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-lock-'));
    pgdata = path.join(dataDir, 'pgdata');
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('a second process (npm run audit:verify) is refused with the holder’s process id, before opening anything', async () => {
    const release = lockDataDir(pgdata);
    try {
      expect(fs.readFileSync(lockFileOf(pgdata), 'utf8').trim()).toBe(String(process.pid));
      const refused = await run(process.execPath, ['--import', 'tsx', 'server/modules/privacy/verify-cli.ts'], {
        cwd: root,
        timeout: 50_000,
        env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
      }).then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(refused?.code).toBe(1);
      expect(refused?.stderr).toContain(`is in use by process ${process.pid}`);
      expect(fs.existsSync(pgdata)).toBe(false);
    } finally {
      release();
    }
    expect(fs.existsSync(lockFileOf(pgdata))).toBe(false);
    // Starting tsx and loading the configuration takes seconds on a loaded machine.
  }, 60_000);

  it('a lock of a live process is refused; one of a dead process is taken over', () => {
    fs.mkdirSync(dataDir, { recursive: true });
    // The test's parent runs, so it stands for a server holding the directory.
    fs.writeFileSync(lockFileOf(pgdata), `${process.ppid}\n`);
    expect(() => lockDataDir(pgdata)).toThrow(DataDirLocked);
    expect(() => lockDataDir(pgdata)).toThrow(`in use by process ${process.ppid}`);
    expect(fs.readFileSync(lockFileOf(pgdata), 'utf8').trim()).toBe(String(process.ppid));

    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    fs.writeFileSync(lockFileOf(pgdata), `${dead}\n`);
    const release = lockDataDir(pgdata);
    expect(fs.readFileSync(lockFileOf(pgdata), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFileOf(pgdata))).toBe(false);
  });

  it('a restore is refused while another process holds the directory, before it reads its archive', async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(lockFileOf(pgdata), `${process.ppid}\n`);
    await expect(
      restore(testConfig({ dataDir, databaseUrl: null }), path.join(dataDir, 'backup.tar'), { force: true }),
    ).rejects.toThrow(DataDirLocked);
  });

  it('within the process the lock is counted: the last release removes it', () => {
    const first = lockDataDir(pgdata);
    const second = lockDataDir(pgdata);
    first();
    first();
    expect(fs.readFileSync(lockFileOf(pgdata), 'utf8').trim()).toBe(String(process.pid));
    second();
    expect(fs.existsSync(lockFileOf(pgdata))).toBe(false);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
