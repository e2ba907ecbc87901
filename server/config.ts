import { resolve } from "node:path";
import { z } from "zod";
import { postgresUrlProblem } from "../inquiries/postgres/url.ts";
import { DEFAULT_BUSY_WAIT_MS } from "../inquiries/store.ts";
import {
  type AddressRange,
  FORWARDED_HEADERS,
  type ForwardedHeader,
  parseTrustedProxies,
  type TrustedProxies,
} from "./client-address.ts";
import { DEFAULT_CACHE_MB } from "./compressed-cache.ts";
import type { RequestLimits } from "./http-server.ts";

const root = resolve(import.meta.dirname, "..");

/** `whsec_` and base64 of 24 to 64 bytes (32 to 88 characters with padding). */
const WEBHOOK_SECRET =
  /^whsec_(?=[A-Za-z0-9+/]{32,88}={0,2}$)(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const CACHE_MB_RANGE = "expected a whole number of MiB from 0 (no cache) to 4096";

const optional = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

/** A time limit in milliseconds: from a tenth of a second (tests) to ten minutes. */
function timeout(fallback: number, description: string) {
  return z.coerce.number().int().min(100).max(600_000).default(fallback).describe(description);
}

/** The server's environment, validated: a bad value stops start-up with a clear message. */
export const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000).describe("Port to listen on"),
    HOST: z.string().min(1).default("0.0.0.0").describe("Interface to listen on"),
    SITE_DIR: z.string().min(1).default(resolve(root, "dist/client")).describe("The pre-rendered site"),
    SERVER_DIR: z.string().min(1).default(resolve(root, "dist/server")).describe("Vike's server build"),
    DATABASE_URL: optional
      .superRefine((value, ctx) => {
        const problem = value === undefined ? undefined : postgresUrlProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .describe("postgres://user:password@host:5432/database?sslmode=verify-full: inquiries in PostgreSQL"),
    TRUSTED_PROXIES: optional
      .transform((value, ctx): AddressRange[] => {
        try {
          return parseTrustedProxies(value ?? "");
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      })
      .describe(
        "Addresses and CIDR ranges of the reverse proxies in front (127.0.0.1, 10.0.0.0/8); their TRUSTED_PROXY_HEADER names the client",
      ),
    TRUSTED_PROXY_HEADER: z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(FORWARDED_HEADERS, { error: `expected ${FORWARDED_HEADERS.join(" or ")}` }))
      .default("x-forwarded-for")
      .describe("The header the trusted proxies set to the client's address: x-forwarded-for or forwarded (RFC 7239)"),
    REQUEST_HEADERS_TIMEOUT_MS: timeout(10_000, "How long a client may take to send a request's headers"),
    REQUEST_BODY_TIMEOUT_MS: timeout(
      10_000,
      "The longest silence while a request's body arrives (a stalled body is answered 408 after it)",
    ),
    REQUEST_TIMEOUT_MS: timeout(30_000, "How long a client may take to send a whole request, headers and body"),
    STATIC_COMPRESS_CACHE_MB: z.coerce
      .number({ error: CACHE_MB_RANGE })
      .int({ error: CACHE_MB_RANGE })
      .min(0, { error: CACHE_MB_RANGE })
      // Far above any site's compressed text: a byte count written by mistake stops the server instead.
      .max(4096, { error: CACHE_MB_RANGE })
      .default(DEFAULT_CACHE_MB)
      .describe(
        "MiB of static files compressed on the fly (those without .br/.gz twins) kept in memory; 0 compresses every time",
      ),
    INQUIRY_DB: z
      .string()
      .min(1)
      .default(resolve(root, "var/inquiries.db"))
      .describe("SQLite file of inquiries, when DATABASE_URL is not set"),
    INQUIRY_DB_BUSY_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(DEFAULT_BUSY_WAIT_MS)
      .describe(
        "How long an inquiry waits for a locked (or, on PostgreSQL, unreachable) database before the answer is 503 + Retry-After",
      ),
    INQUIRY_RATE_LIMIT: z.coerce
      .number()
      .int()
      .min(1)
      .default(5)
      .describe("Inquiries per IP address per rate-limit window"),
    INQUIRY_RATE_LIMIT_SECRET: optional
      .pipe(z.string().min(16, "at least 16 characters").optional())
      .describe("Keys the HMAC-SHA256 of client addresses in the shared rate-limit counters; the same on every server"),
    SMTP_URL: optional
      .pipe(z.url({ protocol: /^smtps?$/ }).optional())
      .describe("smtp(s)://user:pass@host:port for notifications"),
    INQUIRY_NOTIFY_TO: optional.pipe(z.email().optional()).describe("Who is notified of each inquiry"),
    INQUIRY_NOTIFY_FROM: optional.pipe(z.email().optional()).describe("Sender of notifications"),
    INQUIRY_WEBHOOK_URL: optional
      .pipe(
        z
          .url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" })
          // fetch() refuses such a URL, with an error that quotes it whole: into the log, on every attempt.
          .refine((value) => !hasCredentials(value), {
            error: "the URL must not hold a user name or password; the webhook is authenticated by its signature",
            abort: true,
          })
          .optional(),
      )
      .describe("Where each inquiry is POSTed as a signed webhook (the firm's CRM)"),
    INQUIRY_WEBHOOK_SECRET: optional
      .pipe(
        z
          .string()
          .regex(WEBHOOK_SECRET, {
            error: "expected whsec_ followed by a base64 key of 24 to 64 bytes (Standard Webhooks)",
          })
          .optional(),
      )
      .describe("The webhook's signing secret, whsec_…"),
  })
  .refine((env) => env.REQUEST_HEADERS_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
    error: "REQUEST_HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS",
    path: ["REQUEST_HEADERS_TIMEOUT_MS"],
  })
  .refine((env) => env.REQUEST_BODY_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
    error: "REQUEST_BODY_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS",
    path: ["REQUEST_BODY_TIMEOUT_MS"],
  })
  .refine((env) => !env.SMTP_URL || env.INQUIRY_NOTIFY_TO, {
    error: "INQUIRY_NOTIFY_TO is required when SMTP_URL is set",
    path: ["INQUIRY_NOTIFY_TO"],
  })
  .refine((env) => !env.INQUIRY_WEBHOOK_URL || env.INQUIRY_WEBHOOK_SECRET, {
    error: "INQUIRY_WEBHOOK_SECRET is required when INQUIRY_WEBHOOK_URL is set: every webhook is signed",
    path: ["INQUIRY_WEBHOOK_SECRET"],
  })
  .refine((env) => !env.INQUIRY_WEBHOOK_SECRET || env.INQUIRY_WEBHOOK_URL, {
    error: "INQUIRY_WEBHOOK_URL is required when INQUIRY_WEBHOOK_SECRET is set",
    path: ["INQUIRY_WEBHOOK_URL"],
  });

export type ServerConfig = z.infer<typeof EnvSchema>;

function hasCredentials(value: string): boolean {
  try {
    const url = new URL(value);
    return url.username !== "" || url.password !== "";
  } catch {
    return false;
  }
}

/** The proxies whose forwarded header is believed, and that header. */
export function trustedProxies(config: Pick<ServerConfig, "TRUSTED_PROXIES" | "TRUSTED_PROXY_HEADER">): TrustedProxies {
  return { ranges: config.TRUSTED_PROXIES, header: config.TRUSTED_PROXY_HEADER as ForwardedHeader };
}

/** How long a client may take over a request. */
export function requestLimits(
  config: Pick<ServerConfig, "REQUEST_HEADERS_TIMEOUT_MS" | "REQUEST_BODY_TIMEOUT_MS" | "REQUEST_TIMEOUT_MS">,
): RequestLimits {
  return {
    headersTimeoutMs: config.REQUEST_HEADERS_TIMEOUT_MS,
    bodyTimeoutMs: config.REQUEST_BODY_TIMEOUT_MS,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
  };
}

/** The bound of the cache of compressed static files, in bytes. */
export function compressedCacheBytes(config: Pick<ServerConfig, "STATIC_COMPRESS_CACHE_MB">): number {
  return config.STATIC_COMPRESS_CACHE_MB * 1024 * 1024;
}

/** Where inquiries live: DATABASE_URL (PostgreSQL) when set, else the SQLite file INQUIRY_DB. */
export function storeLocation(config: Pick<ServerConfig, "DATABASE_URL" | "INQUIRY_DB">): string {
  return config.DATABASE_URL ?? config.INQUIRY_DB;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // An empty variable (`PORT=`) means "not set": take the default, not 0.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = EnvSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
