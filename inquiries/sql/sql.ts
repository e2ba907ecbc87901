/**
 * A statement written once for both databases: text with its values kept
 * apart, rendered with the dialect's placeholders (`?` for SQLite, `$1` for
 * PostgreSQL) only when it runs. Values never become text; only `raw` does,
 * and it takes constants (column lists, dialect keywords), never input.
 */
export interface Sql {
  readonly text: readonly string[];
  readonly values: readonly unknown[];
}

function isSql(value: unknown): value is Sql {
  return typeof value === "object" && value !== null && "text" in value && "values" in value;
}

/** sql`SELECT … WHERE id = ${id}`: a value becomes a parameter, a nested Sql is spliced in. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  const text = [strings[0] ?? ""];
  const params: unknown[] = [];
  values.forEach((value, i) => {
    const after = strings[i + 1] ?? "";
    if (!isSql(value)) {
      params.push(value);
      text.push(after);
      return;
    }
    text[text.length - 1] += value.text[0] ?? "";
    text.push(...value.text.slice(1));
    params.push(...value.values);
    text[text.length - 1] += after;
  });
  return { text, values: params };
}

/** Constant text (a column list, a keyword of one dialect): never a value from outside. */
export function raw(text: string): Sql {
  return { text: [text], values: [] };
}

/** The parts joined by `separator`. */
export function join(parts: readonly Sql[], separator = ", "): Sql {
  return parts.reduce<Sql>((all, part, i) => (i === 0 ? part : sql`${all}${raw(separator)}${part}`), raw(""));
}

/** `?, ?, ?` for `IN (…)`; NULL for an empty list, which matches nothing. */
export function list(values: readonly unknown[]): Sql {
  return values.length === 0 ? raw("NULL") : join(values.map((value) => sql`${value}`));
}

/** The text with `placeholder(n)` (n from 1) for each value, and the values in order. */
export function render(statement: Sql, placeholder: (n: number) => string): { text: string; values: unknown[] } {
  const text = statement.text.reduce((all, part, i) => (i === 0 ? part : `${all}${placeholder(i)}${part}`), "");
  return { text, values: [...statement.values] };
}
