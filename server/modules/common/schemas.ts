import { Type } from 'typebox';

export const Lang = Type.Union([Type.Literal('ko'), Type.Literal('en')], { description: 'ko (default) or en' });

export const Resources = Type.Object(
  {
    consts: Type.Record(Type.String(), Type.Unknown(), {
      description: 'Business constants and limits (spec §9) and server settings the UI needs',
    }),
    locale: Type.Array(Type.Object({ lang: Type.String(), name: Type.String(), default: Type.Boolean() })),
    message: Type.Record(Type.String(), Type.String(), { description: 'Message key → text in the requested language' }),
  },
  { $id: 'Resources', title: 'Resources' },
);
