/** Where the CLI writes; tests pass their own to run it in-process. */
export interface CliIO {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  /**
   * Asks a yes/no question on the terminal; absent when standard input is
   * not a terminal (a script, a pipe), where commands that delete want `--yes`.
   */
  confirm?: (question: string) => Promise<boolean>;
}

/** Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function wantsColor(stream: CliIO["stdout"], env: CliIO["env"]): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0") return true;
  return stream.isTTY === true;
}
