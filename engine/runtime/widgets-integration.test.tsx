import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_FILE_GROUP_ID } from '../../widgets/testing/fixture-services';
import { installGlideJsdom } from '../testing/grid';
import { pagedAnswer } from '../testing/fixture-engine-services';
import { renderScreen } from '../testing/screen-harness';
import type { OperationInput } from '../services';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

describe('the widgets through the engine', () => {
  it('an edit screen shows its attachments through the file upload widget', async () => {
    renderScreen('test.edit', {
      entries: [
        {
          file: 'screens/test/edit.screen.json',
          definition: {
            id: 'test.edit',
            kind: 'edit',
            title: '첨부 시험',
            key: ['msgKey'],
            load: { operation: 'getMessage' },
            sections: [{ fields: [{ field: 'textKo', label: '내용', help: '도움말 문장' }] }],
            attachments: { field: 'fileId', label: '붙임 파일' },
          },
        },
      ],
      answers: { getMessage: () => ({ msgKey: 'a', textKo: '가', fileId: FIXTURE_FILE_GROUP_ID, version: 1 }) },
      // TODO: a made-up record with a fileId under getMessage's id; answer an operation whose record has attachments.
      uncheckedAnswers: { getMessage: 'engine test: a made-up record with a fileId' },
      route: '/?msgKey=a',
    });
    await screen.findByDisplayValue('가');
    expect(screen.getByText('도움말 문장')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '붙임 파일' })).toBeInTheDocument();
    expect(await screen.findByText('견적서_한빛정밀_2024.pdf')).toBeInTheDocument();
  });

  it('a department filter that depends on a section: the popup’s choice goes to the query', async () => {
    const { services } = renderScreen('test.list', {
      entries: [
        {
          file: 'screens/test/list.screen.json',
          definition: {
            id: 'test.list',
            kind: 'list',
            title: '부서 시험',
            source: { operation: 'listUsers' },
            filters: [
              { field: 'section', widget: 'businessSection', label: '사업부문', params: { topDept: 'authGroupId' } },
              {
                field: 'dept',
                widget: 'department',
                label: '부서',
                dependsOn: 'section',
                params: { deptcd: 'userId' },
              },
            ],
            columns: [{ field: 'userId' }],
          },
        },
      ],
      answers: { listUsers: (input: OperationInput) => pagedAnswer([], input) },
    });
    await screen.findByText('총 0건');
    const dept = screen.getByLabelText('부서');
    fireEvent.change(dept, { target: { value: '구매1' } });
    fireEvent.keyDown(dept, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(screen.getByRole('button', { name: '조회' })).toBeEnabled());
    await waitFor(() => expect((dept as HTMLInputElement).value).toContain('구매1팀'));
    fireEvent.click(screen.getByRole('button', { name: '조회' }));
    await waitFor(() =>
      expect(services.calls.filter((c) => c.operation === 'listUsers').at(-1)!.input.query).toMatchObject({
        userId: 'D1220',
      }),
    );
  });
});
