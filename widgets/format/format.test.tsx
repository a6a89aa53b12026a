import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render';
import { DateText, KrwFromJpy, Money, toDate } from './format';

describe('DateText (spec §5 tokens through formatDate)', () => {
  const at = new Date(2024, 2, 5, 13, 7, 9); // Tuesday 5 March 2024, 13:07:09

  it('formats every token in Korean', () => {
    renderWidget(<DateText value={at} pattern="yyyy yy MM dd HH hh mm ss E EEEE a" />);
    // 13:07 UTC is 22:07 on the business clock (KST), whatever the runtime's zone.
    expect(screen.getByText('2024 24 03 05 22 10 07 09 화 화요일 오후')).toBeInTheDocument();
  });

  it('formats weekdays and AM/PM in English', () => {
    renderWidget(<DateText value={at} pattern="EEEE, E a" lang="en" />);
    expect(screen.getByText('Tuesday, Tue PM')).toBeInTheDocument();
  });

  it('follows the interface language when no lang is given', () => {
    renderWidget(<DateText value={at} pattern="EEEE" />, { language: 'en' });
    expect(screen.getByText('Tuesday')).toBeInTheDocument();
  });

  it("reads 'YYYY-MM-DD' as that local day and shows 오전 before noon", () => {
    renderWidget(<DateText value="2024-03-05" pattern="yyyy년 MM월 dd일 (E) a hh시" />);
    expect(screen.getByText('2024년 03월 05일 (화) 오전 12시')).toBeInTheDocument();
  });

  it('is empty for no or an invalid date', () => {
    expect(toDate('')).toBeNull();
    expect(toDate('내일')).toBeNull();
    const { container } = renderWidget(<DateText value="내일" />);
    expect(container.querySelector('time')).toHaveTextContent('');
  });
});

describe('Money and KrwFromJpy (lib/money.ts)', () => {
  it('shows KRW and JPY with commas and no decimals', () => {
    renderWidget(
      <>
        <Money amount="1234567.5" currency="KRW" />
        <Money amount="98765" currency="JPY" showCurrency />
      </>,
    );
    expect(screen.getByText('1,234,568')).toBeInTheDocument();
    expect(screen.getByText('98,765 JPY')).toBeInTheDocument();
  });

  it('converts JPY at a rate per 100 yen, rounded (half up, away from zero)', () => {
    renderWidget(
      <>
        <KrwFromJpy amount="150" rate="905" />
        <KrwFromJpy amount="-150" rate="905" />
        <KrwFromJpy amount="1234567" rate="905.32" />
      </>,
    );
    expect(screen.getByText('1,358')).toBeInTheDocument();
    expect(screen.getByText('-1,358')).toBeInTheDocument();
    expect(screen.getByText('11,176,782')).toBeInTheDocument();
  });

  it('shows nothing without a valid rate', () => {
    const { container } = renderWidget(<KrwFromJpy amount="150" rate="0" />);
    expect(container.textContent).toBe('');
  });
});
