// @vitest-environment node
/**
 * The fixture services check each answer against the operation's OpenAPI response schema
 * (widgets/testing/fixture-contract.ts): a fixture with a renamed field fails.
 */
import { describe, expect, it } from 'vitest';
import { createFixtureContract } from '../../widgets/testing/fixture-contract';
import { createFixtureServices } from '../../widgets/testing/fixture-services';
import { OperationError } from '../services';
import { createFixtureEngineServices } from './fixture-engine-services';

const message = {
  msgKey: 'ui.save',
  category: 'ui',
  textKo: '저장',
  textEn: 'Save',
  updatedAt: '2026-11-01T00:30:00.000Z',
  version: 1,
};

describe('fixture answers against the contract', () => {
  // Quiet: these tests break the contract on purpose (tests/setup-dom.ts would fail them).
  const contract = createFixtureContract({ report: () => {} });

  it('lets an answer of the contract’s shape through', async () => {
    const services = createFixtureEngineServices({ contract, answers: { getMessage: () => message } });
    await expect(services.call('getMessage', { path: { msgKey: 'ui.save' } })).resolves.toEqual(message);
  });

  it('fails a renamed field, naming the operation and both fields', async () => {
    const { textEn, ...rest } = message;
    const services = createFixtureEngineServices({
      contract,
      answers: { getMessage: () => ({ ...rest, textEng: textEn }) },
    });
    const call = services.call('getMessage', { path: { msgKey: 'ui.save' } });
    await expect(call).rejects.toThrow(/getMessage/);
    await expect(call).rejects.toThrow(/\/textEng is not in the contract/);
    await expect(call).rejects.toThrow(/\/textEn is required by the contract but missing/);
  });

  it('names the path inside a list answer and what the schema wanted', () => {
    const page = { rows: [message, { ...message, msgKey: 'ui.reset', version: '2' }], total: 2 };
    expect(() => contract.check('listMessages', page)).toThrow(/listMessages.*\/rows\/1\/version must be integer/);
  });

  it('checks the formats the server writes (date-time)', () => {
    expect(() => contract.check('getMessage', { ...message, updatedAt: '2026-11-01' })).toThrow(
      /\/updatedAt must match format "date-time"/,
    );
  });

  it('does not check an error the fixture throws on purpose', async () => {
    const services = createFixtureEngineServices({
      contract,
      answers: {
        getMessage: () => {
          throw new OperationError(404, 'MESSAGE_NOT_FOUND', '메시지를 찾을 수 없습니다');
        },
      },
    });
    await expect(services.call('getMessage', { path: { msgKey: 'x' } })).rejects.toMatchObject({
      status: 404,
      code: 'MESSAGE_NOT_FOUND',
    });
  });

  it('leaves answers that are not JSON unchecked (a file download)', () => {
    expect(() => contract.check('downloadFile', 'bytes')).not.toThrow();
  });

  it('checks the widget services’ answers too', () => {
    expect(() => contract.check('listBusinessSections', [{ topDept: 'D1000', sectionNm: '본사' }])).toThrow(
      /listBusinessSections.*\/0\/sectionNm is not in the contract/,
    );
  });

  it('passes the widget fixtures as they are', async () => {
    const widgets = createFixtureServices({ contract });
    await expect(widgets.listBusinessSections({})).resolves.toHaveLength(6);
    await expect(widgets.listPeople({})).resolves.toHaveLength(20);
  });
});
