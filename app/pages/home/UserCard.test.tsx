import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../testing/render-page';
import { UserCard } from './UserCard';

const loginData = {
  auth: '',
  authGroupId: '30',
  section: 'D1000',
  deptcd: 'D1100',
  deptnm: '구매팀',
  hname: '김구매',
  singleid: 'E1',
};
const user = {
  userId: 'buyer',
  portal: 'I' as const,
  tokenKey: 's',
  ip: '10.1.2.3',
  lastLoginIp: '10.9.9.9',
  createdDate: null,
  // The session ends at 11:34 in Korea (02:34 UTC); the last login was at 09:00 in Korea.
  lastLoginDate: '2026-11-23T00:00:00.000Z',
  expiredDate: '2026-11-23T02:34:00.000Z',
  hname: '김구매',
  ename: 'Kim',
  cellPhoneNo: null,
  phoneNo: null,
  email: null,
  authGroupName: '사용자',
  sectionName: '본사',
  compNo: null,
  compNameKr: null,
};

/** Times on the business clock, not the browser's. */
describe('UserCard in a browser set to UTC', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it('shows the session end and the last login in Korean time, saying KST', () => {
    process.env.TZ = 'UTC';
    renderPage(<UserCard isCyber={false} loginData={loginData} user={user} />);
    const ends = screen.getByText('세션 만료').nextElementSibling!;
    // Node's ICU names the half of the day 오전 or AM depending on its data; the hour is what matters.
    expect(ends.textContent).toMatch(/^2026\. 11\. 23\. (오전|AM) 11:34 KST$/);
    expect(ends.textContent).not.toMatch(/2:34/);
    expect(screen.getByText(/(오전|AM) 9:00 KST \(10\.9\.9\.9\)/)).toBeInTheDocument();
  });
});
