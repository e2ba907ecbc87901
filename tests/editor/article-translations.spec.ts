import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./browser.ts";

const OLD_TITLE = 'title: "CRM hygiene: the few fields and rules that make a pipeline trustworthy"';
const NEW_TITLE = 'title: "CRM hygiene: the fields and rules that make a pipeline trustworthy"';

test.use({
  before: {
    // The English title of an article changes after its German translation was accepted (stale),
    // and another article's German translation is gone (missing).
    async apply(root: string) {
      const path = join(root, "data", "insights", "crm-hygiene.md");
      const source = await readFile(path, "utf8");
      expect(source).toContain(OLD_TITLE);
      await writeFile(path, source.replace(OLD_TITLE, NEW_TITLE));
      await rm(join(root, "data", "insights", "de", "sdr-ramp.md"));
    },
  },
});

test("a German article beside its English: the stale title with its old and new English, marked current as the CLI does", async ({
  page,
  editor,
}) => {
  const lockPath = join(editor.root, "data", "de", "articles.lock.yaml");
  const lockBefore = parse(await readFile(lockPath, "utf8"));
  await page.goto(editor.url);
  await expect(page.getByRole("link", { name: /^insights\/de\/sdr-ramp\.md missing$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^insights\/de\/crm-hygiene\.md 1 stale$/ })).toBeVisible();
  await page.getByRole("link", { name: /^insights\/de\/crm-hygiene\.md/ }).click();

  const source = page.getByRole("region", { name: "English source: data/insights/crm-hygiene.md" });
  const title = source.locator(".source-field.stale");
  await expect(title).toContainText("stale: the English changed since this was translated");
  await expect(title).toContainText(`English when translated${lockBefore["crm-hygiene.title"].en}`);
  await expect(title).toContainText(`English now${NEW_TITLE.slice('title: "'.length, -1)}`);
  await expect(source.locator(".source-field.current")).toHaveCount(2);
  await expect(page.getByRole("textbox", { name: "Front matter and Markdown" })).toHaveAttribute("lang", "de");
  expect(await axeViolations(page)).toEqual([]);

  await source.getByRole("button", { name: "Mark insights/de/crm-hygiene.md as current" }).click();
  await expect(page.getByRole("status")).toContainText("insights/de/crm-hygiene.md marked as current");
  await expect(source.locator(".source-field.current")).toHaveCount(3);
  await expect(source.getByRole("button")).toHaveCount(0);
  // What `npm run translations -- accept de insights/crm-hygiene` writes: the new English title in the lock.
  const lockAfter = parse(await readFile(lockPath, "utf8"));
  expect(lockAfter["crm-hygiene.title"].en).toBe(NEW_TITLE.slice('title: "'.length, -1));
  expect(lockAfter["crm-hygiene.body"]).toEqual(lockBefore["crm-hygiene.body"]);
  await expect(page.getByRole("link", { name: /^insights\/de\/crm-hygiene\.md valid$/ })).toBeVisible();

  // A missing translation opens empty, with the English to translate from.
  await page.getByRole("link", { name: /^insights\/de\/sdr-ramp\.md/ }).click();
  const missing = page.getByRole("region", { name: "English source: data/insights/sdr-ramp.md" });
  await expect(missing.locator(".source-field.missing")).toHaveCount(3);
});
