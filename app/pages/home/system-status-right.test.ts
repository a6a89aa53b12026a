// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../stores/session';
import { canSeeSystemStatus } from './system-status-right';

const leaf = (sspUrl: string): MenuItem => ({ pgmId: sspUrl, pgmName: sspUrl, sspUrl, leaf: 'Y' });
const folder = (childs: MenuItem[]): MenuItem => ({ pgmId: 'F', pgmName: 'F', sspUrl: null, leaf: 'N', childs });

describe('the system status card', () => {
  it('shows to staff with a system administration menu, found at any depth', () => {
    expect(canSeeSystemStatus('internal', [folder([folder([leaf('/portal/system/messageManage')])])])).toBe(true);
  });
  it('not to staff without one', () => {
    expect(canSeeSystemStatus('internal', [folder([leaf('/prList'), leaf('/portal/systemless')])])).toBe(false);
    expect(canSeeSystemStatus('internal', [])).toBe(false);
  });
  it('never to a supplier, whatever its menus', () => {
    expect(canSeeSystemStatus('external', [leaf('/portal/system/messageManage')])).toBe(false);
  });
});
