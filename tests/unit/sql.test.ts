// The tagged template both inquiry stores write their SQL with (inquiries/sql/sql.ts):
// values stay parameters, fragments nest, each dialect numbers its placeholders.
import { describe, expect, it } from "vitest";
import { POSTGRES, SQLITE } from "../../inquiries/sql/dialect.ts";
import { join, list, raw, render, sql } from "../../inquiries/sql/sql.ts";

const when = new Date("2026-03-01T10:00:00.000Z");

describe("sql", () => {
  const statement = sql`UPDATE outbox SET next_attempt_at = ${when} WHERE ${join(
    [sql`channel = ${"mail"}`, sql`id IN (${list([3, 4])})`],
    " AND ",
  )} AND status = ${"pending'; DROP TABLE outbox; --"}${raw("")}`;

  it.each([
    ["SQLite", SQLITE, "UPDATE outbox SET next_attempt_at = ? WHERE channel = ? AND id IN (?, ?) AND status = ?"],
    [
      "PostgreSQL",
      POSTGRES,
      "UPDATE outbox SET next_attempt_at = $1 WHERE channel = $2 AND id IN ($3, $4) AND status = $5",
    ],
  ])("%s: nested fragments, placeholders in order, values never in the text", (_, dialect, text) => {
    expect(render(statement, dialect.placeholder)).toEqual({
      text,
      values: [when, "mail", 3, 4, "pending'; DROP TABLE outbox; --"],
    });
  });

  it("an empty list is NULL (matches nothing); a fragment at the start or end keeps its text", () => {
    expect(render(sql`status IN (${list([])})`, POSTGRES.placeholder)).toEqual({
      text: "status IN (NULL)",
      values: [],
    });
    expect(render(sql`${sql`a = ${1}`}`, POSTGRES.placeholder)).toEqual({ text: "a = $1", values: [1] });
    expect(render(join([]), SQLITE.placeholder)).toEqual({ text: "", values: [] });
  });
});
