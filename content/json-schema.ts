import { z } from "zod";
import { DATA_FILES } from "../schemas/index.ts";

/** JSON Schema draft-07 (what the YAML language server reads) for each data file. */
export function renderJsonSchemas(): Array<{ name: string; content: string }> {
  return DATA_FILES.map((entry) => {
    const schema = z.toJSONSchema(entry.schema, { target: "draft-07", io: "input", unrepresentable: "any" });
    const withTitle = { title: `data/${entry.file}`, ...schema };
    return {
      name: `${entry.file.replace(/\.yaml$/, "")}.schema.json`,
      content: `${JSON.stringify(withTitle, null, 2)}\n`,
    };
  });
}
