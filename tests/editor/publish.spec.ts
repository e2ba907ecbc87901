// Publishing from the editor in a browser, on a project copy made a git
// repository with an upstream: an edit's diff in Changes, committed with the
// owner's message and pushed; a draft article published and committed.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { validateContent } from "../../content/content.ts";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./browser.ts";
import { gitIn, initRepository } from "./support.ts";

test.use({ before: { apply: (root: string) => initRepository(root, { upstream: true }) } });

test("a role edited and saved: its diff in Changes, committed with a message and pushed; axe-clean at 1280 and 390 px", async ({
  page,
  editor,
}) => {
  await page.goto(`${editor.url}#consultants.yaml`);
  const role = page.locator("#root_consultants_1_role");
  await role.fill("Principal Partner");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Saved consultants.yaml");

  await page.getByRole("link", { name: "Changes: commit and push" }).click();
  await expect(page.locator("#file-heading")).toHaveText("Changes");
  await expect(page.getByRole("heading", { name: "1 file changed" })).toBeVisible();
  const file = page.getByRole("region", { name: "data/consultants.yaml changed" });
  await expect(file.locator(".del")).toHaveText("-    role: Senior Partner\n");
  await expect(file.locator(".add")).toHaveText("+    role: Principal Partner\n");
  await expect(page.getByText("upstream origin/main: 0 commits not pushed yet")).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/editor-changes-${width}.png`, fullPage: true });
  }

  const commit = page.getByRole("button", { name: "Commit the 1 file" });
  await expect(commit).toBeDisabled();
  await page.getByLabel("Commit message").fill("Katharina is a Principal Partner");
  await commit.click();
  const result = page.getByText(/^Committed [0-9a-f]+: Katharina is a Principal Partner$/);
  await expect(result).toBeVisible();
  await expect(result).toHaveText(
    `Committed ${gitIn(editor.root, "rev-parse", "--short", "HEAD")}: Katharina is a Principal Partner`,
  );
  await expect(page.getByRole("heading", { name: "No changes since the last commit" })).toBeVisible();
  expect(gitIn(editor.root, "log", "-1", "--format=%s%n%an")).toBe("Katharina is a Principal Partner\nTest Owner");
  expect(gitIn(editor.root, "show", "--name-only", "--format=", "HEAD")).toBe("data/consultants.yaml");
  await expect(page.getByText("1 commit not pushed yet")).toBeVisible();

  await page.getByRole("button", { name: "Push to origin/main" }).click();
  await expect(page.getByText("Pushed. git said:")).toBeVisible();
  await expect(page.locator(".git-output")).toContainText("main -> main");
  expect(gitIn(join(editor.root, "upstream.git"), "rev-parse", "main")).toBe(gitIn(editor.root, "rev-parse", "HEAD"));
  await expect(page.getByText("0 commits not pushed yet")).toBeVisible();
  await page.screenshot({ path: "test-results/editor-changes-pushed.png", fullPage: true });
});

test("a draft article published: the front matter loses draft: true, validate passes, the commit has it", async ({
  page,
  editor,
}) => {
  const path = join(editor.root, "data", "insights", "territory-planning.md");
  const before = await readFile(path, "utf8");
  await page.goto(`${editor.url}#insights/territory-planning.md`);
  const publish = page.getByRole("button", { name: "Publish this article" });
  await expect(publish).toHaveAccessibleDescription("Removes draft: true and dates it today, once the check passes.");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/editor-publish-${width}.png` });
  }
  await publish.click();
  await expect(page.getByRole("status")).toContainText("Published insights/territory-planning.md");
  await expect(page.getByText("Published, dated today.")).toBeFocused();
  await expect(page.locator("#save-state")).toHaveText("Saved");
  await expect(publish).toHaveCount(0);
  const today = new Date().toISOString().slice(0, 10);
  const after = await readFile(path, "utf8");
  expect(after).toBe(before.replace("date: 2026-11-19\n", `date: ${today}\n`).replace("draft: true\n", ""));
  await expect(page.locator(".cm-content")).not.toContainText("draft: true");
  const { diagnostics } = await validateContent(join(editor.root, "data"), { cache: false });
  expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/editor-published.png" });
  // The article's page as the site shows it, now published (the page preview, editor/server/preview.ts).
  await page.getByRole("button", { name: "Show the page /insights/territory-planning" }).click();
  await expect(page.frameLocator("iframe[title^='The page']").locator("main")).toContainText(
    "Territories are usually drawn once",
    { timeout: 45_000 }, // the first page starts the site's renderer
  );

  await page.getByRole("link", { name: "Commit it in Changes" }).click();
  const file = page.getByRole("region", { name: "data/insights/territory-planning.md changed" });
  await expect(file.locator(".del")).toContainText(["-date: 2026-11-19", "-draft: true"]);
  await page.getByLabel("Commit message").fill("Publish: territory planning");
  await page.getByRole("button", { name: "Commit the 1 file" }).click();
  await expect(page.getByText(/^Committed [0-9a-f]+: Publish: territory planning$/)).toBeVisible();
  expect(gitIn(editor.root, "show", "--name-only", "--format=%s", "HEAD")).toBe(
    "Publish: territory planning\n\ndata/insights/territory-planning.md",
  );
});

test("a commit while validate finds an error: refused with the error listed, nothing committed", async ({
  page,
  editor,
}) => {
  const path = join(editor.root, "data", "consultants.yaml");
  await writeFile(path, (await readFile(path, "utf8")).replace("role: Senior Partner", "role: ''"));
  const head = gitIn(editor.root, "rev-parse", "HEAD");
  await page.goto(`${editor.url}#changes`);
  await page.getByLabel("Commit message").fill("A role left empty");
  await page.getByRole("button", { name: "Commit the 1 file" }).click();
  await expect(page.locator(".commit-result .refused")).toHaveText(
    /^not committed: validate finds \d+ errors? in data\/$/,
  );
  await expect(page.getByRole("status")).toHaveText(/^not committed: validate finds/);
  await expect(page.locator(".commit-result li").first()).toContainText("data/consultants.yaml:");
  await expect(page.locator(".commit-result")).toBeFocused();
  expect(gitIn(editor.root, "rev-parse", "HEAD")).toBe(head);
  expect(await axeViolations(page)).toEqual([]);
});

test.describe("a project folder that is no git repository", () => {
  test.use({ before: {} });

  test("the Changes view says so and what to run, with nothing to commit or push", async ({ page, editor }) => {
    await page.goto(`${editor.url}#changes`);
    await expect(page.getByText("this project folder is not in a git repository")).toContainText("run `git init`");
    await expect(page.getByLabel("Commit message")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Push/ })).toHaveCount(0);
  });
});
