// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiFilesForChange, areaOf, testFoldersOf } from '../../scripts/test-quick-areas.mjs';

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quick-areas-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('test:quick picks the API files of the changed areas', () => {
  it('names the area of a server file', () => {
    expect(areaOf('server/modules/bidding/auctions/live.ts')).toBe('server/modules/bidding');
    expect(areaOf('server/auth/sessions.ts')).toBe('server/auth');
    expect(areaOf('app/main.tsx')).toBeNull();
    expect(testFoldersOf('server/modules/items')).toEqual(['item', 'items']);
    expect(testFoldersOf('server/modules/budget')).toEqual(['budget']);
  });

  it('takes a changed test, the area folder and the tests importing a changed file — nothing else', () => {
    const root = tree({
      'tests/api/budget/ledger.test.ts': "import '../../../server/modules/budget/service.js';",
      'tests/api/bidding/tender.test.ts': "import { x } from '../../../server/modules/bidding/tenders/machine.js';",
      'tests/api/security/matrix.test.ts': "import { live } from '../../../server/modules/bidding/auctions/live.js';",
      'tests/api/reports/run.test.ts': "import '../../../server/modules/reports/run.js';",
      'tests/api/studio/check.test.ts': '',
    });
    expect(
      apiFilesForChange(
        ['server/modules/bidding/auctions/live.ts', 'tests/api/studio/check.test.ts', 'app/x.tsx'],
        root,
      ),
    ).toEqual([
      'tests/api/bidding/tender.test.ts',
      'tests/api/security/matrix.test.ts',
      'tests/api/studio/check.test.ts',
    ]);
    expect(apiFilesForChange(['screens/pr/list.screen.ts'], root)).toEqual([]);
  });
});
