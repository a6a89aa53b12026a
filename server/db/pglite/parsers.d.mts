export declare const pgParsers: Record<number, (value: string) => unknown>;
