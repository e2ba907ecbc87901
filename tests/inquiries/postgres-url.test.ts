import { describe, expect, it } from "vitest";
import { describePostgresUrl, isPostgresUrl, postgresUrlProblem } from "../../inquiries/postgres/url.ts";

describe("DATABASE_URL", () => {
  it.each<[string, string]>([
    ["postgres://app:s3cret@db.example:5432/inquiries", "PostgreSQL db.example:5432/inquiries"],
    [
      "postgresql://app@db.example/inquiries?sslmode=verify-full",
      "PostgreSQL db.example/inquiries (sslmode=verify-full)",
    ],
    ["postgres:///inquiries?host=/var/run/postgresql&user=app", "PostgreSQL /var/run/postgresql/inquiries"],
    ["postgres://app:s3cret@[::1]:5433/inquiries", "PostgreSQL [::1]:5433/inquiries"],
  ])("%s is described as %s, without user or password", (url, description) => {
    expect(isPostgresUrl(url)).toBe(true);
    expect(postgresUrlProblem(url)).toBeUndefined();
    expect(describePostgresUrl(url)).toBe(description);
  });

  it.each<[string, RegExp]>([
    ["var/inquiries.db", /expected a URL like postgres:\/\//],
    ["mysql://db.example/x", /expected a postgres:\/\/ or postgresql:\/\/ URL, got mysql:\/\//],
    ["postgres://db.example", /names no database/],
    [
      "postgres://db.example/x?sslmode=on",
      /sslmode must be one of disable, prefer, require, verify-ca, verify-full, no-verify/,
    ],
  ])("%s is refused: %s", (url, problem) => {
    expect(postgresUrlProblem(url)).toMatch(problem);
  });

  it("a SQLite path or :memory: does not select PostgreSQL", () => {
    expect(isPostgresUrl("var/inquiries.db")).toBe(false);
    expect(isPostgresUrl(":memory:")).toBe(false);
    expect(isPostgresUrl("POSTGRES://h/db")).toBe(true);
  });
});
