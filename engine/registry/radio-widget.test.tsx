import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WIDGETS, type EngineInputProps } from './widgets';

const base: Omit<EngineInputProps, 'value' | 'onChange'> = {
  label: '발주구분',
  disabled: false,
  readOnly: false,
  required: true,
  invalid: null,
  options: [
    { value: 'N', text: '발주 납품' },
    { value: 'Y', text: '무발주 납품' },
  ],
  emptyOption: 'none',
  context: 'form',
};

describe('the radio widget', () => {
  it('is a radiogroup named by its label; choosing a radio sends its value', () => {
    const onChange = vi.fn();
    const Radio = WIDGETS.radio.component;
    render(<Radio {...base} value="N" onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: /발주구분/ });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '발주 납품' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: '무발주 납품' }));
    expect(onChange).toHaveBeenCalledWith('Y');
    // One name for the group: the browser moves between them with the arrow keys.
    const names = new Set(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).name));
    expect(names.size).toBe(1);
  });

  it('read only: the choice is shown and cannot change', () => {
    const Radio = WIDGETS.radio.component;
    render(<Radio {...base} value="Y" readOnly onChange={() => undefined} />);
    expect(screen.getByRole('radio', { name: '무발주 납품' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '발주 납품' })).toBeDisabled();
  });
});

describe('the select widget', () => {
  it('shows a value its choices no longer hold as itself (an order since fully delivered)', () => {
    const Select = WIDGETS.select.component;
    render(
      <Select
        {...base}
        label="발주"
        options={[{ value: 'PO2', text: 'PO2' }]}
        value="PO1"
        readOnly
        onChange={() => undefined}
      />,
    );
    expect(screen.getByRole('combobox', { name: '발주' })).toHaveDisplayValue('PO1');
  });
});
