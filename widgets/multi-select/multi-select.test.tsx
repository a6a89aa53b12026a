import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from '../modal/modal';
import { renderWidget } from '../testing/render';
import { MultiSelect } from './multi-select';

function Host({ initial = [] as string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MultiSelect label="결재상태" codeGroup="APPROVAL_STATUS" value={value} onChange={setValue} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;

describe('MultiSelect', () => {
  it('toggles every option with 전체 and shows a summary', async () => {
    const user = userEvent.setup();
    renderWidget(<Host />);
    const button = screen.getByRole('button', { name: /결재상태/ });
    expect(button).toHaveTextContent('선택하세요');
    await user.click(button);
    await user.click(screen.getByRole('checkbox', { name: '전체' }));
    expect(value()).toBe('NONE,PENDING,IN_PROGRESS,APPROVED,REJECTED');
    expect(button).toHaveTextContent('전체');
    await user.click(screen.getByRole('checkbox', { name: '전체' }));
    expect(value()).toBe('');
  });

  it('keeps option order and summarises several choices', async () => {
    const user = userEvent.setup();
    renderWidget(<Host />);
    await user.click(screen.getByRole('button', { name: /결재상태/ }));
    await user.click(screen.getByRole('checkbox', { name: '반려' }));
    await user.click(screen.getByRole('checkbox', { name: '결재대기' }));
    expect(value()).toBe('PENDING,REJECTED');
    expect(screen.getByRole('button', { name: /결재상태/ })).toHaveTextContent('결재대기 외 1건');
    expect(screen.getByRole('checkbox', { name: '전체' })).toHaveProperty('indeterminate', true);
  });

  it('Escape closes the list only, not a modal around it', async () => {
    const user = userEvent.setup();
    let closed = 0;
    renderWidget(
      <Modal open title="검색조건" onClose={() => closed++}>
        <Host />
      </Modal>,
    );
    await user.click(screen.getByRole('button', { name: /결재상태/ }));
    expect(screen.getByRole('checkbox', { name: '전체' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('checkbox', { name: '전체' })).not.toBeInTheDocument();
    expect(closed).toBe(0);
    await user.keyboard('{Escape}');
    expect(closed).toBe(1);
  });
});
