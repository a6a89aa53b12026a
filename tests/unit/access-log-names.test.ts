// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loggedFields, PERSONAL_OPERATIONS } from '../../server/modules/privacy/registry';
import { ACCESS_LOG_FIELDS, ACCESS_LOG_OPERATIONS } from '../../screens/portal/system/accessLog.screen';
import en from '../../screens/portal/system/i18n/en.json';
import ko from '../../screens/portal/system/i18n/ko.json';

/** The access log shows each record's operation and fields by name: every one the registry can log has one. */
describe('the access log names what it shows', () => {
  // Every field a record may name: the masked contact fields and the identifying ones a download names.
  const registryFields = [...new Set(Object.values(PERSONAL_OPERATIONS).flatMap(loggedFields))].sort();

  it('every personal-data operation and field of the registry has a name on the screen', () => {
    expect([...ACCESS_LOG_OPERATIONS].sort()).toEqual(
      [...Object.keys(PERSONAL_OPERATIONS), 'privacy.purgeAccessLog'].sort(),
    );
    expect([...ACCESS_LOG_FIELDS].sort()).toEqual(registryFields);
  });

  it('in Korean and in English', () => {
    for (const texts of [ko, en]) {
      const log = texts.screen.accessLog as unknown as {
        operationName: Record<string, string>;
        personalField: Record<string, string>;
      };
      expect(Object.keys(log.operationName).sort()).toEqual([...ACCESS_LOG_OPERATIONS].sort());
      expect(Object.values(log.operationName).every((name) => name.trim() !== '')).toBe(true);
      expect(Object.keys(log.personalField).sort()).toEqual(registryFields);
    }
  });
});
