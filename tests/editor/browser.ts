// One project copy and one editor per test (tests/editor/support.ts).
import { rm } from "node:fs/promises";
import { test as base, type Page } from "@playwright/test";
import { copyProject, type RunningEditor, startEditor } from "./support.ts";

export { copyProject, projectRoot, type RunningEditor, startEditor } from "./support.ts";

/** A test with its own project copy and editor. */
export const test = base.extend<{
  editor: RunningEditor;
  /** A change to the project copy before the editor starts (an object: Playwright would call a bare function). */
  before: { apply?: (root: string) => Promise<void> };
}>({
  before: [{}, { option: true }],
  editor: async ({ before }, use) => {
    const root = await copyProject();
    await before.apply?.(root);
    const editor = await startEditor(root);
    await use(editor);
    await editor.stop();
    await rm(root, { recursive: true, force: true });
  },
});

export { expect } from "@playwright/test";

/**
 * Accepts every dialog the page opens from now on (leaving a form with unsaved edits asks first). A dialog
 * that a reload has already closed cannot be accepted (a Protocol error, seen once on a loaded CI run):
 * there is nothing left to answer, so that is not a failure.
 */
export function acceptDialogs(page: Page): void {
  page.on("dialog", (dialog) => void dialog.accept().catch(() => undefined));
}
