// axe as every browser test runs it (the site's, tests/site/support/axe.ts, and
// the editor's, tests/editor/axe.ts).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe run in the page itself (axe.run, "legacy mode"). @axe-core/playwright's
 * default runs axe.runPartial in every frame and then axe.finishRun in a
 * fresh blank page, which costs a second page and a second injection of
 * axe: twice the time, for the same results on these pages (measured equal,
 * violations, passes, incomplete and inapplicable; the editor's preview frame
 * is same-origin, so axe checks inside it too). Only the violations and the
 * elements "needs review" are collected whole (resultTypes): every rule still
 * runs, and passes and inapplicable still name each rule, with one element;
 * gathering and sending back every passing element was a fifth of axe's time
 * (652 against 531 ms a run, medians of 12 on four routes; issue 42's note).
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations", "incomplete"] });
}
