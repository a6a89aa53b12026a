import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_STORES, resetAppStores } from '../app-stores';
import { usePortalStore, PORTAL_STORAGE_KEY } from '../../app/stores/portal';

const SOURCE_DIRS = ['app', 'engine', 'widgets', 'lib', 'screens', 'schemas'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.(test|stories)\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('the unit files’ stores', () => {
  it('lists every module that creates a zustand store, so each file starts from first states', () => {
    const creating = SOURCE_DIRS.filter((d) => fs.existsSync(d))
      .flatMap(sources)
      .filter((f) => /import \{[^}]*\b(create|createStore)\b[^}]*\} from 'zustand'/.test(fs.readFileSync(f, 'utf8')))
      .sort();
    expect(creating).toEqual(Object.keys(APP_STORES).sort());
  });

  it('puts a changed store back and empties the tab’s storage', () => {
    usePortalStore.getState().setCyber(true);
    expect(sessionStorage.getItem(PORTAL_STORAGE_KEY)).toContain('true');
    localStorage.setItem('left-behind', '1');
    resetAppStores();
    expect(usePortalStore.getState().isCyber).toBe(false);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
  });
});
