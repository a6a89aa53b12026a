import type { PrivatePostgres } from './private-postgres.mjs';
export const RUN_SETTINGS: Record<string, string | number>;
/** Removes the clusters under `parent` whose run (`owner.pid`) has ended. */
export function removeLeftovers(bin: string, parent: string): void;
export function startRunPostgres(log?: (line: string) => void): Promise<PrivatePostgres | null>;
