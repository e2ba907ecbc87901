import { Command, CommanderError } from "commander";
import { noWorkflowCommands, terminalSafe, UsageError } from "../content/index.ts";
import { generateCommand } from "./commands/generate.ts";
import { inquiriesCommand } from "./commands/inquiries.ts";
import { schemaCommand } from "./commands/schema.ts";
import { translationsCommand } from "./commands/translations.ts";
import { validateCommand } from "./commands/validate.ts";
import type { CliIO } from "./io.ts";

export const EXIT = { ok: 0, content: 1, usage: 2, bug: 70 } as const;

/**
 * Runs the content CLI and returns its exit code: 0 valid, 1 content errors,
 * 2 usage or I/O problems, 70 a bug in the CLI itself.
 */
export async function main(argv: readonly string[], given: CliIO): Promise<number> {
  // Standard error carries messages that may quote an argument or a path: never a workflow command.
  const { stderr } = given;
  const io: CliIO = {
    ...given,
    stderr: { write: (text: string) => stderr.write(noWorkflowCommands(text)), isTTY: stderr.isTTY === true },
  };
  let exitCode: number = EXIT.ok;
  const setExit = (code: number) => {
    exitCode = code;
  };
  const program = new Command("content")
    .description("validate and generate the site's content, and read stored inquiries")
    .showHelpAfterError("(run with --help for usage)");
  for (const make of [validateCommand, generateCommand, schemaCommand, translationsCommand, inquiriesCommand]) {
    program.addCommand(make(io, setExit));
  }
  // Every command, nested ones included, reports through `io` and never exits the process itself.
  // Commander's messages quote the arguments as given: shown escaped.
  const output = {
    writeOut: (s: string) => io.stdout.write(terminalSafe(s, { lines: true })),
    writeErr: (s: string) => io.stderr.write(terminalSafe(s, { lines: true })),
  };
  const configure = (command: Command): void => {
    command.exitOverride().configureOutput(output);
    command.commands.forEach(configure);
  };
  configure(program);

  try {
    await program.parseAsync(argv, { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; anything else commander rejects is a usage error.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof UsageError) {
      io.stderr.write(`error: ${terminalSafe(error.message)}\n`);
      return EXIT.usage;
    }
    const code = (error as NodeJS.ErrnoException)?.code;
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) {
      io.stderr.write(`error: ${terminalSafe((error as Error).message)}\n`);
      return EXIT.usage;
    }
    io.stderr.write(
      `internal error: this is a bug in the content CLI, not a problem with your data. Please report it with this trace:\n${terminalSafe(
        (error as Error)?.stack ?? String(error),
        { lines: true },
      )}\n`,
    );
    return EXIT.bug;
  }
}
