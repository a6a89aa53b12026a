// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The browser journeys open every login's tab as a page of one browser context (tests/e2e/helpers/tabs.ts). That is
 * only sound while two tabs of one origin cannot reach each other: the session lives in each tab's sessionStorage,
 * the server sets no cookie, and the front end neither listens across tabs nor keeps more than the language and each
 * user's menu style in localStorage. A change to any of these must be a decision, so it fails here first.
 */
const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.(test|stories)\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

const read = (f: string) => fs.readFileSync(path.join(root, f), 'utf8');
const front = ['app', 'engine', 'widgets'].flatMap(sources);

describe('tabs of one context cannot reach each other (the journeys share one)', () => {
  it('the front end keeps in localStorage only the language and the menu style', () => {
    expect(front.filter((f) => /localStorage/.test(read(f))).sort()).toEqual([
      'app/i18n/create-i18n.ts',
      'app/i18n/language.ts',
      'app/layouts/LanguageSwitch.tsx',
      'app/layouts/menu/menu-style.ts',
      'app/stores/session.ts', // only to say the session is never kept there
    ]);
  });

  it('the front end neither reads cookies nor listens across tabs', () => {
    expect(front.filter((f) => /document\.cookie|BroadcastChannel|['"]storage['"]|SharedWorker/.test(read(f)))).toEqual(
      [],
    );
  });

  it('the server sets no cookie', () => {
    expect(sources('server').filter((f) => /set-cookie|setCookie|\.cookie\(|@fastify\/cookie/i.test(read(f)))).toEqual(
      [],
    );
  });
});
