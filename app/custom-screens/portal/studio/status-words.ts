/**
 * The studio's status line, kept as a text key and its values (worded when shown, so a switch of language words
 * it again), or as a server's own sentence, which is shown as it came.
 */
export type StatusWords = { key: string; values?: Record<string, unknown> } | string;

export const words = (key: string, values?: Record<string, unknown>): StatusWords => ({ key, values });
