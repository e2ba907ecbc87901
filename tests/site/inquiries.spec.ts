import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { e2eDatabase } from "../../playwright.config.ts";
import { retry } from "../../site/generated/behaviour.ts";
import { form } from "../../site/generated/contact.ts";
import { arr, industry, role, timeline } from "../../site/generated/form-options.ts";
import { contact as quick } from "../../site/generated/home.ts";
import { errors, failed, sending, sent } from "../../site/generated/inquiry.ts";
import { firm } from "../../site/generated/site.ts";
import { content } from "../../site/lib/content.ts";
import { defaultLocale, localePath, locales } from "../../site/lib/locale.ts";
import { waitForHydration } from "./support/page.ts";
import { sendQuickInquiry } from "./support/quick-inquiry.ts";

interface Row {
  kind: string;
  name: string;
  email: string;
  company: string;
  role: string | null;
  arr: string | null;
  industry: string | null;
  timeline: string | null;
  challenges: string | null;
  objectives: string | null;
  message: string | null;
  language: string;
}

/** Rows with this e-mail address, read through a connection of the test's own. */
function rowsFor(database: string, email: string): Row[] {
  const db = new Database(database, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT * FROM inquiries WHERE email = ? ORDER BY received_at").all(email) as Row[];
  } finally {
    db.close();
  }
}

/** An e-mail address no other test uses, so rows can be told apart in the shared database. */
function uniqueEmail(testName: string): string {
  return `${testName.replace(/\W+/g, "-").toLowerCase()}-${Date.now()}@example.com`;
}

/** The site's other language (German) and its texts, from its generated modules. */
const german = locales.find((locale) => locale.code !== defaultLocale)?.code ?? "de";
const de = content(german);

async function fillInquiryForm(page: Page, email: string, fields = form.fields): Promise<void> {
  // Within the page's main part: a German label ("Unternehmen") also names a footer navigation.
  const main = page.getByRole("main");
  await main.getByLabel(fields.name.label).fill("  Grace Hopper  ");
  await main.getByLabel(fields.email.label).fill(email);
  await main.getByLabel(fields.company.label).fill("Compiler Labs");
  await main.getByLabel(fields.role.label).selectOption((role[1] ?? role[0])?.value ?? "");
  await main.getByLabel(fields.arr.label).selectOption(arr[2]?.value ?? "");
  await main.getByLabel(fields.industry.label).selectOption(industry[3]?.value ?? "");
  await main.getByLabel(fields.challenges.label).fill("Our pipeline depends on referrals.");
  await main.getByLabel(fields.objectives.label).fill("Twice the qualified meetings by next year.");
  await main.getByLabel(fields.timeline.label).selectOption(timeline[1]?.value ?? "");
}

test.describe("the contact page's inquiry form", () => {
  test("an empty submit shows every required field's error, with the summary focused", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByRole("button", { name: form.submit }).click();
    const summary = page.getByRole("alert").filter({ hasText: errors.summary });
    await expect(summary).toBeFocused();
    const required = (label: string) => errors.required.replaceAll("{label}", label);
    const choose = (label: string) => errors.choice.replaceAll("{label}", label);
    const { fields } = form;
    const expected = [
      required(fields.name.label),
      required(fields.email.label),
      required(fields.company.label),
      choose(fields.role.label),
      choose(fields.arr.label),
      choose(fields.industry.label),
      required(fields.challenges.label),
      required(fields.objectives.label),
    ];
    await expect(summary.getByRole("listitem")).toHaveText(expected);
    // Each error is tied to its field, and the summary links to the field.
    const name = page.getByLabel(fields.name.label);
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription(required(fields.name.label));
    await expect(page.getByLabel(fields.timeline.label)).not.toHaveAttribute("aria-invalid", "true");
    await summary.getByRole("link", { name: required(fields.name.label) }).click();
    await expect(name).toBeFocused();
  });

  test("an invalid e-mail address is caught before sending", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await fillInquiryForm(page, "not-an-address");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    await page.getByRole("button", { name: form.submit }).click();
    await expect(page.getByLabel(form.fields.email.label)).toHaveAccessibleDescription(errors.email);
    expect(posted).toBe(false);
  });

  test("a pasted bidi override in the name gets the server's message before sending", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await fillInquiryForm(page, uniqueEmail("bidi"));
    await page.getByLabel(form.fields.name.label).fill("Grace \u202eHopper");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    await page.getByRole("button", { name: form.submit }).click();
    await expect(page.getByLabel(form.fields.name.label)).toHaveAccessibleDescription(
      errors.characters.replaceAll("{label}", form.fields.name.label),
    );
    expect(posted).toBe(false);
  });

  test("filled in and sent: sending, then sent; a double click stores one row", async ({ page }, info) => {
    const email = uniqueEmail(info.title);
    await page.goto("/contact");
    await waitForHydration(page);
    await fillInquiryForm(page, email);
    // Hold the answer back so the sending state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/inquiries", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: form.submit }).dblclick();
    const button = page.getByRole("button", { name: sending });
    await expect(button).toBeDisabled();
    release();
    const confirmation = page.getByRole("status");
    await expect(confirmation.getByRole("heading", { name: sent.heading })).toBeFocused();
    // Each step is its number (decorative) and its text.
    await expect(confirmation.getByRole("listitem")).toHaveText(sent.steps.map((step, i) => `${i + 1}${step}`));

    const rows = rowsFor(e2eDatabase, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "full",
      name: "Grace Hopper",
      company: "Compiler Labs",
      role: (role[1] ?? role[0])?.value,
      arr: arr[2]?.value,
      industry: industry[3]?.value,
      timeline: timeline[1]?.value,
      message: null,
      language: defaultLocale,
    });
  });

  test("sent from the German page: the sent state in German, the row stored as German", async ({ page }, info) => {
    const email = uniqueEmail(info.title);
    await page.goto(localePath(german, "/contact"));
    await waitForHydration(page);
    await fillInquiryForm(page, email, de.contact.form.fields);
    await page.getByRole("button", { name: de.contact.form.submit }).click();
    await expect(page.getByRole("status").getByRole("heading", { name: de.inquiry.sent.heading })).toBeFocused();
    expect(rowsFor(e2eDatabase, email).map((row) => row.language)).toEqual([german]);
  });

  test("with the server down: the failed state, a retry, then sent once it is back", async ({ page }, info) => {
    const email = uniqueEmail(info.title);
    const server = await startServer();
    try {
      await page.goto(`${server.url}/contact`);
      await waitForHydration(page);
      await fillInquiryForm(page, email);
      // Focusing the form loaded its sending code; let that finish before the server goes.
      await page.waitForLoadState("networkidle");
      await server.stop();

      const attempts: number[] = [];
      page.on("requestfailed", (request) => {
        if (request.url().endsWith("/api/inquiries")) attempts.push(Date.now());
      });
      await page.getByRole("button", { name: form.submit }).click();
      // The retry policy's attempts, with its waits in between (1 s, 2 s by default).
      const waits = Array.from({ length: retry.attempts - 1 }, (_, i) =>
        Math.min(retry.baseDelayMs * retry.factor ** i, retry.maxDelayMs),
      );
      const notice = page.getByRole("alert").filter({ hasText: failed.heading });
      await expect(notice).toBeVisible({ timeout: waits.reduce((a, b) => a + b, 0) + 15_000 });
      await expect(notice).toContainText(failed.network);
      await expect(notice.getByRole("link", { name: firm.email })).toHaveAttribute("href", `mailto:${firm.email}`);
      expect(attempts).toHaveLength(retry.attempts);
      expect(rowsFor(server.database, email)).toHaveLength(0);

      await server.start();
      await notice.getByRole("button", { name: failed.retry }).click();
      await expect(page.getByRole("status").getByRole("heading", { name: sent.heading })).toBeVisible();
      expect(rowsFor(server.database, email)).toHaveLength(1);
    } finally {
      await server.stop();
      server.cleanup();
    }
  });
});

test.describe("the home page's contact block", () => {
  test("sent with JavaScript: the sent state, and the row stored as a quick inquiry", async ({ page }, info) => {
    const email = uniqueEmail(info.title);
    await page.goto("/");
    await waitForHydration(page);
    await sendQuickInquiry(page, email, "We need a pipeline, not a prayer.");
    await expect(page.getByRole("status").getByRole("heading", { name: sent.heading })).toBeFocused();
    expect(rowsFor(e2eDatabase, email)).toEqual([
      expect.objectContaining({
        kind: "quick",
        name: "Ada Lovelace",
        company: "Analytical Engines",
        message: "We need a pipeline, not a prayer.",
        role: null,
      }),
    ]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact block posts, lands on the confirmation page, and the row is stored", async ({ page }, info) => {
    const email = uniqueEmail(info.title);
    await page.goto("/");
    const block = page.locator("form").filter({ has: page.getByRole("button", { name: quick.submit }) });
    await block.getByLabel(quick.fields.name.label).fill("Alan Turing");
    await block.getByLabel(quick.fields.email.label).fill(email);
    await block.getByLabel(quick.fields.company.label).fill("Bletchley Works");
    await block.getByLabel(quick.fields.message.label).fill("Tell me more.");
    await block.getByRole("button", { name: quick.submit }).click();
    await expect(page).toHaveURL(/\/contact\/sent$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sent.heading);
    expect(rowsFor(e2eDatabase, email)).toHaveLength(1);
  });

  test("the inquiry form posts and the row is stored; a blank-looking name comes back with its error", async ({
    page,
  }, info) => {
    const email = uniqueEmail(info.title);
    await page.goto("/contact");
    await fillInquiryForm(page, email);
    // Spaces pass the browser's `required` check; the server's schema trims them.
    await page.getByLabel(form.fields.name.label).fill("   ");
    await page.getByRole("button", { name: form.submit }).click();
    await expect(page.getByLabel(form.fields.name.label)).toHaveAccessibleDescription(
      errors.required.replaceAll("{label}", form.fields.name.label),
    );
    // What was typed is still there.
    await expect(page.getByLabel(form.fields.company.label)).toHaveValue("Compiler Labs");
    expect(rowsFor(e2eDatabase, email)).toHaveLength(0);

    await page.getByLabel(form.fields.name.label).fill("Grace Hopper");
    await page.getByRole("button", { name: form.submit }).click();
    await expect(page).toHaveURL(/\/contact\/sent$/);
    expect(rowsFor(e2eDatabase, email)).toHaveLength(1);
  });

  test("a German inquiry comes back with its error in German, then lands on the German confirmation, stored as German", async ({
    page,
  }, info) => {
    const email = uniqueEmail(info.title);
    const { fields, submit } = de.contact.form;
    await page.goto(localePath(german, "/contact"));
    await fillInquiryForm(page, email, fields);
    // Spaces pass the browser's `required` check; the server's schema trims them, and says so in German.
    const main = page.getByRole("main");
    await main.getByLabel(fields.name.label).fill("   ");
    await page.getByRole("button", { name: submit }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", german);
    await expect(main.getByLabel(fields.name.label)).toHaveAccessibleDescription(
      de.inquiry.errors.required.replaceAll("{label}", fields.name.label),
    );
    await expect(page.getByRole("main")).toContainText(de.inquiry.errors.summary);
    // What was typed is still there, and the form still sends German.
    await expect(main.getByLabel(fields.company.label)).toHaveValue("Compiler Labs");
    await expect(page.locator('main form input[name="language"]')).toHaveValue(german);
    expect(rowsFor(e2eDatabase, email)).toHaveLength(0);

    await main.getByLabel(fields.name.label).fill("Grace Hopper");
    await page.getByRole("button", { name: submit }).click();
    await expect(page).toHaveURL(new RegExp(`${localePath(german, "/contact/sent")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(de.inquiry.sent.heading);
    expect(rowsFor(e2eDatabase, email).map((row) => row.language)).toEqual([german]);
  });

  test("the German contact block posts and lands on the German confirmation page", async ({ page }, info) => {
    const email = uniqueEmail(info.title);
    const { fields, submit } = de.home.contact;
    await page.goto(localePath(german, "/"));
    const block = page.locator("form").filter({ has: page.getByRole("button", { name: submit }) });
    await block.getByLabel(fields.name.label).fill("Alan Turing");
    await block.getByLabel(fields.email.label).fill(email);
    await block.getByLabel(fields.company.label).fill("Bletchley Works");
    await block.getByLabel(fields.message.label).fill("Erzählen Sie mir mehr.");
    await block.getByRole("button", { name: submit }).click();
    await expect(page).toHaveURL(new RegExp(`${localePath(german, "/contact/sent")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(de.inquiry.sent.heading);
    expect(rowsFor(e2eDatabase, email).map((row) => row.language)).toEqual([german]);
  });
});

/** A server of the test's own, on its own port and database, that can be stopped and started again. */
async function startServer() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "e2e-inquiries-"));
  const database = join(dir, "inquiries.db");
  let child: ChildProcess | undefined;
  const server = {
    url: `http://127.0.0.1:${port}`,
    database,
    async start() {
      child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: "127.0.0.1",
          INQUIRY_DB: database,
          INQUIRY_RATE_LIMIT: "1000",
        },
        stdio: ["ignore", "pipe", "inherit"],
      });
      await new Promise<void>((resolve, reject) => {
        child?.stdout?.on("data", (chunk: Buffer) => {
          if (chunk.toString().includes("serving")) resolve();
        });
        child?.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
      });
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once("exit", () => resolve());
        running.kill("SIGTERM");
      });
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
