// `{tokens}` offered while typing: the token being typed before the caret,
// and the tokens that exist (from the server, derived from the data) it may become.
import type { CompletionSource } from "@codemirror/autocomplete";

export interface TokenChoice {
  token: string;
  value: string;
}

/** An unclosed `{…` just before `caret`: where it starts and what is typed of it. */
export function tokenBefore(text: string, caret: number): { from: number; typed: string } | undefined {
  const match = /\{[A-Za-z]*(?:\.[A-Za-z0-9_]*)?$/.exec(text.slice(0, caret));
  if (!match) return undefined;
  // `{{` is a brace written as a brace (schemas/templates.ts): a token starts only after an odd run of them.
  let braces = 1;
  while (text[match.index - braces] === "{") braces++;
  return braces % 2 === 1 ? { from: match.index, typed: match[0] } : undefined;
}

/** The tokens that begin with what is typed (case aside). */
export function tokensFor(choices: readonly TokenChoice[], typed: string): TokenChoice[] {
  const lower = typed.toLowerCase();
  return choices.filter((c) => c.token.toLowerCase().startsWith(lower));
}

/** CodeMirror's completion source for an article's text. */
export function tokenCompletions(choices: () => readonly TokenChoice[]): CompletionSource {
  return (context) => {
    const before = context.matchBefore(/\{[A-Za-z]*(?:\.[A-Za-z0-9_]*)?/);
    if (!before) return null;
    return {
      from: before.from,
      options: choices().map((c) => ({ label: c.token, detail: c.value, type: "variable" })),
      validFor: /^\{[A-Za-z]*(?:\.[A-Za-z0-9_]*)?$/,
    };
  };
}
