/**
 * DATABASE_URL: what selects the PostgreSQL store, and how it is named in
 * logs. No driver here: the server's config validates the URL without
 * loading `pg`.
 */

/** The schemes node-postgres (and libpq) accept. */
export const POSTGRES_SCHEMES = ["postgres:", "postgresql:"] as const;

/**
 * The query parameters of a DATABASE_URL that pg (pg-connection-string)
 * honours for TLS: `sslmode` (disable, no-verify, prefer/require/verify-ca/
 * verify-full, which pg 8 all treats as verify-full unless
 * `uselibpqcompat=true`), `sslrootcert`, `sslcert`, `sslkey` (file paths,
 * read at start), `ssl=true|1|0`.
 */
export const TLS_PARAMETERS = ["sslmode", "sslrootcert", "sslcert", "sslkey", "ssl", "uselibpqcompat"] as const;

const SSL_MODES = ["disable", "prefer", "require", "verify-ca", "verify-full", "no-verify"];

export function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//i.test(value);
}

/** Why `value` is not a PostgreSQL URL the store can use, or undefined when it is. */
export function postgresUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "expected a URL like postgres://user:password@host:5432/database";
  }
  if (!(POSTGRES_SCHEMES as readonly string[]).includes(url.protocol)) {
    return `expected a postgres:// or postgresql:// URL, got ${url.protocol}// (SQLite is chosen by leaving DATABASE_URL unset and setting INQUIRY_DB)`;
  }
  const sslmode = url.searchParams.get("sslmode");
  if (sslmode !== null && !SSL_MODES.includes(sslmode)) {
    return `sslmode must be one of ${SSL_MODES.join(", ")}; got "${sslmode}"`;
  }
  if (!url.pathname.slice(1)) return "the URL names no database (postgres://host:5432/DATABASE)";
  return undefined;
}

/** "PostgreSQL host:5432/database": for the start-up log, never the user or password. */
export function describePostgresUrl(value: string): string {
  try {
    const url = new URL(value);
    const socket = url.searchParams.get("host");
    const host = url.host || socket || "localhost";
    const tls = url.searchParams.get("sslmode");
    return `PostgreSQL ${host}${url.pathname}${tls ? ` (sslmode=${tls})` : ""}`;
  } catch {
    return "PostgreSQL";
  }
}
