/**
 * The 납품대금 연동 answer (상생협력법 §21; docs/subcontracting.md "납품대금 연동") as the API carries it — the same
 * fields on an agreement and on an e-contract: the body that sets it (without the document's version) and the flat
 * `linkage…` fields a document's GET answers (all null: not answered).
 */
import { Type, type Static, type TObject } from 'typebox';
import { Nullable } from '../http/schema-helpers.js';

const LINKAGE_KINDS = ['LINKED', 'NOT_LINKED'] as const;

/** A 연동 clause (LINKED) or a 미연동 agreement (NOT_LINKED); the other kind's fields are ignored. */
export const LINKAGE_BODY_FIELDS = {
  linkageKind: Type.Enum([...LINKAGE_KINDS]),
  linkageMaterial: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'LINKED: the 주요 원재료' }))),
  linkageSharePct: Type.Optional(
    Nullable(Type.String({ maxLength: 20, description: 'LINKED: its share of the price, %, at least 10' })),
  ),
  linkageIndexCode: Type.Optional(Nullable(Type.String({ maxLength: 20, description: 'LINKED: a 기준 지표 in use' }))),
  linkageBaseDate: Type.Optional(Nullable(Type.String({ maxLength: 10, description: 'LINKED: 기준시점, YYYY-MM-DD' }))),
  linkageBaseValue: Type.Optional(
    Nullable(Type.String({ maxLength: 30, description: 'LINKED: the index at 기준시점 (above 0)' })),
  ),
  linkageCompareBasis: Type.Optional(
    Nullable(Type.String({ maxLength: 12, description: 'LINKED: DAY or MONTH_AVG (the month’s average)' })),
  ),
  linkageComparePeriodMonths: Type.Optional(
    Nullable(Type.Integer({ description: 'LINKED: 조정주기, 1–12 months between comparisons' })),
  ),
  linkageTriggerPct: Type.Optional(
    Nullable(Type.String({ maxLength: 20, description: 'LINKED: 조정요건, change rate % above 0 up to 10' })),
  ),
  linkageFormulaNote: Type.Optional(
    Nullable(Type.String({ maxLength: 1000, description: 'LINKED: the 산식 as written' })),
  ),
  linkageExceptionType: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 20,
        description:
          'NOT_LINKED: SMALL_AMOUNT (≤ ₩100,000,000), SHORT_TERM (≤ 90 days), SMALL_ENTRUSTER or AGREED_NONE',
      }),
    ),
  ),
  linkageReason: Type.Optional(Nullable(Type.String({ maxLength: 1000, description: 'NOT_LINKED: why' }))),
};

/** The answer in a body, whatever else the body carries (a version). */
export type LinkageAnswerBody = Static<TObject<typeof LINKAGE_BODY_FIELDS>>;

/** The answer as a document's GET gives it, flat: all null while none was given. */
export const LINKAGE_VIEW_FIELDS = {
  linkageKind: Nullable(
    Type.String({ description: 'LINKED (a 연동 clause) or NOT_LINKED (a 미연동 agreement); null: not answered' }),
  ),
  linkageMaterial: Nullable(Type.String({ description: 'LINKED: the 주요 원재료' })),
  linkageSharePct: Nullable(Type.String({ description: 'LINKED: its share of the price, % (10–100)' })),
  linkageIndexCode: Nullable(Type.String({ description: 'LINKED: the 기준 지표' })),
  linkageIndexName: Nullable(Type.String()),
  linkageIndexUnit: Nullable(Type.String()),
  linkageBaseDate: Nullable(Type.String({ description: 'LINKED: 기준시점' })),
  linkageBaseValue: Nullable(Type.String({ description: 'LINKED: the index at 기준시점' })),
  linkageCompareBasis: Nullable(
    Type.String({
      description: 'LINKED: how the comparison value is read — DAY (the value on the day) or MONTH_AVG',
    }),
  ),
  linkageComparePeriodMonths: Nullable(Type.Integer({ description: 'LINKED: 조정주기, months between comparisons' })),
  linkageTriggerPct: Nullable(Type.String({ description: 'LINKED: 조정요건, the change rate % (0 < t ≤ 10)' })),
  linkageFormulaNote: Nullable(Type.String({ description: 'LINKED: the formula as the parties wrote it' })),
  linkageExceptionType: Nullable(
    Type.String({ description: 'NOT_LINKED: SMALL_AMOUNT, SHORT_TERM, SMALL_ENTRUSTER or AGREED_NONE' }),
  ),
  linkageReason: Nullable(Type.String({ description: 'NOT_LINKED: why' })),
};
