// IBM's Equal Access engine, the second accessibility engine beside axe. Its
// engine is the npm package accessibility-checker-engine, injected from
// node_modules: nothing is fetched (the `accessibility-checker` wrapper loads
// the engine from IBM's servers by default and brings puppeteer, chromedriver
// and IBM's telemetry with it, so the engine is driven here directly).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const enginePath = createRequire(import.meta.url).resolve("accessibility-checker-engine/ace.js");
// Evaluated through the DevTools protocol, as axe is (@axe-core/playwright):
// the page's CSP does not apply to that, so the page is checked with its CSP
// in force and nothing is added to its DOM. The engine declares `var ace`.
const engineScript = `${readFileSync(enginePath, "utf8")}\n;globalThis.ace = ace;\nundefined;`;

/** The policy the checker's own tools default to: IBM's requirements (WCAG 2.2 A/AA, EN 301 549, Section 508). */
export const POLICY = "IBM_Accessibility";

export interface EqualAccessIssue {
  ruleId: string;
  reasonId: string;
  message: string;
  /** The element's XPath in the DOM. */
  path: string;
  snippet: string;
}

/** The results at level "violation" (what the checker reports as a failure, not "potential violation" or "recommendation"). */
export async function equalAccessViolations(page: Page): Promise<EqualAccessIssue[]> {
  await page.evaluate(engineScript);
  return page.evaluate(async (policy) => {
    type Result = {
      ruleId: string;
      reasonId: string;
      message: string;
      path: { dom: string };
      snippet: string;
      value: [string, string];
    };
    const engine = (
      globalThis as unknown as {
        ace: { Checker: new () => { check: (d: Document, p: string[]) => Promise<{ results: Result[] }> } };
      }
    ).ace;
    const report = await new engine.Checker().check(document, [policy]);
    return report.results
      .filter((result) => result.value[0] === "VIOLATION" && result.value[1] === "FAIL")
      .map((result) => ({
        ruleId: result.ruleId,
        reasonId: String(result.reasonId),
        message: result.message,
        path: result.path.dom,
        snippet: result.snippet.slice(0, 120),
      }));
  }, POLICY);
}

export function formatIssues(issues: EqualAccessIssue[]): string {
  if (issues.length === 0) return "no violations";
  return issues
    .map((issue) => `${issue.ruleId} (${issue.reasonId}): ${issue.message}\n    ${issue.path}\n    ${issue.snippet}`)
    .join("\n");
}
