import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editGridCell, gridRowTexts, installGlideJsdom } from '../../../engine/testing/grid';
import { screenDefinitions, screenTexts } from '../../index';
import { createAdminFixtures } from '../../testing/fixture-answers';
import { OperationError, type OperationInput } from '../../../engine/services';
import { renderScreen } from '../../../engine/testing/screen-harness';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Fixtures = ReturnType<typeof createAdminFixtures>;
/** The screen over one fixture server; `answers` may wrap that server's own answers. */
const open = (answers?: (fixtures: Fixtures) => Record<string, (input: OperationInput) => unknown>) => {
  const fixtures = createAdminFixtures();
  const r = renderScreen('portal.cmmnCodeManage', {
    entries: screenDefinitions,
    texts: screenTexts,
    answers: { ...fixtures.answers, ...answers?.(fixtures) },
  });
  return { ...r, fixtures };
};

async function confirmYes() {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

describe('tree screen: cmmnCodeManage', () => {
  it('lists the groups; choosing one shows its form and its codes', async () => {
    open();
    const tree = await screen.findByRole('tree');
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .map((n) => n.textContent),
    ).toEqual([
      '발주 상태 PO_STATUS',
      '입고 상태 WH_STATUS',
      '결재 상태 APPROVAL_STATUS',
      '사용여부 USE_YN',
      '통화 CURRENCY',
    ]);
    // The hint names the tree, not its place on the screen (KWCAG 5.3.3: instructions not by position alone).
    expect(screen.getByText('트리에서 항목을 선택하세요.')).toBeInTheDocument();
    fireEvent.click(within(tree).getByRole('treeitem', { name: /발주 상태/ }));
    expect(await screen.findByDisplayValue('PO_STATUS')).toHaveAttribute('readonly');
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    expect(gridRowTexts()[0].slice(0, 3)).toEqual(['DRAFT', '작성중', 'Draft']);
  });

  it('the filter box narrows the tree', async () => {
    open();
    await screen.findByRole('tree');
    fireEvent.change(screen.getByLabelText('검색'), { target: { value: '상태' } });
    expect(within(screen.getByRole('tree')).getAllByRole('treeitem')).toHaveLength(3);
  });

  it('adds a code and saves the changed rows only; a server row error lands on its row', async () => {
    const { services } = open((fixtures) => ({
      saveCodes: (input) => {
        const body = input.body as { rows: Array<Record<string, unknown>> };
        if (body.rows.some((r) => r.textKo === '금지'))
          throw new OperationError(400, 'VALIDATION', '입력 값을 확인하세요', [
            { path: 'body/rows/0/textKo', message: '사용할 수 없는 말입니다' },
          ]);
        return fixtures.answers.saveCodes(input);
      },
    }));
    fireEvent.click(await screen.findByRole('treeitem', { name: /결재 상태/ }));
    await waitFor(() => expect(gridRowTexts().length).toBe(3));
    fireEvent.click(screen.getByRole('button', { name: '행 추가' }));
    await waitFor(() => expect(gridRowTexts().length).toBe(4));
    await editGridCell({ row: 3, field: 'code' }, 'HOLD');
    await editGridCell({ row: 3, field: 'textKo' }, '금지');
    await editGridCell({ row: 3, field: 'textEn' }, 'On hold');
    fireEvent.click(screen.getByRole('button', { name: '코드 저장' }));
    await confirmYes();
    const error = await screen.findByRole('alertdialog');
    expect(error).toHaveTextContent('입력 값을 확인하세요');
    fireEvent.click(within(error).getByRole('button', { name: '확인' }));
    expect(await screen.findByText('4행: 한국어 — 사용할 수 없는 말입니다')).toBeInTheDocument();
    const sent = services.calls.find((c) => c.operation === 'saveCodes')!.input;
    expect(sent).toEqual({
      path: { groupId: 'APPROVAL_STATUS' },
      query: undefined,
      body: {
        rows: [{ code: 'HOLD', textKo: '금지', textEn: 'On hold', attr1: '', attr2: '', sortOrder: 0, useYn: 'Y' }],
        deleted: [],
      },
    });

    await editGridCell({ row: 3, field: 'textKo' }, '보류');
    fireEvent.click(screen.getByRole('button', { name: '코드 저장' }));
    await confirmYes();
    await screen.findByText('저장되었습니다.');
    await waitFor(() => expect(gridRowTexts().map((r) => r[0])).toContain('HOLD'));
  }, 20_000);

  it('a required cell left empty stops the save before the server', async () => {
    const { services } = open();
    fireEvent.click(await screen.findByRole('treeitem', { name: /통화/ }));
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: '행 추가' }));
    fireEvent.click(screen.getByRole('button', { name: '코드 저장' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('입력 값을 확인하세요.');
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
    expect(await screen.findByText('3행: 코드 — 필수 입력 항목입니다.')).toBeInTheDocument();
    expect(services.calls.some((c) => c.operation === 'saveCodes')).toBe(false);
  });

  it('saves the group without its create-only id and without read-only fields', async () => {
    const { services, fixtures } = open();
    fireEvent.click(await screen.findByRole('treeitem', { name: /입고 상태/ }));
    const name = await screen.findByDisplayValue('입고 상태');
    fireEvent.change(name, { target: { value: '입고 진행상태' } });
    fireEvent.click(screen.getByRole('button', { name: '그룹 저장' }));
    await confirmYes();
    await screen.findByText('저장되었습니다.');
    expect(services.calls.find((c) => c.operation === 'updateCodeGroup')!.input).toEqual({
      path: { groupId: 'WH_STATUS' },
      query: undefined,
      body: {
        nameKo: '입고 진행상태',
        nameEn: 'Receipt status',
        description: '',
        sortOrder: 20,
        useYn: 'Y',
        version: 1,
      },
    });
    expect(fixtures.data.groups.find((g) => g.groupId === 'WH_STATUS')!.version).toBe(2);
    await waitFor(() =>
      expect(screen.getByRole('treeitem', { name: /입고 진행상태/ })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it('a new group: empty form, editable id, no codes grid until it exists', async () => {
    const { fixtures } = open();
    await screen.findByRole('tree');
    fireEvent.click(screen.getByRole('button', { name: '그룹 추가' }));
    const id = await screen.findByLabelText(/그룹 ID/);
    expect(id).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: '행 추가' })).not.toBeInTheDocument();
    fireEvent.change(id, { target: { value: 'TEST_GROUP' } });
    fireEvent.change(screen.getByLabelText(/그룹명\(한국어\)/), { target: { value: '시험' } });
    fireEvent.change(screen.getByLabelText(/그룹명\(영어\)/), { target: { value: 'Test' } });
    fireEvent.click(screen.getByRole('button', { name: '그룹 저장' }));
    await confirmYes();
    await waitFor(() =>
      expect(screen.getByRole('treeitem', { name: /시험/ })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(fixtures.data.groups.find((g) => g.groupId === 'TEST_GROUP')).toMatchObject({
      nameKo: '시험',
      useYn: 'Y',
      sortOrder: 0,
    });
    expect(await screen.findByRole('button', { name: '행 추가' })).toBeInTheDocument();
  });

  it('read only without write authority', async () => {
    const fixtures = createAdminFixtures();
    renderScreen('portal.cmmnCodeManage', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers: fixtures.answers,
      authority: { read: true, write: false },
    });
    fireEvent.click(await screen.findByRole('treeitem', { name: /발주 상태/ }));
    expect(await screen.findByDisplayValue('발주 상태')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: '그룹 추가' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '코드 저장' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '행 추가' })).not.toBeInTheDocument();
  });
});
