// The imprint and the privacy notice are one click away from every page, the
// forms say what the data is for, and the notice shows the retention periods
// the server enforces (data/legal.yaml, through {retention.<key>} tokens).
import { expect, test } from "@playwright/test";
import { LEGAL_ROUTES } from "../../schemas/rules/legal.ts";
import { form as contactForm } from "../../site/generated/contact.ts";
import { contact as quick } from "../../site/generated/home.ts";
import { entity, formNotice, imprint, privacy, retention } from "../../site/generated/legal.ts";
import { footer, inquiries } from "../../site/generated/site.ts";
import { linkTable, waitForHydration } from "./support/page.ts";

test.describe("the footer's legal row", () => {
  test("the data links the imprint and the privacy notice", () => {
    expect(footer.legalLinks.map((link) => link.href)).toEqual(expect.arrayContaining([...LEGAL_ROUTES]));
  });

  // The row on every route, from the one page load per route that checks the rest of the page:
  // hydrated in route-widths.spec.ts (support/route-chrome.ts), without JavaScript in no-js.spec.ts.

  test("following the footer's link from the 404 page reaches the privacy notice", async ({ page }) => {
    await page.goto("/this-page-does-not-exist");
    await waitForHydration(page);
    const link = footer.legalLinks.find((l) => l.href === "/privacy");
    await page.getByRole("contentinfo").getByRole("link", { name: link?.label, exact: true }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(privacy.hero.heading);
  });
});

test.describe("the notice at both forms", () => {
  const forms = [
    { path: "/contact", submit: contactForm.submit },
    { path: "/", submit: quick.submit },
  ];
  for (const { path, submit } of forms) {
    test(`${path}: one line beside the submit button, linking to the privacy notice, and no consent box`, async ({
      page,
    }) => {
      await page.goto(path);
      await waitForHydration(page);
      const button = page.getByRole("button", { name: submit, exact: true });
      const form = page.locator("form").filter({ has: button });
      await expect(button).toHaveAccessibleDescription(`${formNotice.text} ${formNotice.link.label}`);
      const link = form.getByRole("link", { name: formNotice.link.label, exact: true });
      await expect(link).toHaveAttribute("href", formNotice.link.href);
      await expect(form.getByRole("checkbox")).toHaveCount(0);
      // Beside the button: the same row from the sm breakpoint on (this test runs at 1280 px).
      const [b, n] = await Promise.all([button.boundingBox(), link.boundingBox()]);
      if (!b || !n) throw new Error("button or notice not rendered");
      expect(n.x).toBeGreaterThan(b.x + b.width);
      expect(Math.abs(n.y + n.height / 2 - (b.y + b.height / 2))).toBeLessThan(b.height);
    });
  }

  test("the form the server renders again after a post without JavaScript carries the notice too", async ({
    request,
  }) => {
    for (const kind of ["full", "quick"]) {
      const response = await request.post(inquiries.endpoint, { form: { kind } });
      expect(response.status()).toBe(422);
      const html = await response.text();
      expect(html).toContain(formNotice.text);
      expect(html).toContain(`href="${formNotice.link.href}"`);
      expect(html).not.toContain('type="checkbox"');
    }
  });
});

test.describe("the privacy notice", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/privacy");
  });

  test("states each retention period the server enforces, as the number in data/legal.yaml", async ({ page }) => {
    const main = page.getByRole("main");
    const inquiriesPart = main.getByRole("region", { name: privacy.inquiries.heading, exact: true });
    await expect(inquiriesPart).toContainText(`${retention.inquiryDays} days after it arrives`);
    await expect(inquiriesPart).toContainText(`${retention.deadMessageDays} days`);
    const counts = main.getByRole("region", { name: privacy.visits.heading, exact: true });
    await expect(counts).toContainText(`for ${retention.visitCountDays} days`);
    const abuse = main.getByRole("region", { name: privacy.abuse.heading, exact: true });
    await expect(abuse).toContainText(`covers ${retention.rateLimitWindowSeconds} seconds`);
    await expect(main.getByRole("region", { name: privacy.glance.heading, exact: true })).toContainText(
      `${retention.inquiryDays} days`,
    );
  });

  test("names the controller in an <address>, and every right of Art. 15-21 with its article", async ({ page }) => {
    const controller = page.getByRole("region", { name: privacy.controller.heading, exact: true });
    const address = controller.locator("address");
    await expect(address).toContainText(entity.legalName);
    await expect(address).toContainText(`${entity.address.postalCode} ${entity.address.city}`);
    await expect(address.getByRole("link", { name: entity.email })).toHaveAttribute("href", `mailto:${entity.email}`);
    const rights = page.getByRole("region", { name: privacy.rights.heading, exact: true });
    await expect(rights.locator("dt")).toHaveText(privacy.rights.items.map((r) => `${r.name} (${r.article})`));
    expect(privacy.rights.items.map((r) => r.article)).toEqual([
      "Art. 15",
      "Art. 16",
      "Art. 17",
      "Art. 18",
      "Art. 20",
      "Art. 21",
    ]);
  });

  test("its contents link to every section", async ({ page }) => {
    const contents = page.getByRole("navigation", { name: privacy.contentsLabel, exact: true });
    const headings = await page.locator("main h2").allTextContents();
    expect((await linkTable(contents)).map(([text]) => text)).toEqual(headings);
    for (const [, href] of await linkTable(contents)) {
      await expect(page.locator(`main h2`).and(page.locator(`${href} > h2`))).toHaveCount(1);
    }
  });
});

test("the imprint lists the entity's details as a definition list, the postal address in <address>", async ({
  page,
}) => {
  await page.goto("/imprint");
  const details = page.getByRole("main").locator("dl");
  const labels = imprint.labels;
  await expect(details.locator("dt")).toHaveText([
    labels.company,
    labels.address,
    labels.directors,
    labels.register,
    labels.vatId,
    labels.email,
    labels.phone,
    labels.contentResponsible,
  ]);
  const value = (label: string) => details.locator("div").filter({ has: page.getByText(label, { exact: true }) });
  await expect(value(labels.company).locator("dd")).toHaveText(`${entity.legalName}${entity.legalForm}`);
  await expect(value(labels.address).locator("dd address")).toContainText(entity.address.street);
  await expect(value(labels.directors).getByRole("listitem")).toHaveText([...entity.managingDirectors]);
  await expect(value(labels.register).locator("dd")).toHaveText(`${entity.register.court}${entity.register.number}`);
  await expect(value(labels.vatId).locator("dd")).toHaveText(entity.vatId);
  await expect(value(labels.phone).getByRole("link")).toHaveAttribute(
    "href",
    `tel:${entity.phone.replace(/\s+/g, "")}`,
  );
});
