import { resolve } from "node:path";
import { z } from "zod";
import { postgresUrlProblem } from "../inquiries/postgres/url.ts";
import { DEFAULT_BUSY_WAIT_MS } from "../inquiries/store.ts";

const root = resolve(import.meta.dirname, "..");

const optional = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

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
  })
  .refine((env) => !env.SMTP_URL || env.INQUIRY_NOTIFY_TO, {
    error: "INQUIRY_NOTIFY_TO is required when SMTP_URL is set",
    path: ["INQUIRY_NOTIFY_TO"],
  });

export type ServerConfig = z.infer<typeof EnvSchema>;

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
