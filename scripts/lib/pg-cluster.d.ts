export function findPostgresBin(): string | undefined;
export interface Cluster {
  /** The superuser's URL of the `postgres` database. */
  url: string;
  port: number;
  dir: string;
  /** Stops the database server, keeping its data. */
  halt(): void;
  /** Starts it again on the same port. */
  resume(): void;
  stop(): void;
}
export function startCluster(options?: { bin?: string; durable?: boolean }): Promise<Cluster>;
