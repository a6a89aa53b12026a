import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationError, type OperationInput } from '../../engine/services';
import { clickGridRow, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../index';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Row = Record<string, unknown>;

/** A memory "server" of my delegations: create refuses an overlap like the real one, cancel checks the version. */
function delegations() {
  const rows: Row[] = [
    {
      delegationId: 7,
      approverId: 'E000006',
      approverName: '강동현',
      deputyId: 'E000002',
      deputyName: '박성호',
      deputyDeptnm: '구매기획팀',
      fromDate: '2026-12-01',
      toDate: '2026-12-05',
      reason: '출장',
      status: 'ACTIVE',
      createdAt: '2026-11-20T01:00:00.000Z',
      version: 1,
    },
  ];
  const answers = {
    listMyDelegations: () => ({
      rows: [...rows].sort((a, b) => String(b.fromDate).localeCompare(String(a.fromDate))),
      total: rows.length,
    }),
    createDelegation: (input: OperationInput) => {
      const b = input.body as Row;
      if (
        rows.some(
          (r) =>
            r.status === 'ACTIVE' && String(r.fromDate) <= String(b.toDate) && String(b.fromDate) <= String(r.toDate),
        )
      ) {
        throw new OperationError(409, 'DELEGATION_OVERLAP', '다른 위임 기간과 겹칩니다');
      }
      const row = {
        delegationId: 8,
        approverId: 'E000006',
        approverName: '강동현',
        deputyId: b.deputyId,
        deputyName: '박성호',
        deputyDeptnm: '구매기획팀',
        fromDate: b.fromDate,
        toDate: b.toDate,
        reason: b.reason ?? null,
        status: 'ACTIVE',
        createdAt: '2026-11-22T01:00:00.000Z',
        version: 1,
      };
      rows.push(row);
      return row;
    },
    cancelDelegation: (input: OperationInput) => {
      const r = rows.find((x) => x.delegationId === (input.path as Row).delegationId)!;
      Object.assign(r, { status: 'CANCELLED', version: Number(r.version) + 1 });
      return r;
    },
  };
  return { rows, answers };
}

async function choosePerson(name: string) {
  fireEvent.click(screen.getByRole('button', { name: /대리인.*검색|검색/ }));
  const popup = await screen.findByRole('dialog', { name: '사원 검색' });
  fireEvent.change(within(popup).getByLabelText('이름'), { target: { value: name } });
  fireEvent.click(within(popup).getByRole('button', { name: '조회' }));
  await waitFor(() => expect(within(popup).getByRole('button', { name: '선택' })).toBeEnabled());
  fireEvent.click(within(popup).getByRole('button', { name: '선택' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: '사원 검색' })).not.toBeInTheDocument());
}

describe('approvalDelegation: my deputies for a period', { timeout: 30_000 }, () => {
  it('lists my delegations; 위임 등록 sends the deputy and the period, an overlap shows the server’s message; 위임 취소 sends the version', async () => {
    const server = delegations();
    const { services } = renderScreen('approvalDelegation.list', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers: server.answers,
      route: '/portal/approval/approvalDelegation',
    });
    await screen.findByText('총 1건');
    await waitFor(() =>
      expect(gridRowTexts()[0].slice(0, 5)).toEqual(['위임중', '박성호', '구매기획팀', '2026-12-01', '2026-12-05']),
    );

    // An overlapping period: refused with the server's message, nothing listed.
    fireEvent.click(screen.getByRole('button', { name: '위임 등록' }));
    let prompt = await screen.findByRole('dialog', { name: '위임 등록' });
    await choosePerson('박성호');
    fireEvent.change(within(prompt).getByLabelText(/^시작일/), { target: { value: '2026-12-04' } });
    fireEvent.blur(within(prompt).getByLabelText(/^시작일/));
    fireEvent.change(within(prompt).getByLabelText(/^종료일/), { target: { value: '2026-12-10' } });
    fireEvent.blur(within(prompt).getByLabelText(/^종료일/));
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('다른 위임 기간과 겹칩니다');
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
    expect(services.calls.filter((c) => c.operation === 'createDelegation').at(-1)!.input.body).toMatchObject({
      deputyId: 'E000002',
      fromDate: '2026-12-04',
      toDate: '2026-12-10',
    });

    // A free period is registered and listed.
    fireEvent.click(screen.getByRole('button', { name: '위임 등록' }));
    prompt = await screen.findByRole('dialog', { name: '위임 등록' });
    await choosePerson('박성호');
    fireEvent.change(within(prompt).getByLabelText(/^시작일/), { target: { value: '2026-12-20' } });
    fireEvent.blur(within(prompt).getByLabelText(/^시작일/));
    fireEvent.change(within(prompt).getByLabelText(/^종료일/), { target: { value: '2026-12-24' } });
    fireEvent.blur(within(prompt).getByLabelText(/^종료일/));
    fireEvent.change(within(prompt).getByLabelText('사유'), { target: { value: '휴가' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await screen.findByText('총 2건');
    expect(services.calls.filter((c) => c.operation === 'createDelegation').at(-1)!.input.body).toEqual({
      deputyId: 'E000002',
      fromDate: '2026-12-20',
      toDate: '2026-12-24',
      reason: '휴가',
    });

    // Cancel the first (newest period first: the new one) after the confirmation.
    await waitFor(() => expect(gridRowTexts()[0].slice(3, 5)).toEqual(['2026-12-20', '2026-12-24']));
    clickGridRow(0);
    fireEvent.click(await screen.findByRole('button', { name: '위임 취소' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(server.rows.find((r) => r.delegationId === 8)!.status).toBe('CANCELLED'));
    expect(services.calls.filter((c) => c.operation === 'cancelDelegation').at(-1)!.input).toMatchObject({
      path: { delegationId: 8 },
      body: { version: 1 },
    });
    await waitFor(() => expect(gridRowTexts()[0][0]).toBe('취소'));
  });
});
