import type AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { axeBuilder } from "../../support/axe.ts";

export type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
export type Violation = AxeResults["violations"][number];

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** Every result of the WCAG 2.1 A/AA and best-practice rules: one run serves axeViolations and invisibleTextIn. */
export async function axeResults(page: Page): Promise<AxeResults> {
  return axeBuilder(page).withTags(AXE_TAGS).analyze();
}

export async function axeViolations(page: Page): Promise<Violation[]> {
  return (await axeResults(page)).violations;
}

/**
 * Text whose colour equals its background (1:1). axe does not count it as a
 * violation but as "needs review" (it may be deliberately hidden text), so
 * the zero-violations check alone lets invisible text through.
 */
export async function invisibleText(page: Page): Promise<string[]> {
  return invisibleTextIn(await axeBuilder(page).withRules(["color-contrast"]).analyze());
}

/** invisibleText from the results of a run that includes the color-contrast rule (axeResults' does: it is wcag2aa). */
export function invisibleTextIn(results: AxeResults): string[] {
  const ran = [results.violations, results.passes, results.incomplete, results.inapplicable].some((list) =>
    list.some((result) => result.id === "color-contrast"),
  );
  if (!ran) throw new Error("bug in the test: these axe results do not include the color-contrast rule");
  return results.incomplete
    .filter((result) => result.id === "color-contrast")
    .flatMap((result) =>
      result.nodes
        .filter((node) => node.any.some((check) => /\b1:1\b/.test(check.message)))
        .map((node) => `${node.target.join(" ")}: ${node.html.slice(0, 100)}`),
    );
}

/** One block per violation: rule, impact, help, then one line per failing element (selector and summary). */
export function formatViolations(violations: Violation[]): string {
  if (violations.length === 0) return "no violations";
  return violations
    .map((v) => {
      const nodes = v.nodes.map((node) => {
        const summary = (node.failureSummary ?? "").replace(/\s*\n\s*/g, " ").trim();
        return `    ${node.target.join(" ")}\n      ${summary}`;
      });
      return `${v.id} (${v.impact ?? "unknown impact"}): ${v.help}\n  ${v.helpUrl}\n${nodes.join("\n")}`;
    })
    .join("\n\n");
}

/**
 * Accessibility bugs found in the site and reported, not yet fixed. A test
 * that trips on one is marked `test.fixme`; the companion test checks that
 * nothing else is wrong on the page. Remove an entry when its bug is fixed.
 */
export interface KnownIssue {
  rule: string;
  /** Paths where it shows. */
  paths: string[];
  /** Matches the HTML of every element it fails on (axe's `node.html`). */
  html: RegExp;
  bug: string;
}

export const knownAxeIssues: KnownIssue[] = [];

export function knownIssuesOn(path: string): KnownIssue[] {
  return knownAxeIssues.filter((issue) => issue.paths.includes(path));
}

/** The violations that are not explained by a known issue of this path. */
export function unexpectedViolations(path: string, violations: Violation[]): Violation[] {
  const known = knownIssuesOn(path);
  return violations
    .map((v) => {
      const issue = known.find((k) => k.rule === v.id);
      if (!issue) return v;
      const nodes = v.nodes.filter((node) => !issue.html.test(node.html));
      return nodes.length > 0 ? { ...v, nodes } : null;
    })
    .filter((v): v is Violation => v !== null);
}
