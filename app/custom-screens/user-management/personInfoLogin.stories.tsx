import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect } from 'storybook/test';
import { OperationError } from '../../../engine/services';
import { createFixtureEngineServices } from '../../../engine/testing/fixture-engine-services';
import { ScreenHarness } from '../../../engine/testing/screen-harness';
import { createScreenRegistry } from '../../../engine/runtime/registry';
import { screenDefinitions, screenTexts } from '../../../screens';
import PersonInfoLogin from './personInfoLogin.custom';

const registry = createScreenRegistry(screenDefinitions);

/** PersonInfoLogin on fixtures: the right password is Gpms!2345; anything else is refused as the server would. */
function ReauthStory() {
  const services = useMemo(
    () =>
      createFixtureEngineServices({
        delayMs: 100,
        answers: {
          reauthenticate: ({ body }) => {
            if ((body as { password: string }).password !== 'Gpms!2345')
              throw new OperationError(400, 'AUTH011', '비밀번호가 올바르지 않습니다');
            return { code: 'OK', reauthUntil: '2026-11-23T01:00:00.000Z' };
          },
        },
      }),
    [],
  );
  return (
    <div style={{ padding: 16, background: 'var(--color-bg, #f3f5f8)' }}>
      <ScreenHarness
        id="userManagement.personInfoLogin"
        registry={registry}
        services={services}
        texts={screenTexts}
        router={false}
        customComponents={{ personInfoLogin: PersonInfoLogin }}
      />
    </div>
  );
}

const meta = {
  title: 'Custom screens/user-management/personInfoLogin',
  component: ReauthStory,
  parameters: { portal: 'external', route: '/cyber/userManagement/PersonInfoLogin' },
} satisfies Meta<typeof ReauthStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A wrong password is told beside the field. */
export const WrongPassword: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = await canvas.findByLabelText(/비밀번호/);
    await userEvent.type(input, 'nope');
    await userEvent.click(canvas.getByRole('button', { name: '확인' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('비밀번호가 올바르지 않습니다');
  },
};
