// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { EngineServices } from '../../../../engine';
import { nameOfFile } from './NextSteps';
import { groupAuthority, servicesAsGroup, type PreviewGroup } from './StudioPreview';

const group: PreviewGroup = {
  authGroupId: '30',
  nameKo: '사용자',
  nameEn: 'User',
  portal: 'I',
  menus: [
    { pgmId: 'PR_LIST', path: '/prList', subPaths: ['/prEdit'], canRead: true, canWrite: true },
    { pgmId: 'S_openPo', path: '/s/openPo', subPaths: [], canRead: true, canWrite: false },
  ],
};

describe('the studio’s next steps', () => {
  it('names an imported file’s screen by its id, else by its file name, as the server does', () => {
    expect(nameOfFile(JSON.stringify({ id: 'studio.openPo', kind: 'list' }), 'whatever.screen.json')).toBe('openPo');
    expect(nameOfFile(JSON.stringify({ kind: 'list' }), 'openPo.screen.json')).toBe('openPo');
    expect(nameOfFile('{ not json', 'broken.screen.json')).toBe('broken');
    expect(nameOfFile(JSON.stringify({ id: 'portal.x' }), 'Not-A-Name.json')).toBeNull();
  });

  it('previews as a group with that group’s authority and group id, nothing else of the services changed', () => {
    expect(groupAuthority(group, '/prEdit')).toEqual({ read: true, write: true });
    expect(groupAuthority(group, '/cyber/s/openPo')).toEqual({ read: true, write: false });
    expect(groupAuthority(group, '/portal/screen/studio')).toBeNull();
    const call = () => Promise.resolve({});
    const base = {
      call,
      authority: () => ({ read: true, write: true }),
      loginData: () => ({
        auth: 'A',
        authGroupId: '99',
        section: 's',
        deptcd: 'd',
        deptnm: 'n',
        hname: 'h',
        singleid: 'E1',
      }),
    } as unknown as EngineServices;
    const as = servicesAsGroup(base, group);
    expect(as.authority('/portal/screen/studio')).toBeNull();
    expect(as.loginData()).toMatchObject({ authGroupId: '30', singleid: 'E1' });
    expect(as.call).toBe(call);
  });
});
