export function findPostgresBin(): string | undefined;
export interface Cluster {
  /** The superuser's URL of the `postgres` database. */
  url: string;
  port: number;
  dir: string;
  stop(): void;
}
export function startCluster(options?: { bin?: string; durable?: boolean }): Promise<Cluster>;
