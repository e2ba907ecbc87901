// Every pre-rendered page, 404.html included, is valid HTML: html-validate
// with its recommended rules (configured in .htmlvalidate.mjs) reports no
// error. Reads the files of the build, as a static host would serve them.
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { builtPages, CLIENT_DIR, readBuilt } from "./support/budget.ts";
import { otherInsightsFiles } from "./support/insights-routes.ts";
import { otherLanguageFiles } from "./support/languages.ts";
import { routes } from "./support/routes.ts";

const pages = builtPages();
const validator = new HtmlValidate(new FileSystemConfigLoader());

test("the build holds a page for every route of the route table, every other Insights list page, and each language's", () => {
  expect(pages).toEqual([...routes.map((r) => r.file), ...otherInsightsFiles, ...otherLanguageFiles].sort());
});

for (const file of pages) {
  test(`${file} is valid HTML (html-validate:recommended)`, async () => {
    const path = join(CLIENT_DIR, file);
    const report = await validator.validateString(readBuilt(file).toString("utf8"), path);
    const errors = report.results.flatMap((result) =>
      result.messages
        .filter((message) => message.severity === 2)
        .map(
          (message) =>
            `dist/client/${file}:${message.line}:${message.column} ${message.ruleId}: ${message.message}` +
            (message.selector ? ` (${message.selector})` : ""),
        ),
    );
    expect(errors, "html-validate errors").toEqual([]);
  });
}
