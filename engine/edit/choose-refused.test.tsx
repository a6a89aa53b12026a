import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationError } from '../services';
import { installGlideJsdom } from '../testing/grid';
import { createFixtureEngineServices } from '../testing/fixture-engine-services';
import { renderScreen } from '../testing/screen-harness';
import { companySearchQuery } from './ChoosePanel';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const companyScreen = {
  file: 'screens/test/company.screen.json',
  definition: {
    id: 'test.company',
    kind: 'edit',
    route: '/test/company',
    portals: ['internal', 'external'],
    title: '내 회사',
    singleton: true,
    load: { operation: 'getMyCompany', params: { query: { compNo: 'query.compNo' } } },
    choose: { param: 'compNo', widget: 'company', operation: 'listSuppliers', portal: 'internal' },
    sections: [{ fields: [{ field: 'compNameKr', label: '업체명', readOnly: true }] }],
  },
};

// TODO: companies cut down to the fields this made-up screen shows; answer whole supplier rows and companies.
const UNCHECKED = {
  listSuppliers: 'engine test: partial supplier rows',
  getMyCompany: 'engine test: a partial company',
};

const SUPPLIERS = [
  { compNo: 'C00001', compNameKr: '㈜대한정밀', taxNo2: '1234567890' },
  { compNo: 'C00002', compNameKr: '한빛산업', taxNo2: '2234567890' },
];

/** Staff at a supplier's own page without a supplier named choose one; nothing is refused. */
describe('edit screens: def.choose', () => {
  it(
    'offers the company popup instead of loading, operable by keyboard alone; the choice loads that supplier',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const { services } = renderScreen('test.company', {
        entries: [companyScreen],
        route: '/test/company',
        uncheckedAnswers: UNCHECKED,
        answers: {
          listSuppliers: (input) => ({
            rows: SUPPLIERS.filter((s) =>
              s.compNameKr.includes(String((input.query as { compNameKr?: string }).compNameKr ?? '')),
            ),
            total: 2,
          }),
          getMyCompany: (input) => ({
            ...SUPPLIERS.find((s) => s.compNo === (input.query as { compNo?: string }).compNo)!,
            actions: [],
          }),
        },
      });
      const dialog = await screen.findByRole('dialog', { name: '업체 검색' });
      expect(screen.getByText('조회할 업체를 선택하세요.')).toBeInTheDocument();
      // Nothing was asked of the server yet: no 400, no retry button.
      expect(services.calls.map((c) => c.operation)).toEqual([]);
      expect(screen.queryByRole('button', { name: '다시 시도' })).not.toBeInTheDocument();
      // The search field has the focus; Enter searches; Tab reaches the result; Enter on it chooses.
      const field = within(dialog).getByRole('textbox');
      await waitFor(() => expect(field).toHaveFocus());
      await user.keyboard('한빛{Enter}');
      await waitFor(() =>
        expect(services.calls.at(-1)).toMatchObject({
          operation: 'listSuppliers',
          input: { query: { compNameKr: '한빛', size: 200 } },
        }),
      );
      await user.tab(); // 조회
      await user.tab(); // the result grid
      expect(document.activeElement?.closest('[role="region"]')).toHaveAccessibleName('업체 검색');
      await user.keyboard('{Enter}');
      expect(await screen.findByDisplayValue('한빛산업')).toBeInTheDocument();
      expect(services.calls.at(-1)).toMatchObject({
        operation: 'getMyCompany',
        input: { query: { compNo: 'C00002' } },
      });
      expect(screen.queryByRole('dialog', { name: '업체 검색' })).not.toBeInTheDocument();
    },
  );

  it('a supplier (external portal) loads its own company at once', { timeout: 30_000 }, async () => {
    renderScreen('test.company', {
      entries: [companyScreen],
      route: '/test/company',
      portal: 'external',
      uncheckedAnswers: UNCHECKED,
      answers: { getMyCompany: () => ({ ...SUPPLIERS[0], actions: [] }) },
    });
    expect(await screen.findByDisplayValue('㈜대한정밀')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reads the one filter as a company number, a business number or a name', () => {
    expect(companySearchQuery(' c00001 ')).toEqual({ compNo: 'C00001' });
    expect(companySearchQuery('123-45-67890')).toEqual({ taxNo: '123-45-67890' });
    expect(companySearchQuery('대한')).toEqual({ compNameKr: '대한' });
    expect(companySearchQuery('  ')).toEqual({});
  });
});

describe('edit screens: def.refused', () => {
  const mine = {
    file: 'screens/test/mine.screen.json',
    definition: {
      id: 'test.mine',
      kind: 'edit',
      route: '/test/mine',
      title: '내 정보',
      singleton: true,
      load: { operation: 'getMyAccount' },
      refused: { REAUTH_REQUIRED: { route: '/left' } },
      sections: [{ fields: [{ field: 'hname', label: '이름' }] }],
    },
  };

  it(
    'a load refused with a listed code goes there, in the page’s place, instead of showing the error',
    { timeout: 30_000 },
    async () => {
      renderScreen('test.mine', {
        entries: [mine],
        route: '/test/mine',
        answers: {
          getMyAccount: () => {
            throw new OperationError(403, 'REAUTH_REQUIRED', '비밀번호를 다시 입력하세요');
          },
        },
      });
      expect(await screen.findByText('left the screen')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it(
    'a refusal the app foresees (no password check in this session) goes there without a request',
    { timeout: 30_000 },
    async () => {
      const services = {
        ...createFixtureEngineServices({ answers: { getMyAccount: () => ({}) } }),
        foreseesRefusal: (code: string) => code === 'REAUTH_REQUIRED',
      };
      renderScreen('test.mine', { entries: [mine], route: '/test/mine', services });
      expect(await screen.findByText('left the screen')).toBeInTheDocument();
      expect(services.calls).toEqual([]);
    },
  );

  it('another refusal is still shown with its retry', { timeout: 30_000 }, async () => {
    renderScreen('test.mine', {
      entries: [mine],
      route: '/test/mine',
      answers: {
        getMyAccount: () => {
          throw new OperationError(403, 'GPMS006', '접근 권한이 없습니다.');
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('접근 권한이 없습니다.');
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });
});
