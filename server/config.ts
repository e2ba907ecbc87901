import { resolve } from "node:path";
import { z } from "zod";

const root = resolve(import.meta.dirname, "..");

/** The server's environment, validated: a bad value stops start-up with a clear message. */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000).describe("Port to listen on"),
  HOST: z.string().min(1).default("0.0.0.0").describe("Interface to listen on"),
  SITE_DIR: z.string().min(1).default(resolve(root, "dist/client")).describe("Folder of the pre-rendered site"),
});

export type ServerConfig = z.infer<typeof EnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
