export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  port: number;
  /** The cluster's own directory (its data directory is `data` inside). */
  dir: string;
  start(): void;
  /** Fast shutdown: sessions are ended (57P01 to their clients), what was committed is kept. */
  stop(): void;
  /** Stops the cluster (immediately) and removes its directory. */
  destroy(): void;
}
export function postgresBinDir(): string | null;
export function startPrivatePostgres(options?: {
  parent?: string;
  prefix?: string;
  settings?: Record<string, string | number>;
}): Promise<PrivatePostgres>;
export function startPrivateReplica(
  primary: Pick<PrivatePostgres, 'port'>,
  options?: { parent?: string; prefix?: string; settings?: Record<string, string | number> },
): Promise<PrivatePostgres>;
export function destroyCluster(bin: string, root: string): void;
