import { type Command, Option } from "commander";
import { z } from "zod";
import { terminalSafe, terminalSafeJson, UsageError } from "../../content/index.ts";
import type { CliIO } from "../io.ts";
import { withStore } from "../lib/inquiry-store.ts";
import type { StoreOptions } from "../lib/store-location.ts";

const Email = z.email();

function address(email: string): string {
  if (!Email.safeParse(email.trim()).success) {
    throw new UsageError(`--email: expected an e-mail address, got "${terminalSafe(email)}"`);
  }
  return email.trim();
}

/**
 * `inquiries export --email`: everything stored about one address, as JSON,
 * to answer an access request (Art. 15 GDPR). Matching ignores case.
 */
export async function exportAddress(io: CliIO, location: StoreOptions, email: string): Promise<void> {
  const wanted = address(email);
  const found = await withStore(
    location,
    () => ({ inquiries: [], deliveries: [] }),
    (store) => store.findByEmail(wanted),
  );
  const report = { email: wanted, exportedAt: new Date().toISOString(), ...found };
  io.stdout.write(`${terminalSafeJson(JSON.stringify(report, null, 2))}\n`);
}

/**
 * `inquiries erase --email`: deletes an address's inquiries with their
 * messages and idempotency keys (Art. 17 GDPR). Says what it will delete
 * first; asks on a terminal, wants `--yes` elsewhere. Idempotent.
 */
export function addEraseCommand(
  parent: Command,
  io: CliIO,
  setExit: (code: number) => void,
  dbOption: () => Option,
  databaseOption: () => Option,
): void {
  parent
    .command("erase")
    .description("delete everything stored about an e-mail address (any case): inquiries and their messages")
    .requiredOption("--email <address>", "the address whose data goes")
    .addOption(new Option("--yes", "do not ask (required when not on a terminal)"))
    .addOption(dbOption())
    .addOption(databaseOption())
    .action(async (options: StoreOptions & { email: string; yes?: boolean }) => {
      const wanted = address(options.email);
      const shown = terminalSafe(wanted);
      const result = await withStore(
        options,
        () => "none" as const,
        async (store) => {
          const found = await store.findByEmail(wanted);
          if (found.inquiries.length === 0) return "none" as const;
          io.stderr.write(
            `stored for ${shown}: ${plural(found.inquiries.length, "inquiry", "inquiries")} (${found.inquiries
              .map((i) => `${i.id.slice(0, 8)} of ${i.receivedAt.slice(0, 10)}`)
              .join(", ")}) and ${plural(found.deliveries.length, "message", "messages")} of their delivery\n`,
          );
          if (!options.yes) {
            if (!io.confirm) return "needs-yes" as const;
            if (!(await io.confirm(`delete them for good?`))) return "declined" as const;
          }
          return store.eraseByEmail(wanted);
        },
      );
      if (result === "needs-yes") {
        io.stderr.write("error: not on a terminal, so nothing was deleted: add --yes to erase without asking\n");
        setExit(2);
        return;
      }
      if (result === "declined") {
        io.stdout.write("nothing deleted\n");
        setExit(1);
        return;
      }
      const counts = result === "none" ? { inquiries: 0, deliveries: 0 } : result;
      io.stdout.write(
        `erased ${plural(counts.inquiries, "inquiry", "inquiries")} and ${plural(counts.deliveries, "message", "messages")} for ${shown}\n`,
      );
      setExit(0);
    });
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
