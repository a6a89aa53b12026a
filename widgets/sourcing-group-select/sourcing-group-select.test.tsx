import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createFixtureServices } from '../testing/fixture-services';
import { renderWidget } from '../testing/render';
import {
  changeSourcingLevel,
  EMPTY_SOURCING_GROUP,
  SourcingGroupSelect,
  sourcingRequests,
  type SourcingGroupValue,
} from './sourcing-group-select';

function setup(initial: SourcingGroupValue = EMPTY_SOURCING_GROUP, services = createFixtureServices()) {
  const getSgCode = vi.spyOn(services, 'getSgCode');
  const values: SourcingGroupValue[] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <SourcingGroupSelect
        label="소싱그룹"
        value={value}
        onChange={(v) => {
          values.push(v);
          setValue(v);
        }}
      />
    );
  }
  renderWidget(<Host />, { services });
  return { getSgCode, values, user: userEvent.setup() };
}

const level = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

describe('SourcingGroupSelect (four levels from getSgCode)', () => {
  it('loads level 1 with getSgCode(001); lower levels wait, disabled', async () => {
    const { getSgCode } = setup();
    await waitFor(() => expect(level('대분류')).toBeEnabled());
    expect(getSgCode).toHaveBeenCalledWith('001', undefined);
    expect(Array.from(level('대분류').options).map((o) => o.text)).toEqual(['전체', '직접재', '간접재', '설비/투자']);
    expect(level('중분류')).toBeDisabled();
    expect(level('소분류')).toBeDisabled();
    expect(level('세분류')).toBeDisabled();
  });

  it('loads each level by its parent code as the parent is chosen', async () => {
    const { getSgCode, values, user } = setup();
    await waitFor(() => expect(level('대분류')).toBeEnabled());
    await user.selectOptions(level('대분류'), 'SGD');
    await waitFor(() => expect(level('중분류')).toBeEnabled());
    expect(getSgCode).toHaveBeenLastCalledWith('002', 'SGD');
    await user.selectOptions(level('중분류'), 'SGD-ELC');
    await waitFor(() => expect(level('소분류')).toBeEnabled());
    expect(getSgCode).toHaveBeenLastCalledWith('003', 'SGD-ELC');
    await user.selectOptions(level('소분류'), 'SGD-ELC01');
    await waitFor(() => expect(level('세분류')).toBeEnabled());
    expect(getSgCode).toHaveBeenLastCalledWith('004', 'SGD-ELC01');
    await user.selectOptions(level('세분류'), 'SGD-ELC0101-I');
    expect(values.at(-1)).toEqual({
      L1_SG_CODE: 'SGD',
      L2_SG_CODE: 'SGD-ELC',
      L3_SG_CODE: 'SGD-ELC01',
      L4_SG_CODE: 'SGD-ELC0101-I',
    });
  });

  it('changing a level clears the levels below and reloads the next one', async () => {
    const full = { L1_SG_CODE: 'SGD', L2_SG_CODE: 'SGD-ELC', L3_SG_CODE: 'SGD-ELC01', L4_SG_CODE: 'SGD-ELC0101-D' };
    const { getSgCode, values, user } = setup(full);
    await waitFor(() => expect(level('세분류')).toBeEnabled());
    expect(level('세분류').value).toBe('SGD-ELC0101-D');
    await user.selectOptions(level('대분류'), 'SGI');
    expect(values.at(-1)).toEqual({ L1_SG_CODE: 'SGI', L2_SG_CODE: '', L3_SG_CODE: '', L4_SG_CODE: '' });
    await waitFor(() =>
      expect(Array.from(level('중분류').options).map((o) => o.text)).toEqual([
        '전체',
        'MRO 소모품',
        '사무용품',
        'IT장비',
      ]),
    );
    expect(getSgCode).toHaveBeenLastCalledWith('002', 'SGI');
    expect(level('소분류')).toBeDisabled();
    // Back to SGD: its level-2 list is cached, no second call.
    const calls = getSgCode.mock.calls.length;
    await user.selectOptions(level('대분류'), 'SGD');
    await waitFor(() => expect(level('중분류')).toBeEnabled());
    expect(getSgCode.mock.calls.length).toBe(calls);
  });

  it('alerts a failed load with the server message', async () => {
    setup(EMPTY_SOURCING_GROUP, createFixtureServices({ failures: { getSgCode: '소싱그룹을 불러오지 못했습니다.' } }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('소싱그룹을 불러오지 못했습니다.');
  });
});

describe('pure helpers', () => {
  it('changeSourcingLevel clears below', () => {
    const v = { L1_SG_CODE: 'A', L2_SG_CODE: 'B', L3_SG_CODE: 'C', L4_SG_CODE: 'D' };
    expect(changeSourcingLevel(v, 1, 'X')).toEqual({
      L1_SG_CODE: 'A',
      L2_SG_CODE: 'X',
      L3_SG_CODE: '',
      L4_SG_CODE: '',
    });
    expect(changeSourcingLevel(v, 3, '')).toEqual({ ...v, L4_SG_CODE: '' });
  });
  it('sourcingRequests asks each level by its parent', () => {
    expect(sourcingRequests({ L1_SG_CODE: 'SGD', L2_SG_CODE: '', L3_SG_CODE: '', L4_SG_CODE: '' })).toEqual([
      { level: '001', parent: '' },
      { level: '002', parent: 'SGD' },
      null,
      null,
    ]);
  });
});
