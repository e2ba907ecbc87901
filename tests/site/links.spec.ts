// Every link in the pre-rendered pages goes somewhere: an internal href
// resolves to a page (or a file of the build), a #fragment to an element id
// of its page, and nothing points at another host, except mailto: and tel: links.
// No link is a bare "#": the Insights placeholder is gone. Covers every
// route of the route table, every other pre-rendered Insights page and every
// page of every other language (German under /de/, support/languages.ts).
// Read with JavaScript off: the links exactly as the build wrote them.
import { type Browser, expect, test } from "@playwright/test";
import { firm, footer, nav } from "../../site/generated/site.ts";
import { otherInsightsPaths } from "./support/insights-routes.ts";
import { otherLanguagePages } from "./support/languages.ts";
import { routes } from "./support/routes.ts";

/** Every page read: the route table's, the other Insights list pages, then every page of the other languages. */
const paths = [...routes.map((r) => r.path), ...otherInsightsPaths, ...otherLanguagePages.map((p) => p.path)];

interface Reference {
  /** The tag and attribute it sits in, e.g. `a[href]`, and where (inside <template> or not). */
  where: string;
  value: string;
  /** The link's text, for <a>. */
  text: string;
}

interface PageLinks {
  path: string;
  references: Reference[];
  ids: string[];
}

type DataLink = { readonly label: string; readonly href: string; readonly placeholder?: boolean };
const dataLinks: readonly DataLink[] = [
  ...nav,
  ...footer.columns.flatMap((column): readonly DataLink[] => column.links),
  ...footer.legalLinks,
];

const site = new URL(firm.baseUrl);

async function readPages(browser: Browser, baseURL: string): Promise<Map<string, PageLinks>> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const found = new Map<string, PageLinks>();
  for (const path of paths) {
    await page.goto(path);
    const { references, ids } = await page.evaluate(() => {
      const collect = (root: ParentNode, where: string) =>
        [...root.querySelectorAll("[href], [src]")].flatMap((element) =>
          ["href", "src"]
            .filter((name) => element.hasAttribute(name))
            .map((name) => ({
              where: `${where}${element.localName}[${name}]`,
              value: element.getAttribute(name) ?? "",
              text: (element.textContent ?? "").replace(/\s+/g, " ").trim(),
            })),
        );
      return {
        references: [
          ...collect(document, ""),
          ...[...document.querySelectorAll("template")].flatMap((t) => collect(t.content, "template > ")),
        ],
        ids: [...document.querySelectorAll("[id]")].map((element) => element.id),
      };
    });
    found.set(path, { path, references, ids });
  }
  await context.close();
  return found;
}

let pages: Map<string, PageLinks>;

/**
 * The hook reads every page (about 50, more with each article and language):
 * its budget grows with them, so a busy machine slows it without failing it
 * (the default 30 s is for one test, not for reading the whole site).
 */
const READ_BUDGET_MS = { base: 30_000, perPage: 3_000 };

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(READ_BUDGET_MS.base + paths.length * READ_BUDGET_MS.perPage);
  pages = await readPages(browser, String(testInfo.project.use.baseURL));
});

test("no link in the data is a placeholder: the header's Insights link goes to /insights", () => {
  expect(dataLinks.filter((link) => link.placeholder === true || link.href === "#")).toEqual([]);
  expect(nav.map((link) => link.href)).toContain("/insights");
});

for (const path of paths) {
  test(`${path}: every link resolves, nothing points at another host`, async ({ request }) => {
    const here = pages.get(path);
    if (!here) throw new Error(`bug in the test: ${path} was not read`);
    const problems: string[] = [];
    const checked = new Map<string, number>();
    const status = async (path: string) => {
      if (!checked.has(path)) checked.set(path, (await request.get(path, { maxRedirects: 0 })).status());
      return checked.get(path);
    };

    for (const ref of here.references) {
      const label = `${ref.where}="${ref.value}"${ref.text ? ` (${ref.text})` : ""}`;
      if (ref.value.startsWith("mailto:")) {
        if (!/^mailto:[^@\s]+@[^@\s]+$/.test(ref.value)) problems.push(`${label}: not an e-mail address`);
        continue;
      }
      if (ref.value.startsWith("tel:")) {
        if (!/^tel:\+[1-9][0-9]{6,20}$/.test(ref.value)) problems.push(`${label}: not an international phone number`);
        continue;
      }
      if (ref.value === "#") {
        problems.push(`${label}: "#" goes nowhere`);
        continue;
      }
      if (ref.value.startsWith("#")) {
        const id = decodeURIComponent(ref.value.slice(1));
        if (!here.ids.includes(id)) problems.push(`${label}: this page has no element with id "${id}"`);
        continue;
      }
      // The page's own URL on the live site: canonical links and og:url point there.
      const url = new URL(ref.value, `${firm.baseUrl}${path === "/" ? "/" : path}`);
      if (url.origin !== site.origin) {
        problems.push(`${label}: points at ${url.protocol}//${url.host}, not at this site`);
        continue;
      }
      const target = url.pathname;
      const code = await status(`${target}${url.search}`);
      if (code !== 200) {
        problems.push(`${label}: ${target} answers ${code}`);
        continue;
      }
      if (url.hash) {
        const id = decodeURIComponent(url.hash.slice(1));
        const targetPage = pages.get(target);
        if (!targetPage) problems.push(`${label}: ${target} is not a page, so it has no #${id}`);
        else if (!targetPage.ids.includes(id)) problems.push(`${label}: ${target} has no element with id "${id}"`);
      }
    }
    expect(problems).toEqual([]);
    // The test reads something: at least the navigation and the footer.
    expect(here.references.filter((ref) => ref.where === "a[href]").length).toBeGreaterThan(nav.length);
  });
}
