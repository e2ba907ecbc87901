import { isMap, isScalar, isSeq, type Node } from "yaml";
import type { z } from "zod";
import { closest, formatPath, type PathSegment } from "../schemas/suggest.ts";
import type { TextIssueParams } from "../schemas/text.ts";
import type { Diagnostic } from "./diagnostic.ts";
import { diagnosticAt, locate, type SourceFile, spanOf } from "./source.ts";
import { charSpanInScalar } from "./value-position.ts";

type Issue = z.core.$ZodIssue;

/** Unknown keys of one mapping: the first with its hint, the others named on it (one mistake above them, one diagnostic). */
const MAX_UNKNOWN_KEYS = 1;

/**
 * Turns zod's issues for one file into located diagnostics with hints. The
 * required fields missing from one mapping are one diagnostic: a key line
 * moved or deleted above them loses them all at once.
 */
export function issuesToDiagnostics(source: SourceFile, schema: z.ZodType, issues: readonly Issue[]): Diagnostic[] {
  const missing = new Map<string, { diagnostic: Diagnostic; fields: string[] }>();
  const out: Diagnostic[] = [];
  for (const issue of issues) {
    for (const diagnostic of toDiagnostics(source, schema, issue)) {
      const field = /^missing required field `(.+)`$/.exec(diagnostic.message)?.[1];
      if (field === undefined) {
        out.push(diagnostic);
        continue;
      }
      const parent = formatPath((issue.path as PathSegment[]).slice(0, -1));
      const seen = missing.get(parent);
      if (!seen) {
        missing.set(parent, { diagnostic, fields: [field] });
        out.push(diagnostic);
        continue;
      }
      seen.fields.push(field);
      const names = seen.fields.map((f) => `\`${f}\``);
      seen.diagnostic.message = `missing ${seen.fields.length} required fields: ${names.slice(0, 4).join(", ")}${names.length > 4 ? ", …" : ""}`;
      seen.diagnostic.hint = `add ${names.join(", ")} under \`${parent || "the top"}\`; is a key line above moved or deleted?`;
    }
  }
  return out;
}

function toDiagnostics(source: SourceFile, schema: z.ZodType, issue: Issue): Diagnostic[] {
  const path = issue.path as PathSegment[];
  const doc = source.doc;
  if (!doc) return [];
  const found = locate(doc, path);
  const exact = found !== undefined && found.depth === path.length;
  const node = found?.node;
  const at = (target: Node | undefined, message: string, hint?: string, firstLine = false, atPath = path) =>
    diagnosticAt(
      source,
      target ? spanOf(target, source.text, firstLine) : { start: 0, end: 0 },
      "error",
      formatPath(atPath),
      message,
      hint,
    );

  const text = issue.code === "custom" ? (issue.params as TextIssueParams | undefined) : undefined;
  if (text?.text === "character") {
    // The character itself, at its line:col (an escape like \e where it is written as one).
    const { problem } = text;
    const span = exact ? charSpanInScalar(node, source.text, problem.index) : undefined;
    if (span === undefined) return [at(node, issue.message, problem.why)];
    const where = source.lines.linePos(span.start);
    const more = problem.count > 1 ? ` (${problem.count - 1} more like it in this text)` : "";
    const message = `${problem.label} at ${where.line}:${where.col}: ${problem.fix}${more}`;
    return [diagnosticAt(source, span, "error", formatPath(path), message, problem.why)];
  }
  if (text?.text === "length") {
    const last = path.at(-1);
    const field = typeof last === "number" ? `${String(path.at(-2) ?? "")} item` : String(last ?? "text");
    return [at(node, `the ${field} is ${issue.message}`, text.hint, true)];
  }

  switch (issue.code) {
    case "unrecognized_keys": {
      const allowed = keysOf(schemaAt(schema, path));
      // A key lost above them (`stats:` deleted) makes every entry unknown: the first few, and a count.
      const shown = issue.keys.slice(0, MAX_UNKNOWN_KEYS);
      const rest = issue.keys.length - shown.length;
      return shown.map((key, index) => {
        const keyNode = exact && node ? locate(doc, [...path, key])?.key : undefined;
        const near = closest(key, allowed);
        const hint = near
          ? `did you mean \`${near}\`?`
          : allowed.length
            ? `allowed keys here: ${allowed.map((k) => `\`${k}\``).join(", ")}`
            : undefined;
        const others = issue.keys.slice(MAX_UNKNOWN_KEYS).map((k) => `\`${k}\``);
        const more =
          rest > 0 && index === shown.length - 1
            ? ` (and ${rest} more unknown key${rest === 1 ? "" : "s"} in this mapping: ${others.slice(0, 4).join(", ")}${others.length > 4 ? ", …" : ""})`
            : "";
        return at(keyNode ?? node, `unknown key \`${key}\`${more}`, hint, false, [...path, key]);
      });
    }
    case "invalid_type": {
      if (!exact) {
        // The value is missing: point at the mapping that should hold it.
        const field = String(path.at(-1));
        const description = schemaAt(schema, path)?.description;
        return [
          at(
            found?.key ?? node,
            `missing required field \`${field}\``,
            `add \`${field}:\`${description ? ` (${lowerFirst(description)})` : ""}`,
            true,
          ),
        ];
      }
      const expected = friendlyType(issue.expected);
      const message =
        path.length === 0
          ? `expected the file to hold ${expected} at the top, got ${describeNode(node)}`
          : `expected ${expected}, got ${describeNode(node)}`;
      const description = schemaAt(schema, path)?.description;
      return [at(node, message, description ? lowerFirst(description) : undefined, isMap(node) || isSeq(node))];
    }
    case "invalid_value": {
      const values = issue.values.map(String);
      const got = isScalar(node) ? String(node.value) : "";
      const near = got ? closest(got, values) : undefined;
      return [
        at(
          node,
          `expected one of ${values.map((v) => `"${v}"`).join(", ")}, got ${describeNode(node)}`,
          near ? `did you mean \`${near}\`?` : `valid values: ${values.join(", ")}`,
        ),
      ];
    }
    case "too_small":
    case "too_big": {
      if (issue.origin === "array") {
        const count = isSeq(node) ? node.items.length : 0;
        return [at(node, `${issue.message}, got ${count}`, schemaAt(schema, path)?.description, true)];
      }
      return [at(node, `${issue.message}, got ${describeNode(node)}`, schemaAt(schema, path)?.description)];
    }
    case "invalid_key": {
      // A record key failed: point at the key itself.
      const key = path.at(-1);
      const keyNode = found?.key;
      return [at(keyNode ?? node, `invalid key \`${String(key)}\`: ${issue.issues[0]?.message ?? issue.message}`)];
    }
    default: {
      const description = schemaAt(schema, path)?.description;
      return [
        at(node, `${issue.message}, got ${describeNode(node)}`, description ? lowerFirst(description) : undefined),
      ];
    }
  }
}

function friendlyType(expected: string): string {
  const names: Record<string, string> = {
    string: "text",
    number: "a number",
    int: "a whole number",
    boolean: "true or false",
    array: "a list (lines starting with `- `)",
    object: "a mapping (`key: value` lines)",
    record: "a mapping (`key: value` lines)",
  };
  return names[expected] ?? expected;
}

/** What a YAML node holds, in words: `"2-25"`, `a list of 2`, `nothing`. */
export function describeNode(node: Node | undefined): string {
  if (!node) return "nothing";
  if (isMap(node)) return "a mapping";
  if (isSeq(node)) return `a list of ${node.items.length}`;
  if (isScalar(node)) {
    const value = node.value;
    if (value === null) return "nothing (an empty value)";
    if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
    if (typeof value === "number") return `the number ${value}`;
    if (typeof value === "boolean") return `${value}`;
  }
  return "a value of another kind";
}

/** "Hover time" -> "hover time", but "ARR range" stays. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** The schema that describes the value at `path`, following objects, arrays and records. */
export function schemaAt(schema: z.ZodType, path: readonly PathSegment[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = unwrap(schema);
  for (const segment of path) {
    if (!current) return undefined;
    const def = current._zod.def as unknown as Record<string, unknown> & { type: string };
    if (def.type === "object") current = (def.shape as Record<string, z.ZodType>)[String(segment)];
    else if (def.type === "array") current = def.element as z.ZodType;
    else if (def.type === "record") current = def.valueType as z.ZodType;
    else return undefined;
    current = current ? unwrap(current) : undefined;
  }
  return current;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = current._zod.def as unknown as { type: string; innerType?: z.ZodType };
    if ((def.type === "optional" || def.type === "default" || def.type === "nullable") && def.innerType) {
      // Keep the outer description when the inner one has none.
      const inner: z.ZodType = def.innerType;
      if (!inner.description && current.description) return current;
      current = inner;
    } else return current;
  }
}

function keysOf(schema: z.ZodType | undefined): string[] {
  const def = schema?._zod.def as unknown as { type: string; shape?: Record<string, unknown> } | undefined;
  return def?.type === "object" && def.shape ? Object.keys(def.shape) : [];
}
