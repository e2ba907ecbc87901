import type { Command, Option } from "commander";
import { terminalSafe, UsageError } from "../../content/index.ts";
import { labelledFields } from "../../inquiries/labels.ts";
import { suggestMatches } from "../../inquiries/match.ts";
import type { StoredInquiry } from "../../inquiries/store.ts";
import type { CliIO } from "../io.ts";
import { formDataIn } from "../lib/form-data.ts";
import { withStore } from "../lib/inquiry-store.ts";
import type { StoreOptions } from "../lib/store-location.ts";

/**
 * `inquiries show <id>`: one inquiry, every stored field (inquiries/fields.ts)
 * on its own line, labelled as the visitor's form labels it (data/), chosen
 * options by their labels, then the suggested consultants. The id may be
 * shortened to the 8 characters `inquiries list` shows.
 */
export function addShowCommand(
  parent: Command,
  io: CliIO,
  setExit: (code: number) => void,
  options: { db: () => Option; database: () => Option; data: () => Option },
): void {
  parent
    .command("show")
    .description("one inquiry, every field labelled as its form labels it")
    .argument("<id>", "the inquiry's id, or its start as `inquiries list` shows it")
    .addOption(options.db())
    .addOption(options.database())
    .addOption(options.data())
    .action(async (id: string, location: StoreOptions & { data: string }) => {
      const wanted = id.trim().toLowerCase();
      if (wanted === "") throw new UsageError("show: expected an inquiry's id");
      const found = await withStore(
        location,
        () => [],
        async (store) => (await store.list()).filter((inquiry) => inquiry.id.startsWith(wanted)),
      );
      const [inquiry] = found;
      if (found.length > 1) {
        throw new UsageError(`show: ${found.length} inquiries have an id starting "${id}": give more of it`);
      }
      if (!inquiry) {
        io.stderr.write(`error: no inquiry has an id starting "${terminalSafe(id)}"\n`);
        setExit(1);
        return;
      }
      io.stdout.write(await shown(inquiry, location.data, io));
      setExit(0);
    });
}

/** The inquiry as lines of `label  text`, the text's further lines indented under the first. */
async function shown(inquiry: StoredInquiry, dataDir: string, io: CliIO): Promise<string> {
  const { consultants, vocabulary } = await formDataIn(
    dataDir,
    io,
    "no labels from the forms, no suggested consultants",
  );
  const lines = labelledFields(inquiry, vocabulary).map(({ label, text }) => [label, text] as const);
  const suggested = suggestMatches(inquiry, consultants).map((s) => s.name);
  if (suggested.length > 0) lines.push(["Suggested consultants", suggested.join(", ")]);
  const width = Math.max(...lines.map(([label]) => label.length));
  return lines
    .map(([label, text]) => {
      const [first, ...rest] = terminalSafe(text, { lines: true }).split("\n");
      const indent = " ".repeat(width + 2);
      return [`${terminalSafe(label).padEnd(width)}  ${first}`, ...rest.map((line) => `${indent}${line}`)].join("\n");
    })
    .map((line) => `${line.trimEnd()}\n`)
    .join("");
}
