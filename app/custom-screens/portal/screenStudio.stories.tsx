import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect } from 'storybook/test';
import { createFixtureEngineServices } from '../../../engine/testing/fixture-engine-services';
import { ScreenHarness } from '../../../engine/testing/screen-harness';
import { createScreenRegistry } from '../../../engine/runtime/registry';
import { screenDefinitions, screenTexts } from '../../../screens';
import ScreenStudio from './screenStudio.custom';

const registry = createScreenRegistry(screenDefinitions);

const row = {
  name: 'openPoBySupplier',
  portal: 'I' as const,
  route: '/s/openPoBySupplier',
  kind: 'list',
  title: '협력사별 미납 발주',
  draftVersion: 3,
  publishedVersion: 1,
  pgmId: 'S_openPoBySupplier',
  problemCount: 0,
  updatedBy: 'admin',
  updatedAt: '2026-11-24T09:00:00+09:00',
};

/** The studio's list on fixture answers (the editor itself is CodeMirror in the browser: the journey shows it). */
function StudioStory() {
  const services = useMemo(
    () =>
      createFixtureEngineServices({
        answers: {
          listStudioScreens: () => ({
            rows: [
              row,
              {
                ...row,
                name: 'draftOnly',
                route: '/s/draftOnly',
                title: '초안 화면',
                publishedVersion: null,
                pgmId: null,
                problemCount: 2,
                draftVersion: 1,
              },
            ],
            total: 2,
          }),
          listStudioOperations: () => ({ rows: [], total: 0 }),
          // The list's next steps: the published screen still fits the contract (no drift).
          listStudioDrift: () => ({ rows: [], total: 0, published: 1 }),
          // The publish panel's groups (the rows 권한관리 shows).
          listAdminAuthGroups: () => ({
            rows: [
              ['99', '시스템관리자', 'System administrator', 1, 3],
              ['30', '일반사용자', 'User', 8, 412],
            ].map(([authGroupId, nameKo, nameEn, sortOrder, userCount]) => ({
              authGroupId,
              nameKo,
              nameEn,
              portal: 'I',
              description: null,
              sortOrder,
              useYn: 'Y',
              userCount,
              label: `${authGroupId} ${nameKo}`,
              version: 1,
            })),
            total: 2,
          }),
        },
        delayMs: 50,
      }),
    [],
  );
  return (
    <div style={{ padding: 16, background: 'var(--color-bg, #f3f5f8)' }}>
      <ScreenHarness
        id="portal.screenStudio"
        registry={registry}
        services={services}
        texts={screenTexts}
        router={false}
        customComponents={{ screenStudio: ScreenStudio }}
      />
    </div>
  );
}

const meta = {
  title: 'Custom screens/portal/screenStudio',
  component: StudioStory,
  parameters: { route: '/portal/screen/studio' },
} satisfies Meta<typeof StudioStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The stored screens: one published (v1), one draft with two problems. */
export const List: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('게시 v1')).toBeInTheDocument();
    await expect(canvas.getByText('초안')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'openPoBySupplier 열기' })).toBeInTheDocument();
  },
};
