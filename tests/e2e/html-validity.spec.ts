// Every pre-rendered page, 404.html included, is valid HTML: html-validate
// with its recommended rules (configured in .htmlvalidate.mjs) reports no
// error. Reads the files of the build, as a static host would serve them.
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { content } from "../../site/lib/content.ts";
import { articlePath, insightsOf } from "../../site/lib/insights.ts";
import { defaultLocale, localePath, locales } from "../../site/lib/locale.ts";
import { builtPages, CLIENT_DIR, readBuilt } from "./support/budget.ts";
import { otherInsightsFiles } from "./support/insights-routes.ts";
import { routes } from "./support/routes.ts";

const pages = builtPages();
const validator = new HtmlValidate(new FileSystemConfigLoader());

/** Each other language's pages (German under /de/): its site pages, its Insights lists and articles, its 404 page. */
const otherLanguageFiles = locales
  .filter((l) => l.code !== defaultLocale)
  .flatMap(({ code }) => {
    const insights = insightsOf(code);
    const paths = [
      ...content(code).site.pages.map((page) => page.path as string),
      ...insights.listPaths(),
      ...insights.articles.map((article) => articlePath(article.slug)),
    ];
    return [
      ...paths.map((path) => `${localePath(code, path).slice(1)}/index.html`),
      `${localePath(code, "/404").slice(1)}.html`,
    ];
  });

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
