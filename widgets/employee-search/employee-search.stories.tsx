import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { FIXTURE_LOGINS } from '../testing/fixture-services';
import { withWidgets } from '../testing/story-decorators';
import { EMPTY_EMPLOYEE_SEARCH_VALUE, EmployeeSearch } from './employee-search';

function Demo({ note }: { note: string }) {
  const [value, setValue] = useState(EMPTY_EMPLOYEE_SEARCH_VALUE);
  return (
    <div style={{ display: 'grid', gap: 10 }}>
      <p style={{ margin: 0, fontSize: 13, color: '#5b6778' }}>{note}</p>
      <EmployeeSearch value={value} onChange={setValue} />
      <code style={{ fontSize: 12, color: '#5b6778' }} data-testid="value">
        값: {JSON.stringify(value)}
      </code>
    </div>
  );
}

const meta = {
  title: 'Widgets/EmployeeSearch',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const fields = (canvas: { getByLabelText: (t: string) => HTMLElement }) => ({
  section: canvas.getByLabelText('사업부문'),
  dept: canvas.getByLabelText('부서'),
  person: canvas.getByLabelText('사원'),
});

/** Group 99 (system): nothing fixed, nothing prefilled. Clearing the section clears the rest. */
export const Group99System: Story = {
  parameters: { fixtures: { login: FIXTURE_LOGINS['99'] } },
  render: () => <Demo note="99 시스템관리자 — 모두 선택 가능, 자동 입력 없음" />,
  play: async ({ canvas, userEvent }) => {
    const f = fields(canvas);
    await expect(f.section).toBeEnabled();
    await userEvent.type(f.dept, '시험{Enter}');
    await waitFor(() => expect(f.section).toHaveValue('연구소'));
    await expect(f.dept).toHaveValue('시험분석팀');
    await userEvent.click(canvas.getByRole('button', { name: '사업부문 지우기' }));
    await expect(f.dept).toHaveValue('');
  },
};

/** Group 30 (user): section, department and person fixed to the login's own. */
export const Group30User: Story = {
  parameters: { fixtures: { login: FIXTURE_LOGINS['30'] } },
  render: () => <Demo note="30 사용자 — 사업부문·부서·사원 모두 본인으로 고정" />,
  play: async ({ canvas }) => {
    const f = fields(canvas);
    await waitFor(() => expect(f.section).toHaveValue('본사'));
    await expect(f.person).toHaveValue('정수빈');
    await expect(f.section).toBeDisabled();
    await expect(f.dept).toBeDisabled();
    await expect(f.person).toBeDisabled();
  },
};

/** Group 31 (user admin 1): section and department fixed; any person of the department. */
export const Group31UserAdmin1: Story = {
  parameters: { fixtures: { login: FIXTURE_LOGINS['31'] } },
  render: () => <Demo note="31 사용자관리자1 — 사업부문·부서 고정, 사원 선택 가능" />,
  play: async ({ canvas }) => {
    const f = fields(canvas);
    await waitFor(() => expect(f.dept).toHaveValue('생산1팀'));
    await expect(f.dept).toBeDisabled();
    await expect(f.person).toBeEnabled();
  },
};

/** Group 32 (user admin 2): section fixed; department and person free within it. */
export const Group32UserAdmin2: Story = {
  parameters: { fixtures: { login: FIXTURE_LOGINS['32'] } },
  render: () => <Demo note="32 사용자관리자2 — 사업부문 고정" />,
  play: async ({ canvas }) => {
    const f = fields(canvas);
    await waitFor(() => expect(f.section).toHaveValue('생산부문'));
    await expect(f.section).toBeDisabled();
    await expect(f.dept).toBeEnabled();
  },
};

/** Group 33 (user admin 3): nothing prefilled; may pick any person (search not limited to the section). */
export const Group33UserAdmin3: Story = {
  parameters: { fixtures: { login: FIXTURE_LOGINS['33'] } },
  render: () => <Demo note="33 사용자관리자3 — 자동 입력 없음, 사원은 부문과 관계없이 선택" />,
};

/** auth 'A': the department is fixed. */
export const AuthA: Story = {
  parameters: { fixtures: { login: FIXTURE_LOGINS.A } },
  render: () => <Demo note="auth 'A' — 부서 고정 (그룹 20: 모두 자동 입력)" />,
  play: async ({ canvas }) => {
    const f = fields(canvas);
    await waitFor(() => expect(f.dept).toHaveValue('구매운영팀'));
    await expect(f.dept).toBeDisabled();
    await expect(f.section).toBeEnabled();
  },
};
