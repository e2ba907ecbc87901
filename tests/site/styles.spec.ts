// A page paints with only the part of the stylesheet its own HTML uses
// (inline); the whole stylesheet is enabled after the first paint, and a
// client-side navigation waits for it (issue 23, item 5). Proof: from the
// first byte of a full load, then through a client-side navigation to every
// route in turn, every element the document gets — checked as it is
// inserted, before the browser can paint it — has every class that the
// stylesheet styles styled by the rules applied at that moment.
import { expect, test } from "@playwright/test";
import { routes } from "./support/routes.ts";

declare global {
  interface Window {
    unstyled: string[];
    /** Set once the first paint's elements were checked. */
    firstPaintChecked: boolean;
  }
}

/**
 * Runs in the page before its own HTML is parsed: a MutationObserver checks
 * each inserted element (its callback runs before the next paint) against
 * the class names in the selectors of the stylesheets applied at that moment,
 * and records every class the whole stylesheet styles that none applied does.
 */
function watchForUnstyledElements() {
  window.unstyled = [];
  window.firstPaintChecked = false;
  let all: Set<string> | null = null;
  const classesIn = (rules: CSSRuleList, into: Set<string>) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) {
        for (const match of rule.selectorText.matchAll(/\.((?:\\.|[\w-])+)/g)) {
          into.add((match[1] ?? "").replace(/\\(.)/g, "$1"));
        }
      }
      if ("cssRules" in rule && rule.cssRules) classesIn(rule.cssRules as CSSRuleList, into);
    }
    return into;
  };
  const applied = () => {
    const found = new Set<string>();
    for (const sheet of Array.from(document.styleSheets)) {
      if (!sheet.disabled) classesIn(sheet.cssRules, found);
    }
    return found;
  };
  const inlineOnly = () => {
    const found = new Set<string>();
    for (const style of Array.from(document.querySelectorAll("style"))) {
      if (style.sheet) classesIn(style.sheet.cssRules, found);
    }
    return found;
  };
  const check = (elements: Element[], now = applied()) => {
    if (!all) return;
    for (const element of elements) {
      for (const name of Array.from(element.classList)) {
        if (all.has(name) && !now.has(name))
          window.unstyled.push(`${location.pathname}: <${element.localName} class="…${name}…">`);
      }
    }
  };
  const pending: Element[] = [];
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (node instanceof Element) pending.push(node, ...Array.from(node.querySelectorAll("[class]")));
      }
    }
    check(pending.splice(0));
  }).observe(document, { childList: true, subtree: true });
  // The whole stylesheet's classes, once its link is in the document (fetched here, not applied).
  // The elements of the page's own HTML, with what was applied when it was parsed (its inline CSS).
  let parsed: { elements: Element[]; classes: string[][]; applied: Set<string> } | null = null;
  document.addEventListener("DOMContentLoaded", () => {
    const elements = Array.from(document.querySelectorAll("[class]"));
    parsed = { elements, classes: elements.map((e) => Array.from(e.classList)), applied: inlineOnly() };
  });
  // The whole stylesheet's classes, once its link is in the document (fetched here, not applied).
  const load = (): unknown => {
    const link = document.querySelector<HTMLLinkElement>("link[rel=stylesheet]");
    if (!link || !parsed) return setTimeout(load, 10);
    void fetch(link.href)
      .then((response) => response.text())
      .then((css) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        all = classesIn(sheet.cssRules, new Set());
        const first = parsed;
        if (!first) return;
        first.elements.forEach((element, i) => {
          for (const name of first.classes[i] ?? []) {
            if (all?.has(name) && !first.applied.has(name)) {
              window.unstyled.push(`${location.pathname} (first paint): <${element.localName} class="…${name}…">`);
            }
          }
        });
        window.firstPaintChecked = true;
      });
  };
  load();
}

test("no element is ever shown unstyled: on a full load and through client-side navigation to every route", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(watchForUnstyledElements);
  const [first, ...rest] = routes;
  if (!first) throw new Error("no routes");
  const found: string[] = [];
  /** What the page recorded so far (a full load, as Vike does for the 404 page, starts a new record). */
  const collect = async () => {
    await page.waitForFunction(() => window.firstPaintChecked);
    found.push(...(await page.evaluate(() => window.unstyled.splice(0))));
  };
  await page.goto(first.path);
  await collect();
  for (const route of rest) {
    // A link the client router handles, as a visitor's click on a link would be.
    await page.evaluate((path) => {
      const link = document.createElement("a");
      link.href = path;
      link.textContent = path;
      document.body.append(link);
      link.click();
    }, route.path);
    await expect(page).toHaveTitle(route.title);
    await collect();
  }
  expect(found).toEqual([]);
});
