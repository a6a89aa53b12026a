import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withWidgets } from '../testing/story-decorators';
import { Countdown } from './countdown';

const meta = {
  title: 'Widgets/Countdown',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three hours and two minutes to the close, as the server counted them. */
export const Hours: Story = {
  render: () => <Countdown label="마감까지 남은 시간" value={3 * 3600 + 125} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('timer', { name: '마감까지 남은 시간' })).toHaveTextContent(/^03:0[12]:\d\d$/);
  },
};

/** More than a day: the days apart. */
export const Days: Story = {
  render: () => <Countdown label="마감까지 남은 시간" value={2 * 86_400 + 3600} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('timer', { name: '마감까지 남은 시간' })).toHaveTextContent(/^2일 0[01]:\d\d:\d\d$/);
  },
};

/** At zero it says the close has come. */
export const Ended: Story = {
  render: () => <Countdown label="마감까지 남은 시간" value={0} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('timer', { name: '마감까지 남은 시간' })).toHaveTextContent('마감됨');
  },
};
