import { type Command, Option } from "commander";
import { terminalSafe, UsageError } from "../../content/index.ts";
import type { Delivery, DeliveryState, RedeliverTarget } from "../../inquiries/store.ts";
import type { CliIO } from "../io.ts";
import { withStore } from "../lib/inquiry-store.ts";
import type { StoreOptions } from "../lib/store-location.ts";

/**
 * `inquiries deliveries` and `inquiries redeliver`: the outbox's messages
 * per channel, and requeuing the ones that were given up.
 */
export function addDeliveryCommands(
  parent: Command,
  io: CliIO,
  setExit: (code: number) => void,
  dbOption: () => Option,
  databaseOption: () => Option,
): void {
  parent
    .command("deliveries")
    .description("the outbox's messages (pending and dead unless a state is given), oldest first")
    .addOption(dbOption())
    .addOption(databaseOption())
    .addOption(new Option("--channel <name>", "only this channel's messages (mail, webhook)"))
    .addOption(new Option("--dead", "only messages given up on").conflicts("pending"))
    .addOption(new Option("--pending", "only messages still to deliver"))
    .addOption(new Option("--all", "sent messages too").conflicts(["dead", "pending"]))
    .action(async (options: StoreOptions & { channel?: string; dead?: boolean; pending?: boolean; all?: boolean }) => {
      const status: DeliveryState[] | undefined = options.all
        ? undefined
        : options.dead
          ? ["dead"]
          : options.pending
            ? ["pending"]
            : ["pending", "dead"];
      const rows = await withStore(
        options,
        () => [],
        (store) => store.deliveries({ ...(options.channel === undefined ? {} : { channel: options.channel }), status }),
      );
      if (rows.length === 0) io.stdout.write("no messages\n");
      else {
        io.stdout.write(table(rows));
        io.stdout.write(`${rows.length} message${rows.length === 1 ? "" : "s"}\n`);
      }
      setExit(0);
    });

  parent
    .command("redeliver")
    .description("make a message (or every dead one) pending again, due now, with a fresh round of attempts")
    .argument("[id]", "the message's id, from `inquiries deliveries`")
    .addOption(dbOption())
    .addOption(databaseOption())
    .addOption(new Option("--dead", "every dead message"))
    .addOption(new Option("--channel <name>", "with --dead: only this channel's"))
    .action(async (id: string | undefined, options: StoreOptions & { dead?: boolean; channel?: string }) => {
      const target = redeliverTarget(id, options);
      const count = await withStore(
        options,
        () => 0,
        (store) => store.redeliver(target, new Date()),
      );
      if ("id" in target && count === 0) throw new UsageError(`no message with id ${target.id}`);
      io.stdout.write(
        `${count} message${count === 1 ? "" : "s"} queued again; a running server delivers ${count === 1 ? "it" : "them"} within seconds\n`,
      );
      setExit(0);
    });
}

function redeliverTarget(id: string | undefined, options: { dead?: boolean; channel?: string }): RedeliverTarget {
  if (id !== undefined && options.dead) throw new UsageError("give a message id or --dead, not both");
  if (id !== undefined) {
    if (!/^[1-9]\d{0,15}$/.test(id)) throw new UsageError(`a message id is a whole number, got "${terminalSafe(id)}"`);
    if (options.channel !== undefined) throw new UsageError("--channel goes with --dead, not with an id");
    return { id: Number(id) };
  }
  if (!options.dead) throw new UsageError("give a message id, or --dead for every dead message");
  return options.channel === undefined ? { dead: true } : { dead: true, channel: options.channel };
}

function table(rows: Delivery[]): string {
  const time = (iso: string | null) => (iso ? iso.replace("T", " ").slice(0, 19) : "-");
  const columns: [string, (d: Delivery) => string, number][] = [
    ["id", (d) => String(d.id), 8],
    ["inquiry", (d) => d.inquiryId.slice(0, 8), 8],
    ["channel", (d) => d.channel, 12],
    ["status", (d) => d.status, 7],
    ["attempts", (d) => String(d.attempts), 8],
    ["next attempt", (d) => time(d.nextAttemptAt), 19],
    ["last error", (d) => d.lastError ?? "", 60],
  ];
  const cells = rows.map((row) =>
    columns.map(([, get, max]) => {
      const flat = terminalSafe(get(row).replace(/[ \t\n]+/g, " "));
      return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
    }),
  );
  const widths = columns.map(([title], i) => Math.max(title.length, ...cells.map((c) => (c[i] ?? "").length)));
  const line = (values: string[]) =>
    `${values
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd()}\n`;
  return line(columns.map(([title]) => title)) + cells.map(line).join("");
}
