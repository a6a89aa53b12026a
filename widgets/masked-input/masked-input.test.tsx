import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createFixtureServices } from '../testing/fixture-services';
import { renderWidget } from '../testing/render';
import { normalizeCompanyCode } from './company-number-input';
import { MaskedInput, type MaskedInputProps } from './masked-input';

function Host({
  onValue,
  initial = '',
  ...props
}: Omit<MaskedInputProps, 'value' | 'onChange'> & { onValue?: (v: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MaskedInput
        label="입력"
        value={value}
        onChange={(v) => {
          onValue?.(v);
          setValue(v);
        }}
        {...props}
      />
      <output data-testid="raw">{value}</output>
    </>
  );
}

const input = () => screen.getByLabelText('입력');
const raw = () => screen.getByTestId('raw').textContent;

describe('MaskedInput — the value is raw, letters never reach it', () => {
  it.each([
    ['phone', '010a1234b5678', '01012345678', '010 - 1234 - 5678'],
    ['phone', '0212345678', '0212345678', '02 - 1234 - 5678'],
    ['number', '12ab34567', '1234567', '1,234,567'],
    ['numComma', '-1234.5x6', '-1234.56', '-1,234.56'],
    ['num', '-12.5.3a', '-12.53', '-12.53'],
    ['onlynum', '00a12', '0012', '0012'],
    ['taxnum', '123-45-abc67890', '123-45-67890', '123-45-67890'],
  ] as const)('%s: typing %s holds %s and shows %s', async (mask, typed, value, shown) => {
    const onValue = vi.fn();
    renderWidget(<Host mask={mask} onValue={onValue} />);
    await userEvent.type(input(), typed);
    expect(raw()).toBe(value);
    expect(input()).toHaveValue(shown);
    for (const [v] of onValue.mock.calls) expect(v).not.toMatch(/[a-z]/i);
  });

  it('shows a raw value given from outside masked', () => {
    renderWidget(<Host mask="numComma" initial="9876543.21" />);
    expect(input()).toHaveValue('9,876,543.21');
  });

  it('zeroPad: digits only, at most padLength, padded on leaving the field', async () => {
    renderWidget(<Host mask="zeroPad" padLength={5} />);
    await userEvent.type(input(), '4x2');
    expect(raw()).toBe('42');
    await userEvent.tab();
    expect(raw()).toBe('00042');
    expect(input()).toHaveValue('00042');
    expect(input()).toHaveAttribute('maxLength', '5');
  });

  it('keeps the caret after the digit typed when commas move', async () => {
    renderWidget(<Host mask="number" initial="1234567" />);
    const el = input() as HTMLInputElement;
    await userEvent.click(el);
    el.setSelectionRange(3, 3); // after '1,2'
    await userEvent.keyboard('9');
    expect(el.value).toBe('12,934,567');
    expect(el.selectionStart).toBe(4); // after '12,9'
  });
});

describe('MaskedInput comp — company number with its name', () => {
  it('normalizes codes to upper case without spaces', () => {
    expect(normalizeCompanyCode(' c00001 ')).toBe('C00001');
    expect(normalizeCompanyCode('123-45-6789@0')).toBe('123-45-67890');
  });

  it('looks the company up once typing pauses and shows its name', async () => {
    const services = createFixtureServices();
    const getCompanyName = vi.spyOn(services, 'getCompanyName');
    const onCompanyName = vi.fn();
    renderWidget(<Host mask="comp" onCompanyName={onCompanyName} />, { services });
    await userEvent.type(input(), 'c00001');
    expect(raw()).toBe('C00001');
    expect(await screen.findByText('㈜한빛정밀')).toBeInTheDocument();
    expect(getCompanyName).toHaveBeenCalledTimes(1);
    expect(getCompanyName).toHaveBeenCalledWith('C00001');
    expect(onCompanyName).toHaveBeenCalledWith('㈜한빛정밀');
  });

  it("says '등록되지 않은 업체입니다' when there is no such company", async () => {
    const onCompanyName = vi.fn();
    renderWidget(<Host mask="comp" onCompanyName={onCompanyName} />);
    await userEvent.type(input(), 'C99999');
    expect(await screen.findByText('등록되지 않은 업체입니다')).toBeInTheDocument();
    expect(onCompanyName).toHaveBeenCalledWith(null);
  });

  it('alerts a failed lookup with the server message', async () => {
    renderWidget(<Host mask="comp" />, {
      services: createFixtureServices({ failures: { getCompanyName: '업체 조회 권한이 없습니다.' } }),
    });
    await userEvent.type(input(), 'C00002');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('업체 조회 권한이 없습니다.');
  });

  it('ignores a late answer for a code that was changed meanwhile', async () => {
    const services = createFixtureServices();
    // The C00001 answer is held until the test lets it arrive: no clock decides when "late" is.
    let answerLate: (name: string) => void = () => undefined;
    const late = new Promise<string>((resolve) => (answerLate = resolve));
    const getCompanyName = vi
      .spyOn(services, 'getCompanyName')
      .mockImplementation((code) =>
        code === 'C00001' ? late : Promise.resolve(code === 'C00002' ? '대성전자 주식회사' : null),
      );
    renderWidget(<Host mask="comp" />, { services });
    await userEvent.type(input(), 'C00001');
    await waitFor(() => expect(getCompanyName).toHaveBeenCalledWith('C00001'));
    await userEvent.clear(input());
    await userEvent.type(input(), 'C00002');
    expect(await screen.findByText('대성전자 주식회사')).toBeInTheDocument();
    // The C00001 answer arrives now. Every promise job it sets off, however many wrappers deep, runs
    // before the next task: a task boundary after it, not a time, says the widget has handled it.
    await act(async () => {
      answerLate('㈜한빛정밀');
      await late;
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.getByText('대성전자 주식회사')).toBeInTheDocument();
    expect(screen.queryByText('㈜한빛정밀')).not.toBeInTheDocument();
  });
});
