import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withWidgets } from '../testing/story-decorators';
import { DateText, KrwFromJpy, Money } from './format';

// An instant in Korea's time (dates and times are shown in KST whatever the browser's zone).
const AT = new Date('2024-11-05T14:30:09+09:00');

const row = { display: 'grid', gridTemplateColumns: '280px 1fr', gap: 12, fontSize: 13, padding: '4px 0' } as const;

const meta = {
  title: 'Widgets/Format',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every date token of spec §5, Korean and English. */
export const Dates: Story = {
  render: () => (
    <div>
      {['yyyy-MM-dd', 'yy.MM.dd', 'yyyy-MM-dd HH:mm:ss', 'a hh:mm', "yyyy'년' MM'월' dd'일' (E)", 'EEEE'].map((p) => (
        <div key={p} style={row}>
          <code>{p}</code>
          <span>
            <DateText value={AT} pattern={p} /> · <DateText value={AT} pattern={p} lang="en" />
          </span>
        </div>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('오후 02:30')).toBeInTheDocument();
    await expect(canvas.getByText('2024년 11월 05일 (화)')).toBeInTheDocument();
    await expect(canvas.getByText('Tuesday')).toBeInTheDocument();
  },
};

/** Amounts (KRW, JPY) and JPY → KRW at a rate per 100 yen, rounded. */
export const MoneyAndConversion: Story = {
  render: () => (
    <div>
      <div style={row}>
        <span>KRW 12345678.5</span>
        <Money amount="12345678.5" currency="KRW" showCurrency />
      </div>
      <div style={row}>
        <span>JPY 98765</span>
        <Money amount="98765" currency="JPY" showCurrency />
      </div>
      <div style={row}>
        <span>¥150 × 905 / 100</span>
        <KrwFromJpy amount="150" rate="905" showCurrency />
      </div>
      <div style={row}>
        <span>¥1,234,567 × 905.32 / 100</span>
        <KrwFromJpy amount="1234567" rate="905.32" showCurrency />
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1,358 KRW')).toBeInTheDocument();
    await expect(canvas.getByText('12,345,679 KRW')).toBeInTheDocument();
  },
};
