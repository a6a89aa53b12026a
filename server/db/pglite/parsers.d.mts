export declare const pgParsers: Record<number, (value: string) => unknown>;
/** PostgreSQL's text form of a timestamp(tz) → Date#toISOString's form ('2024-11-05T05:30:09.000Z'). */
export declare function isoTimestamp(value: string): string;
