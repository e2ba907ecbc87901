import { join, resolve } from "node:path";
import { Command } from "commander";
import { displayPath, renderJsonSchemas, writeIfChanged } from "../../content/index.ts";
import type { CliIO } from "../io.ts";

export function schemaCommand(io: CliIO, setExit: (code: number) => void): Command {
  return new Command("schema")
    .description("write a JSON Schema (draft-07) per data file, for editor autocompletion")
    .option("--out <dir>", "folder for the JSON Schemas", "schemas/json")
    .action(async (options: { out: string }) => {
      const out = resolve(options.out);
      const schemas = renderJsonSchemas();
      let changed = 0;
      for (const schema of schemas) {
        if (await writeIfChanged(join(out, schema.name), schema.content)) changed++;
      }
      io.stdout.write(`wrote ${schemas.length} JSON Schemas to ${displayPath(out)} (${changed} changed)\n`);
      setExit(0);
    });
}
