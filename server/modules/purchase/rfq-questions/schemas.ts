import { Type } from 'typebox';
import { Nullable, Version } from '../../../domain/schemas.js';

/** A supplier's question on a quotation request as the buyer sees it: who asked, the answer, whether it was shared. */
export const RfqQuestionRow = Type.Object({
  questionId: Type.Integer(),
  rfqNo: Type.String(),
  compNo: Type.String(),
  compName: Type.String(),
  question: Type.String(),
  askedBy: Type.String(),
  askedAt: Type.String({ format: 'date-time' }),
  answer: Nullable(Type.String()),
  answeredByName: Nullable(Type.String()),
  answeredAt: Nullable(Type.String({ format: 'date-time' })),
  shared: Type.String({ description: 'Y: the answer is shown to every invited supplier, without naming who asked' }),
  answered: Type.String({ description: 'Y once answered' }),
  version: Type.Integer(),
});

/**
 * A question as a supplier sees it: its own (mine = Y) or an answer the buyer shared with every
 * invited supplier (mine = N). Nothing names a company or a person.
 */
export const SupplierRfqQuestionRow = Type.Object({
  questionKey: Type.String({ description: 'Row key: Q<id> for my own questions, N<id> for shared answers' }),
  mine: Type.String({ description: 'Y: asked by my company; N: shared by the buyer with every invited supplier' }),
  question: Type.String(),
  askedAt: Type.String({ format: 'date-time' }),
  answer: Nullable(Type.String()),
  answeredAt: Nullable(Type.String({ format: 'date-time' })),
});

export const AskBody = Type.Object(
  { question: Type.String({ minLength: 1, maxLength: 2000, description: 'The question (asked until the deadline)' }) },
  { additionalProperties: false },
);

export const AnswerBody = Type.Object(
  {
    version: Version,
    answer: Type.String({ minLength: 1, maxLength: 2000 }),
    shared: Type.Optional(
      Type.Enum(['Y', 'N'], {
        description: 'Y: show the question and answer to every invited supplier without naming who asked (default N)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const QuestionParams = Type.Object(
  { questionId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export const RfqParams = Type.Object({ rfqNo: Type.String({ maxLength: 20 }) }, { additionalProperties: false });
