import { Type } from 'typebox';

export const StatementQuery = Type.Object(
  {
    format: Type.Optional(
      Type.Union([Type.Literal('html'), Type.Literal('pdf')], {
        description: 'html (default): a printable page with a print stylesheet; pdf: the same as a PDF file',
      }),
    ),
  },
  { additionalProperties: false },
);

export const StatementAnswer = {
  description: 'The transaction statement (거래명세서)',
  content: {
    'text/html': { schema: { type: 'string' } },
    'application/pdf': { schema: { type: 'string', format: 'binary' } },
  },
} as const;
