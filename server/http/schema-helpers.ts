import { Type, type TSchema } from 'typebox';

/** Small TypeBox building blocks every module uses (list paging and sorting: ./list-query.ts). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const Str = (maxLength: number, extra: Record<string, unknown> = {}) => Type.String({ maxLength, ...extra });
export const YN = Type.Union([Type.Literal('Y'), Type.Literal('N')]);
