import { describe, expect, it } from "vitest";
import { EXIT, main } from "../../cli/index.ts";
import { DATA, runMain } from "../support/cli.ts";

describe("main() exit codes and its one error handler", () => {
  it("exits 0 on the shipped data", async () => {
    const run = await runMain(["validate", "--data", DATA, "--format", "json"]);
    expect(run.code).toBe(EXIT.ok);
  });

  it.each([
    ["an unknown command", ["publish"], "error: unknown command 'publish'"],
    ["an unknown option", ["validate", "--strictly"], "error: unknown option '--strictly'"],
    ["a format it does not know", ["validate", "--format", "xml"], "error: option '--format <format>' argument 'xml'"],
    [
      "a data folder that is not there",
      ["validate", "--data", "/nonexistent"],
      "error: data folder not found: /nonexistent",
    ],
  ])("exits 2 on %s", async (_name, args, message) => {
    const run = await runMain(args);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe("");
  });

  it("exits 0 for --help and prints the commands", async () => {
    const run = await runMain(["--help"]);
    expect(run.code).toBe(EXIT.ok);
    expect(run.stdout).toMatch(/validate .*\n.*generate .*\n.*schema /s);
  });

  it("reports a bug as a bug: exit 70, with a stack, not as a problem with the data", async () => {
    let stderr = "";
    const code = await main(["validate", "--data", DATA], {
      stdout: {
        write: () => {
          throw new TypeError("stdout exploded");
        },
      },
      stderr: {
        write: (text: string) => {
          stderr += text;
        },
      },
      env: {},
    });
    expect(code).toBe(EXIT.bug);
    expect(stderr).toMatch(/^internal error: this is a bug in the content CLI, not a problem with your data\./);
    expect(stderr).toContain("TypeError: stdout exploded\n    at ");
  });
});
