import { iso } from '../../domain/values.js';

/**
 * Conversions the list answers share (answer-rows.ts declarations), as named functions so a
 * declaration reads as the mapping it replaces did.
 */

/** A left join's or a subquery's missing value as the answer's null. */
export const orNull = <T>(v: T | null | undefined): T | null => v ?? null;

/** A count (bigint as a number; a subquery's missing one as 0). */
export const count = (v: number | string | bigint | null | undefined): number => Number(v ?? 0);

/** A NOT NULL timestamp in the API's form. */
export const isoOf = (v: Date | string): string => iso(v)!;
