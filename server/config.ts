import { resolve } from "node:path";
import { z } from "zod";
import { DEFAULT_BUSY_WAIT_MS } from "../inquiries/store.ts";

const root = resolve(import.meta.dirname, "..");

/** `whsec_` and base64 of 24 to 64 bytes (32 to 88 characters with padding). */
const WEBHOOK_SECRET =
  /^whsec_(?=[A-Za-z0-9+/]{32,88}={0,2}$)(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

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
    INQUIRY_DB: z.string().min(1).default(resolve(root, "var/inquiries.db")).describe("SQLite file of inquiries"),
    INQUIRY_DB_BUSY_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(DEFAULT_BUSY_WAIT_MS)
      .describe("How long an inquiry waits for a locked database before the answer is 503 + Retry-After"),
    INQUIRY_RATE_LIMIT: z.coerce.number().int().min(1).default(5).describe("Inquiries per IP per minute"),
    SMTP_URL: optional
      .pipe(z.url({ protocol: /^smtps?$/ }).optional())
      .describe("smtp(s)://user:pass@host:port for notifications"),
    INQUIRY_NOTIFY_TO: optional.pipe(z.email().optional()).describe("Who is notified of each inquiry"),
    INQUIRY_NOTIFY_FROM: optional.pipe(z.email().optional()).describe("Sender of notifications"),
    INQUIRY_WEBHOOK_URL: optional
      .pipe(z.url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" }).optional())
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
