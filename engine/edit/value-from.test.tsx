import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationInput } from '../services';
import { installGlideJsdom } from '../testing/grid';
import { renderScreen } from '../testing/screen-harness';
import { valueAt } from './value-from';
import { messageRow } from '../testing/contract-rows';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

describe('valueAt', () => {
  it('follows a dotted path with list indexes; null where it leads nowhere', () => {
    const answer = { success: true, resultData: [{ COMP_NO: 'C00001', FORWARD_YN: 'Y' }] };
    expect(valueAt(answer, 'resultData.0.FORWARD_YN')).toBe('Y');
    expect(valueAt(answer, 'resultData.1.FORWARD_YN')).toBeNull();
    expect(valueAt({ limit: '5000000' }, 'limit')).toBe('5000000');
    expect(valueAt(null, 'limit')).toBeNull();
  });
});

const definition = {
  id: 'test.valueFrom',
  kind: 'edit',
  title: '값 가져오기',
  route: '/test/valueFrom',
  key: ['msgKey'],
  load: { operation: 'getMessage' },
  sections: [
    {
      fields: [
        { field: 'textKo', label: '협력사' },
        { field: 'textEn', label: '영문' },
        {
          field: 'limit',
          label: '한도',
          mask: 'numComma',
          readOnly: true,
          valueFrom: { operation: 'getSimpleOrderLimit', value: 'limit' },
        },
        {
          field: 'fwd',
          label: '자동전송',
          readOnly: true,
          valueFrom: {
            operation: 'getForwardYn',
            params: { body: { params: '[form.textKo]' } },
            value: 'resultData.0.FORWARD_YN',
          },
        },
        {
          field: 'ver',
          label: '버전',
          readOnly: true,
          valueFrom: { operation: 'getRfq', params: { path: { rfqNo: 'form.textEn' } }, value: 'version' },
        },
        {
          field: 'fwdWhen',
          label: '자동전송(선택 시)',
          readOnly: true,
          valueFrom: {
            operation: 'getForwardYn',
            params: { body: { params: '[form.textEn]' } },
            value: 'resultData.0.FORWARD_YN',
            when: '!empty(form.textEn)',
          },
        },
        {
          field: 'fwdQuery',
          label: '자동전송(조회)',
          readOnly: true,
          valueFrom: {
            operation: 'listForwardYn',
            params: { query: { compNo: 'form.textEn' } },
            value: 'resultData.0.FORWARD_YN',
          },
        },
      ],
    },
  ],
  actions: [
    {
      kind: 'workflow',
      id: 'auto',
      label: '자동 전송',
      operation: 'updateMessage',
      visible: "form.fwd == 'Y'",
      params: { body: { version: 'form.version' } },
    },
  ],
};

function open() {
  const forward: Record<string, string> = { C00001: 'Y', C00002: 'N' };
  return renderScreen('test.valueFrom', {
    entries: [{ file: 'screens/test/valueFrom.screen.json', definition }],
    route: '/?msgKey=k1',
    answers: {
      getMessage: () => messageRow({ msgKey: 'k1', textKo: 'C00001', version: 3 }),
      getSimpleOrderLimit: () => ({ limit: '5000000', currency: 'KRW', jpyRate: '900' }),
      getForwardYn: (input: OperationInput) => {
        const wanted = (input.body as { params: string[] }).params;
        return {
          success: true,
          resultData: wanted
            .filter((c) => forward[c])
            .map((c) => ({ COMP_NO: c, COMP_NAME_KR: c, TAX_NO_2: '', FORWARD_YN: forward[c] })),
        };
      },
    },
  });
}

describe('edit fields with valueFrom', () => {
  it('shows values other operations give, calls again when their inputs change, and never with an empty path parameter or required query parameter', async () => {
    const { services } = open();
    expect(await screen.findByDisplayValue('5,000,000')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('자동전송')).toHaveValue('Y'));
    expect(screen.getByRole('button', { name: '자동 전송' })).toBeInTheDocument();
    expect(services.calls.find((c) => c.operation === 'getForwardYn')!.input.body).toEqual({ params: ['C00001'] });
    expect(services.calls.some((c) => c.operation === 'getRfq')).toBe(false);
    // listForwardYn requires compNo: a new order without its supplier would only get a 400.
    expect(services.calls.some((c) => c.operation === 'listForwardYn')).toBe(false);
    expect(screen.queryByText('저장하지 않은 변경 내용이 있습니다.')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('협력사'), { target: { value: 'C00002' } });
    await waitFor(() => expect(screen.getByLabelText('자동전송')).toHaveValue('N'));
    expect(screen.queryByRole('button', { name: '자동 전송' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('협력사'), { target: { value: 'C09999' } });
    await waitFor(() => expect(screen.getByLabelText('자동전송')).toHaveValue(''));
  });

  it('makes no call while its `when` is false, and calls once it holds', async () => {
    const { services } = open();
    await waitFor(() => expect(screen.getByLabelText('자동전송')).toHaveValue('Y'));
    const asked = () =>
      services.calls.filter(
        (c) => c.operation === 'getForwardYn' && (c.input.body as { params: string[] }).params[0] !== 'C00001',
      );
    // form.textEn is empty: an unfiltered call would have answered some company's value.
    expect(asked()).toHaveLength(0);
    expect(screen.getByLabelText('자동전송(선택 시)')).toHaveValue('');
    fireEvent.change(screen.getByLabelText('영문'), { target: { value: 'C00002' } });
    await waitFor(() => expect(screen.getByLabelText('자동전송(선택 시)')).toHaveValue('N'));
    expect(asked().map((c) => c.input.body)).toEqual([{ params: ['C00002'] }]);
  });
});

describe('valueFrom fields reading one answer', () => {
  it('call its operation once for all of them', async () => {
    const shared = {
      id: 'test.valueFromShared',
      kind: 'edit',
      title: '한 응답의 여러 값',
      route: '/test/valueFromShared',
      key: ['msgKey'],
      load: { operation: 'getMessage' },
      sections: [
        {
          fields: [
            { field: 'textKo', label: '메시지' },
            ...['limit', 'currency', 'jpyRate'].map((value) => ({
              field: `x_${value}`,
              label: `값 ${value}`,
              readOnly: true,
              valueFrom: { operation: 'getSimpleOrderLimit', value },
            })),
          ],
        },
      ],
    };
    const { services } = renderScreen('test.valueFromShared', {
      entries: [{ file: 'screens/test/valueFromShared.screen.json', definition: shared }],
      route: '/?msgKey=k1',
      answers: {
        getMessage: () => messageRow({ msgKey: 'k1', textKo: '가', version: 1 }),
        getSimpleOrderLimit: () => ({ limit: '5000000', currency: 'KRW', jpyRate: '900' }),
      },
    });
    await waitFor(() => expect(screen.getByLabelText('값 jpyRate')).toHaveValue('900'));
    expect(screen.getByLabelText('값 currency')).toHaveValue('KRW');
    expect(screen.getByLabelText('값 limit')).toHaveValue('5000000');
    expect(services.calls.filter((c) => c.operation === 'getSimpleOrderLimit')).toHaveLength(1);
  });
});

describe('commands while valueFrom values load', () => {
  it('wait for them: the command is disabled until the value has come', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const waiting = {
      id: 'test.valueFromPending',
      kind: 'edit',
      title: '값을 기다리는 명령',
      route: '/test/valueFromPending',
      key: ['msgKey'],
      load: { operation: 'getMessage' },
      sections: [
        {
          fields: [
            { field: 'textKo', label: '메시지' },
            {
              field: 'limit',
              label: '한도',
              readOnly: true,
              valueFrom: { operation: 'getSimpleOrderLimit', value: 'limit' },
            },
          ],
        },
      ],
      actions: [
        {
          kind: 'workflow',
          id: 'send',
          label: '보내기',
          operation: 'updateMessage',
          params: { body: { version: 'form.version' } },
        },
      ],
    };
    renderScreen('test.valueFromPending', {
      entries: [{ file: 'screens/test/valueFromPending.screen.json', definition: waiting }],
      route: '/?msgKey=k1',
      answers: {
        getMessage: () => messageRow({ msgKey: 'k1', textKo: '가', version: 1 }),
        getSimpleOrderLimit: async () => {
          await gate;
          return { limit: '5000000', currency: 'KRW', jpyRate: '900' };
        },
      },
    });
    const send = await screen.findByRole('button', { name: '보내기' });
    await waitFor(() => expect(screen.getByLabelText('메시지')).toHaveValue('가'));
    expect(send).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByLabelText('한도')).toHaveValue('5000000'));
    await waitFor(() => expect(screen.getByRole('button', { name: '보내기' })).toBeEnabled());
  });
});
