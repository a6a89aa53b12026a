import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render';
import { Select, selectEntries, type SelectProps } from './select';

function Host(props: Partial<SelectProps> & { onValue?: (v: string) => void }) {
  const [value, setValue] = useState(props.value ?? '');
  return (
    <Select
      label="발주상태"
      codeGroup="PO_STATUS"
      {...props}
      value={value}
      onChange={(v) => {
        props.onValue?.(v);
        setValue(v);
      }}
    />
  );
}

const optionTexts = () =>
  within(screen.getByLabelText('발주상태'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('Select (spec §3: an empty entry labelled choose or all first)', () => {
  it('lists the common codes after 선택 by default', () => {
    renderWidget(<Host />);
    expect(optionTexts().slice(0, 3)).toEqual(['선택', '작성중', '결재중']);
    expect(within(screen.getByLabelText('발주상태')).getAllByRole('option')[0]).toHaveValue('');
  });

  it('labels the empty entry 전체 for filters, or leaves it out', () => {
    const { rerenderWidget } = renderWidget(<Host empty="all" />);
    expect(optionTexts()[0]).toBe('전체');
    rerenderWidget(<Host empty={false} />);
    expect(optionTexts()[0]).toBe('작성중');
  });

  it('reports the chosen code', async () => {
    const onValue = vi.fn();
    renderWidget(<Host onValue={onValue} />);
    await userEvent.selectOptions(screen.getByLabelText('발주상태'), '발주전송');
    expect(onValue).toHaveBeenCalledWith('SENT');
  });

  it('takes options from a prop over the code group', () => {
    renderWidget(<Host options={[{ value: 'KRW', text: '원화' }]} />);
    expect(optionTexts()).toEqual(['선택', '원화']);
  });

  it('keeps an unknown current value visible instead of showing 선택', () => {
    expect(selectEntries([{ value: 'A', text: '가' }], '선택', 'Z')).toEqual([
      { value: '', text: '선택' },
      { value: 'A', text: '가' },
      { value: 'Z', text: 'Z' },
    ]);
  });

  it('says a required select is empty once changed and left, not when merely passed through', async () => {
    renderWidget(<Host required />);
    screen.getByLabelText(/발주상태/).focus();
    await userEvent.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(/발주상태/), '발주전송');
    await userEvent.selectOptions(screen.getByLabelText(/발주상태/), '선택');
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('필수 입력 항목입니다.');
  });
});
