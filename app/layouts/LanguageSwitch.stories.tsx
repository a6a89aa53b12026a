import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { LanguageSwitch } from './LanguageSwitch';

const meta = {
  title: 'App/Layout/LanguageSwitch',
  component: LanguageSwitch,
  parameters: { layout: 'centered' },
} satisfies Meta<typeof LanguageSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On the coloured header. */
export const OnHeader: Story = {
  decorators: [
    (Story) => (
      <div style={{ background: 'var(--accent)', color: '#fff', padding: 16, borderRadius: 8 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, userEvent }) => {
    const korean = canvas.getByRole('button', { name: '한국어' });
    const english = canvas.getByRole('button', { name: 'English' });
    await expect(korean).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(english);
    await expect(english).toHaveAttribute('aria-pressed', 'true');
    await expect(korean).toHaveAttribute('aria-pressed', 'false');
    // The group's own label follows the language it switched to.
    await expect(canvas.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    await userEvent.click(korean);
    await expect(canvas.getByRole('group', { name: '언어 선택' })).toBeInTheDocument();
  },
};

/** On white pages (login, messages). */
export const OnLightPage: Story = {
  args: { tone: 'light' },
};
