// The forms' validator interprets JSON Schema (no `new Function`, so the
// page's CSP has no 'unsafe-eval'), and answers rjsf's questions as ajv did.
import type { RJSFSchema } from "@rjsf/utils";
import { describe, expect, it } from "vitest";
import { validator } from "../../editor/app/validator.ts";
import { formFor, zodSchemaFor } from "../../editor/server/forms.ts";

describe("the forms' validator", () => {
  const root: RJSFSchema = {
    type: "object",
    $defs: { slug: { type: "string", pattern: "^[a-z-]+$" } },
    properties: {
      author: { $ref: "#/$defs/slug" },
      link: {
        anyOf: [{ type: "string" }, { type: "object", properties: { href: { type: "string" } }, required: ["href"] }],
      },
    },
  };

  it("matches a value to its anyOf option, resolving references through the root's definitions", () => {
    const link = root.properties?.link as RJSFSchema;
    const [text, object] = (link.anyOf ?? []) as RJSFSchema[];
    expect(validator.isValid(text as RJSFSchema, "/about", root)).toBe(true);
    expect(validator.isValid(object as RJSFSchema, "/about", root)).toBe(false);
    expect(validator.isValid(object as RJSFSchema, { href: "/about" }, root)).toBe(true);
    expect(validator.isValid({ $ref: "#/$defs/slug" }, "jonas-weber", root)).toBe(true);
    expect(validator.isValid({ $ref: "#/$defs/slug" }, "Jonas Weber", root)).toBe(false);
  });

  it("locates its errors at their field, as rjsf's error schema", () => {
    const form = formFor(zodSchemaFor("consultants.yaml", ["de"]) as never).schema as RJSFSchema;
    const { errors, errorSchema } = validator.validateFormData({ consultants: [{ name: 7 }] }, form);
    expect(errors.some((e) => e.property === ".consultants.0.name")).toBe(true);
    // biome-ignore lint/suspicious/noExplicitAny: rjsf's error tree, read by path
    const tree = errorSchema as any;
    expect(tree.consultants[0].name.__errors.length).toBeGreaterThan(0);
    expect(validator.validateFormData({ consultants: [] }, { type: "object" }).errors).toEqual([]);
  });
});

describe("the page's script", () => {
  it("has no eval and no new Function anywhere (so the page's CSP needs no 'unsafe-eval')", async () => {
    const { bundleApp } = await import("../../editor/server/bundle.ts");
    const { script } = await bundleApp();
    expect(script.length).toBeGreaterThan(100_000);
    expect(script).not.toMatch(/\beval\(|\bFunction\(/);
  });
});
