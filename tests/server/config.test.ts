import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_BUSY_WAIT_MS } from "../../inquiries/store.ts";
import { compressedCacheBytes, loadConfig, storeLocation } from "../../server/config.ts";

/** 32 random bytes in base64, as Standard Webhooks writes a secret. */
const SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const root = resolve(import.meta.dirname, "../..");

describe("loadConfig", () => {
  it("defaults: port 3000 on every interface, the built site, no proxy trusted, 5 inquiries a minute, notifications off", () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: "0.0.0.0",
      SITE_DIR: resolve(root, "dist/client"),
      SERVER_DIR: resolve(root, "dist/server"),
      TRUSTED_PROXIES: [],
      TRUSTED_PROXY_HEADER: "x-forwarded-for",
      REQUEST_HEADERS_TIMEOUT_MS: 10_000,
      REQUEST_BODY_TIMEOUT_MS: 10_000,
      REQUEST_TIMEOUT_MS: 30_000,
      STATIC_COMPRESS_CACHE_MB: 32,
      DATABASE_URL: undefined,
      INQUIRY_DB: resolve(root, "var/inquiries.db"),
      INQUIRY_DB_BUSY_MS: DEFAULT_BUSY_WAIT_MS,
      INQUIRY_RATE_LIMIT: 5,
      INQUIRY_RATE_LIMIT_SECRET: undefined,
      SMTP_URL: undefined,
      INQUIRY_NOTIFY_TO: undefined,
      INQUIRY_NOTIFY_FROM: undefined,
      INQUIRY_WEBHOOK_URL: undefined,
      INQUIRY_WEBHOOK_SECRET: undefined,
    });
  });

  it("reads the webhook settings", () => {
    expect(
      loadConfig({ INQUIRY_WEBHOOK_URL: "https://crm.example/hooks/in", INQUIRY_WEBHOOK_SECRET: SECRET }),
    ).toMatchObject({ INQUIRY_WEBHOOK_URL: "https://crm.example/hooks/in", INQUIRY_WEBHOOK_SECRET: SECRET });
  });

  it("reads numbers and the mail settings", () => {
    expect(
      loadConfig({
        PORT: "8080",
        INQUIRY_RATE_LIMIT: "20",
        SMTP_URL: "smtps://user:pass@mail.example:465",
        INQUIRY_NOTIFY_TO: "owner@firm.example",
        INQUIRY_NOTIFY_FROM: "web@firm.example",
      }),
    ).toMatchObject({
      PORT: 8080,
      INQUIRY_RATE_LIMIT: 20,
      SMTP_URL: "smtps://user:pass@mail.example:465",
      INQUIRY_NOTIFY_TO: "owner@firm.example",
      INQUIRY_NOTIFY_FROM: "web@firm.example",
    });
  });

  it("STATIC_COMPRESS_CACHE_MB is read in MiB, and 0 (compress every time, keep nothing) is allowed", () => {
    expect(compressedCacheBytes(loadConfig({ STATIC_COMPRESS_CACHE_MB: "64" }))).toBe(64 * 1024 * 1024);
    expect(compressedCacheBytes(loadConfig({ STATIC_COMPRESS_CACHE_MB: "0" }))).toBe(0);
  });

  it("empty mail settings mean unset (an env file with `SMTP_URL=`)", () => {
    const config = loadConfig({ SMTP_URL: "", INQUIRY_NOTIFY_TO: "", INQUIRY_NOTIFY_FROM: "" });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.INQUIRY_NOTIFY_TO).toBeUndefined();
    expect(config.INQUIRY_NOTIFY_FROM).toBeUndefined();
  });

  it.each<[string, NodeJS.ProcessEnv, string]>([
    ["a port that is not a number", { PORT: "http" }, "  PORT: Invalid input: expected number, received NaN"],
    [
      "a fractional rate limit",
      { INQUIRY_RATE_LIMIT: "2.5" },
      "  INQUIRY_RATE_LIMIT: Invalid input: expected int, received number",
    ],
    ["a rate limit of 0", { INQUIRY_RATE_LIMIT: "0" }, "  INQUIRY_RATE_LIMIT: Too small: expected number to be >=1"],
    ...["lots", "-1", "1.5", "33554432"].map((value): [string, NodeJS.ProcessEnv, string] => [
      `a compression cache of ${value} MiB`,
      { STATIC_COMPRESS_CACHE_MB: value },
      "  STATIC_COMPRESS_CACHE_MB: expected a whole number of MiB from 0 (no cache) to 4096",
    ]),
    [
      "a DATABASE_URL of another scheme",
      { DATABASE_URL: "mysql://db.example/inquiries" },
      "  DATABASE_URL: expected a postgres:// or postgresql:// URL, got mysql:// (SQLite is chosen by leaving DATABASE_URL unset and setting INQUIRY_DB)",
    ],
    [
      "a DATABASE_URL without a database",
      { DATABASE_URL: "postgres://db.example:5432" },
      "  DATABASE_URL: the URL names no database (postgres://host:5432/DATABASE)",
    ],
    [
      "an unknown sslmode",
      { DATABASE_URL: "postgres://db.example/inquiries?sslmode=yes" },
      '  DATABASE_URL: sslmode must be one of disable, prefer, require, verify-ca, verify-full, no-verify; got "yes"',
    ],
    [
      "a DATABASE_URL that is no URL",
      { DATABASE_URL: "inquiries.db" },
      "  DATABASE_URL: expected a URL like postgres://",
    ],
    [
      "SMTP_URL without whom to notify",
      { SMTP_URL: "smtp://mail.example" },
      "  INQUIRY_NOTIFY_TO: INQUIRY_NOTIFY_TO is required when SMTP_URL is set",
    ],
    [
      "a webhook URL that is not http(s)",
      { INQUIRY_WEBHOOK_URL: "ftp://crm.example/in", INQUIRY_WEBHOOK_SECRET: SECRET },
      "  INQUIRY_WEBHOOK_URL: expected an http:// or https:// URL",
    ],
    [
      "a webhook URL with credentials in it (fetch refuses such a URL, and its error would log them)",
      { INQUIRY_WEBHOOK_URL: "https://crm:s3cr3t-token@crm.example/in", INQUIRY_WEBHOOK_SECRET: SECRET },
      "  INQUIRY_WEBHOOK_URL: the URL must not hold a user name or password; the webhook is authenticated by its signature",
    ],
    [
      "a webhook URL without a secret",
      { INQUIRY_WEBHOOK_URL: "https://crm.example/in" },
      "  INQUIRY_WEBHOOK_SECRET: INQUIRY_WEBHOOK_SECRET is required when INQUIRY_WEBHOOK_URL is set: every webhook is signed",
    ],
    [
      "a webhook secret without a URL",
      { INQUIRY_WEBHOOK_SECRET: SECRET },
      "  INQUIRY_WEBHOOK_URL: INQUIRY_WEBHOOK_URL is required when INQUIRY_WEBHOOK_SECRET is set",
    ],
    ...[
      "secret",
      "whsec_",
      `whsec_${Buffer.alloc(8).toString("base64")}`,
      `whsec_${"!".repeat(44)}`,
      SECRET.slice(6),
    ].map((secret): [string, NodeJS.ProcessEnv, string] => [
      `the webhook secret ${JSON.stringify(secret.slice(0, 12))}…`,
      { INQUIRY_WEBHOOK_URL: "https://crm.example/in", INQUIRY_WEBHOOK_SECRET: secret },
      "  INQUIRY_WEBHOOK_SECRET: expected whsec_ followed by a base64 key of 24 to 64 bytes (Standard Webhooks)",
    ]),
    [
      "a trusted proxy that is no address",
      { TRUSTED_PROXIES: "10.0.0.1, proxy.internal" },
      '  TRUSTED_PROXIES: "proxy.internal" is not an IP address or CIDR range (expected a list like "127.0.0.1, 10.0.0.0/8, fd00::/8")',
    ],
    [
      "trusted proxies with a port, a bad prefix or a bad octet",
      { TRUSTED_PROXIES: "10.0.0.1:80 10.0.0.0/33 fd00::/129 10.0.0.256 127.1" },
      '  TRUSTED_PROXIES: "10.0.0.1:80", "10.0.0.0/33", "fd00::/129", "10.0.0.256", "127.1" are not IP addresses or CIDR ranges',
    ],
    [
      "a header no proxy standard names",
      { TRUSTED_PROXY_HEADER: "x-real-ip" },
      "  TRUSTED_PROXY_HEADER: expected x-forwarded-for or forwarded",
    ],
    [
      "a headers timeout longer than the request's",
      { REQUEST_HEADERS_TIMEOUT_MS: "40000" },
      "  REQUEST_HEADERS_TIMEOUT_MS: REQUEST_HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS",
    ],
    [
      "a body timeout longer than the request's",
      { REQUEST_BODY_TIMEOUT_MS: "31000" },
      "  REQUEST_BODY_TIMEOUT_MS: REQUEST_BODY_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS",
    ],
    [
      "a timeout of no time",
      { REQUEST_TIMEOUT_MS: "0" },
      "  REQUEST_TIMEOUT_MS: Too small: expected number to be >=100",
    ],
  ])("rejects %s with the variable's name", (_name, env, line) => {
    expect(() => loadConfig(env)).toThrow(`invalid environment:\n${line}`);
  });

  // Regression guard (server/config.ts, fixed): z.coerce.number() turns "" into 0, so `PORT=` (an
  // env file or compose template with the value left empty) silently listens
  // on a random port instead of the default 3000.
  it.each([
    "postgres://app:secret@db.example:5432/inquiries",
    "postgresql://app@db.example/inquiries?sslmode=verify-full&sslrootcert=/etc/ssl/db-ca.pem",
    "postgres://app@db.example/inquiries?sslmode=require&sslcert=/c.pem&sslkey=/k.pem",
    "postgres:///inquiries?host=/var/run/postgresql&user=app",
  ])("accepts DATABASE_URL %s and picks PostgreSQL over INQUIRY_DB", (url) => {
    const config = loadConfig({ DATABASE_URL: url, INQUIRY_DB: "x.db" });
    expect(storeLocation(config)).toBe(url);
    expect(storeLocation(loadConfig({ INQUIRY_DB: "x.db" }))).toBe("x.db");
  });

  it("reads trusted proxies (addresses, CIDR ranges, IPv4-mapped as IPv4) and the header, in any case", () => {
    const config = loadConfig({
      TRUSTED_PROXIES: " 127.0.0.1,10.0.0.0/8  fd00::/8, ::ffff:192.0.2.1 ",
      TRUSTED_PROXY_HEADER: "Forwarded",
    });
    expect(config.TRUSTED_PROXIES.map(([address, bits]) => `${address.toString()}/${bits}`)).toEqual([
      "127.0.0.1/32",
      "10.0.0.0/8",
      "fd00::/8",
      "192.0.2.1/32",
    ]);
    expect(config.TRUSTED_PROXY_HEADER).toBe("forwarded");
  });

  it("an empty PORT means the default port, like the empty mail settings", () => {
    expect(loadConfig({ PORT: "" }).PORT).toBe(3000);
  });
});
