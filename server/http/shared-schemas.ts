import { Type } from 'typebox';
import { ErrorBody } from './error-schema.js';

/** Answers several modules give; registered once at the root so every module can refer to them. */
const Ok = Type.Object({ code: Type.Literal('OK') }, { $id: 'Ok', title: 'Ok' });

const CodeSent = Type.Object(
  {
    code: Type.Literal('OK'),
    channel: Type.Union([Type.Literal('SMS'), Type.Literal('EMAIL')]),
    destination: Type.String({ description: 'Where the code went, masked' }),
    expiresIn: Type.Integer({ description: 'Seconds the code stays valid' }),
  },
  { $id: 'CodeSent', title: 'CodeSent' },
);

export const sharedSchemas = [ErrorBody, Ok, CodeSent];
