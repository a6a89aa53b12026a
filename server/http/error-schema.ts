import { Type } from 'typebox';

/** The body of every 4xx/5xx answer. `msg` is what the client shows (spec §8: "msg translated"). */
export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    code: Type.String({ description: 'Machine-readable error code' }),
    msg: Type.String({ description: 'Message for the user (Korean by default)' }),
    errorCode: Type.Optional(
      Type.String({ description: 'Login failures (code ERROR): the spec §8 code, e.g. AUTH011' }),
    ),
    details: Type.Optional(Type.Unknown()),
  },
  { $id: 'ErrorBody', title: 'ErrorBody' },
);

/** Error responses every operation may give; spread into a route's response map. */
export const commonErrors = {
  400: Type.Ref('ErrorBody'),
  401: Type.Ref('ErrorBody'),
  403: Type.Ref('ErrorBody'),
  404: Type.Ref('ErrorBody'),
  500: Type.Ref('ErrorBody'),
} as const;
