// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { devPageFiles, devPagesOut } from './vite-dev-pages';

describe('development pages out of the production build', () => {
  it('finds /testPo’s definition and its component in this repository', () => {
    const root = process.cwd();
    const found = devPageFiles(root);
    expect(found.screens.map((f) => path.relative(root, f))).toEqual(['screens/purchase-order/testPo.screen.ts']);
    expect(found.components.map((f) => path.relative(root, f))).toEqual([
      'app/custom-screens/purchase-order/poTestPage.custom.tsx',
    ]);
  });

  it('stubs exactly those files in a build, and none when development pages are kept', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-pages-'));
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    };
    write(
      'screens/a/dev.screen.ts',
      "export default defineCustomScreen({ id: 'a.dev', devOnly: true, component: 'devPage' });",
    );
    write('screens/a/real.screen.ts', "export default defineCustomScreen({ id: 'a.real', component: 'realPage' });");
    write('screens/a/json.screen.json', '{ "id": "a.json", "devOnly": true, "component": "jsonPage" }');
    write('app/custom-screens/a/devPage.custom.tsx', 'export default function DevPage() {}');
    write('app/custom-screens/a/jsonPage.custom.tsx', 'export default function JsonPage() {}');
    write('app/custom-screens/a/realPage.custom.tsx', 'export default function RealPage() {}');
    const cwd = process.cwd();
    process.chdir(root);
    try {
      const load = (plugin: ReturnType<typeof devPagesOut>, rel: string) =>
        (plugin.load as (id: string) => string | null).call({}, path.join(root, rel));
      const out = devPagesOut({ keep: false });
      (out.buildStart as () => void).call({});
      expect(load(out, 'screens/a/dev.screen.ts')).toBe('export default null;\n');
      expect(load(out, 'screens/a/json.screen.json')).toBe('export default null;\n');
      expect(load(out, 'app/custom-screens/a/devPage.custom.tsx')).toBe('export default undefined;\n');
      expect(load(out, 'app/custom-screens/a/jsonPage.custom.tsx')).toBe('export default undefined;\n');
      expect(load(out, 'screens/a/real.screen.ts')).toBeNull();
      expect(load(out, 'app/custom-screens/a/realPage.custom.tsx')).toBeNull();
      const kept = devPagesOut({ keep: true });
      (kept.buildStart as () => void).call({});
      expect(load(kept, 'screens/a/dev.screen.ts')).toBeNull();
    } finally {
      process.chdir(cwd);
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
