import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { renderJsonSchemas } from "../../content/json-schema.ts";
import { DATA_FILES } from "../../schemas/index.ts";
import { DATA, ROOT, shipped } from "../support/cli.ts";

const JSON_DIR = join(ROOT, "schemas", "json");
const schemaName = (file: string) => file.replace(/\.yaml$/, ".schema.json");

describe("JSON Schemas for editors (schemas/json)", () => {
  const rendered = renderJsonSchemas();

  it("has exactly one committed schema per data file", () => {
    expect(rendered.map((s) => s.name)).toEqual(DATA_FILES.map((entry) => schemaName(entry.file)));
    expect(readdirSync(JSON_DIR).sort()).toEqual(rendered.map((s) => s.name).sort());
  });

  it.each(rendered.map((s) => [s.name, s.content]))("%s is up to date with the zod schemas", (name, content) => {
    const path = join(JSON_DIR, name);
    const committed = existsSync(path) ? readFileSync(path, "utf8") : "(no such file)";
    expect(committed, `schemas/json/${name} is out of date: run \`npm run schema\` and commit the result`).toBe(
      content,
    );
  });

  it.each(DATA_FILES.map((entry) => [entry.file]))(
    "%s: draft-07, strict, naming the shipped top-level keys",
    (file) => {
      const schema = JSON.parse(rendered.find((s) => s.name === schemaName(file))?.content ?? "{}");
      expect(schema).toMatchObject({
        $schema: "http://json-schema.org/draft-07/schema#",
        title: `data/${file}`,
        type: "object",
        additionalProperties: false,
      });
      const keys = Object.keys(shipped(file)).sort();
      expect(Object.keys(schema.properties).sort()).toEqual(keys);
      expect([...schema.required].sort()).toEqual(keys);
    },
  );

  it.each(DATA_FILES.map((entry) => [entry.file]))("data/%s points the YAML language server at its schema", (file) => {
    const firstLine = readFileSync(join(DATA, file), "utf8").split("\n")[0];
    expect(firstLine).toBe(`# yaml-language-server: $schema=../schemas/json/${schemaName(file)}`);
    const target = resolve(dirname(join(DATA, file)), `../schemas/json/${schemaName(file)}`);
    expect(existsSync(target), `${target} does not exist`).toBe(true);
  });
});
