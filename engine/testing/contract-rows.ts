/**
 * Whole rows of the contract's shapes for engine tests that borrow a real operation (getMessage,
 * listUsers) for a made-up screen: the fixture services check every answer against the OpenAPI
 * response schema (widgets/testing/fixture-contract.ts), so an answer carries every field the server
 * answers — the test's own values over these.
 */
import type { components } from '../../schemas/api-types.generated';

type MessageRow = components['schemas']['MessageRow'];
type UserRow = components['schemas']['UserRow'];

export function messageRow(over: Partial<MessageRow> = {}): MessageRow {
  return {
    msgKey: 'k',
    category: 'ui',
    textKo: '',
    textEn: '',
    updatedAt: '2026-11-01T00:00:00.000Z',
    version: 1,
    ...over,
  };
}

export function userRow(over: Partial<UserRow> = {}): UserRow {
  return {
    userId: 'u',
    portal: 'I',
    hname: '',
    singleid: null,
    compNo: null,
    compNameKr: null,
    sectionName: null,
    deptnm: null,
    authGroupId: '30',
    authGroupName: '사용자',
    useFlag: 'Y',
    status: 'NORMAL',
    locked: false,
    failedLoginCount: 0,
    lastLoginAt: null,
    version: 1,
    ...over,
  };
}
