// An article's text (front matter and Markdown) in CodeMirror 6: YAML and
// Markdown highlighting, undo history, the diagnostics of `validate` underlined
// at their line and column, and the `{tokens}` that exist offered after `{`. Its default keymap leaves Tab alone, so Tab
// moves the focus on, out of the editor.
import { autocompletion } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { markdown } from "@codemirror/lang-markdown";
import { yamlFrontmatter } from "@codemirror/lang-yaml";
import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic as Lint, lintGutter, setDiagnostics } from "@codemirror/lint";
import { EditorState, type Text } from "@codemirror/state";
import { EditorView, highlightActiveLine, keymap, lineNumbers } from "@codemirror/view";
import { useEffect, useRef } from "react";
import type { Diagnostic } from "./error-schema.ts";
import { located } from "./error-schema.ts";
import { type TokenChoice, tokenCompletions } from "./tokens.ts";

/** The page's nonce, for the one style element CodeMirror adds where constructed style sheets are missing. */
const nonce = () => document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";

/**
 * The page's focus ring (editor.css) on the editor. It grows with its text and
 * the page scrolls: no inner scrolling region the keyboard could not reach.
 */
const theme = EditorView.theme({
  "&": { border: "1px solid var(--line)", borderRadius: "4px", background: "#fff", fontSize: "0.9rem" },
  "&.cm-focused": { outline: "3px solid var(--accent)", outlineOffset: "2px" },
  ".cm-scroller": { minHeight: "20rem", fontFamily: "ui-monospace, Menlo, monospace" },
});

/** A diagnostic's 1-based line and column as an offset in `doc`, kept inside the text. */
function offset(doc: Text, line: number, column: number): number {
  const at = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(at.from + Math.max(column - 1, 0), at.to);
}

export function lintOf(doc: Text, diagnostics: readonly Diagnostic[]): Lint[] {
  return diagnostics.map((d) => {
    const from = offset(doc, d.line, d.column);
    const to = Math.max(from, offset(doc, d.endLine, d.endColumn));
    return {
      from,
      to,
      severity: d.severity,
      message: `${located(d)} ${d.message}${d.hint ? ` (hint: ${d.hint})` : ""}`,
    };
  });
}

interface Props {
  /** The text the editor opens with; later changes come from typing only. */
  initial: string;
  labelledBy: string;
  describedBy?: string;
  lang?: string | undefined;
  diagnostics: readonly Diagnostic[];
  /** The `{tokens}` offered when `{` is typed. */
  tokens: readonly TokenChoice[];
  /** A text put in place of the whole text (an upload's front matter), as one undoable change. */
  replacement?: { text: string } | undefined;
  onChange: (text: string) => void;
}

export function MarkdownEditor({
  initial,
  labelledBy,
  describedBy,
  lang,
  diagnostics,
  tokens,
  replacement,
  onChange,
}: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const change = useRef(onChange);
  change.current = onChange;
  const offered = useRef(tokens);
  offered.current = tokens;

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per opened file (the key of FileEditor)
  useEffect(() => {
    if (!host.current) return;
    const attributes: Record<string, string> = { "aria-labelledby": labelledBy, spellcheck: "true" };
    if (describedBy) attributes["aria-describedby"] = describedBy;
    if (lang) attributes.lang = lang;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initial,
        extensions: [
          lineNumbers(),
          highlightActiveLine(),
          history(),
          yamlFrontmatter({ content: markdown() }),
          syntaxHighlighting(defaultHighlightStyle),
          lintGutter(),
          autocompletion({ override: [tokenCompletions(() => offered.current)] }),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          theme,
          EditorView.cspNonce.of(nonce()),
          EditorView.contentAttributes.of(attributes),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) change.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => created.destroy();
  }, []);

  useEffect(() => {
    const current = view.current;
    if (current) current.dispatch(setDiagnostics(current.state, lintOf(current.state.doc, diagnostics)));
  }, [diagnostics]);

  useEffect(() => {
    const current = view.current;
    if (!current || replacement === undefined) return;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: replacement.text } });
  }, [replacement]);

  return <div ref={host} className="markdown-editor" />;
}
