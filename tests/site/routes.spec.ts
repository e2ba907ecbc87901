// The route table (spec §2): each page's sections, served by the production
// server from the pre-rendered build, in Chromium at desktop width.
import { expect, type Locator, test } from "@playwright/test";
import { plainText } from "../../schemas/phrases.ts";
import * as about from "../../site/generated/about.ts";
import * as approach from "../../site/generated/approach.ts";
import * as clients from "../../site/generated/clients.ts";
import { consultants } from "../../site/generated/consultants.ts";
import * as contact from "../../site/generated/contact.ts";
import * as formOptions from "../../site/generated/form-options.ts";
import * as home from "../../site/generated/home.ts";
import * as people from "../../site/generated/people.ts";
import { firm, pages } from "../../site/generated/site.ts";
import { stats } from "../../site/generated/stats.ts";
import { insightsRoutes } from "./support/insights-routes.ts";
import { linkTable } from "./support/page.ts";
import { expectedInitials, pageRoutes, routes, UNKNOWN_PATH } from "./support/routes.ts";

const squash = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

// Every route's title, headings, header, footer, structure, legal row and
// skip link are checked on the desktop page load of route-widths.spec.ts
// (support/route-chrome.ts); this file holds each page's own sections.

/** The `<section>` (region landmark) labelled by `heading`. */
function region(scope: Locator, heading: string): Locator {
  return scope.getByRole("region", { name: heading, exact: true });
}

test.describe("home page sections", () => {
  test("every section", async ({ page }) => {
    await page.goto("/");

    await test.step("hero: heading with the firm's name, and both buttons", async () => {
      const hero = region(page.locator("main"), home.hero.heading);
      await expect(hero.getByRole("heading", { level: 1 })).toHaveText(home.hero.heading);
      await expect(hero.getByRole("heading", { level: 1 })).toContainText(firm.name);
      await expect(hero.getByText(home.hero.eyebrow, { exact: true })).toBeVisible();
      await expect(hero.getByText(home.hero.lead, { exact: true })).toBeVisible();
      for (const button of [home.hero.primary, home.hero.secondary]) {
        await expect(hero.getByRole("link", { name: button.label, exact: true })).toHaveAttribute("href", button.href);
      }
    });

    await test.step("About Us", async () => {
      const section = region(page.locator("main"), home.about.heading);
      await expect(section.getByText(home.about.eyebrow, { exact: true })).toBeVisible();
      for (const paragraph of home.about.paragraphs.map(plainText)) {
        await expect(section.getByText(paragraph, { exact: true })).toBeVisible();
      }
      await expect(section.getByRole("link", { name: home.about.link.label })).toHaveAttribute(
        "href",
        home.about.link.href,
      );
    });

    await test.step("Our People: six cards, each with initials, name, role and focus, linking to the full card", async () => {
      const section = region(page.locator("main"), home.people.heading);
      await expect(section.getByText(home.people.eyebrow, { exact: true })).toBeVisible();
      await expect(section.getByText(home.people.lead, { exact: true })).toBeVisible();
      const cards = section.getByRole("list").first().getByRole("listitem");
      await expect(cards).toHaveCount(consultants.length);
      expect(consultants).toHaveLength(6);
      for (const [i, consultant] of consultants.entries()) {
        const card = cards.nth(i).getByRole("link");
        await expect(card).toHaveAttribute("href", `/consultants#${consultant.slug}`);
        await expect(card.getByRole("heading", { level: 3 })).toHaveText(consultant.name);
        await expect(card.locator("p")).toHaveText([consultant.role, consultant.focus]);
        await expect(card.locator('span[aria-hidden="true"]')).toHaveText(expectedInitials(consultant.name));
      }
      await expect(section.getByRole("link", { name: home.people.link.label })).toHaveAttribute(
        "href",
        home.people.link.href,
      );
    });

    await test.step("Clients: twelve names, each with its initial", async () => {
      const section = region(page.locator("main"), clients.heading);
      await expect(section.getByText(home.clients.eyebrow, { exact: true })).toBeVisible();
      await expect(section.getByText(home.clients.lead, { exact: true })).toBeVisible();
      const items = section.getByRole("listitem");
      expect(clients.clients).toHaveLength(12);
      await expect(items).toHaveCount(clients.clients.length);
      for (const [i, client] of clients.clients.entries()) {
        await expect(items.nth(i).locator("span")).toHaveText([client.name.charAt(0).toUpperCase(), client.name]);
      }
    });

    await test.step("Our Approach: three numbered columns", async () => {
      const section = region(page.locator("main"), home.approach.heading);
      await expect(section.getByText(home.approach.eyebrow, { exact: true })).toBeVisible();
      const columns = section.getByRole("listitem");
      await expect(columns).toHaveCount(3);
      for (const [i, column] of home.approach.columns.entries()) {
        await expect(columns.nth(i).getByRole("heading", { level: 3 })).toHaveText(column.title);
        await expect(columns.nth(i).locator("p")).toHaveText(column.text);
        await expect(columns.nth(i).locator('span[aria-hidden="true"]')).toHaveText(String(i + 1).padStart(2, "0"));
      }
      await expect(section.getByRole("link", { name: home.approach.link.label })).toHaveAttribute(
        "href",
        home.approach.link.href,
      );
    });

    await test.step("Results: the three figures of data/stats.yaml, value and label", async () => {
      const section = region(page.locator("main"), home.results.heading);
      expect(home.results.stats).toHaveLength(3);
      await expect(section.locator("dd")).toHaveText(home.results.stats.map((id) => stats[id].value));
      await expect(section.locator("dt")).toHaveText(home.results.stats.map((id) => stats[id].label));
    });

    await test.step("contact block: four labelled fields and the Start Scaling Today button", async () => {
      const section = region(page.locator("main"), home.contact.heading);
      await expect(section.getByText(home.contact.lead, { exact: true })).toBeVisible();
      const { fields } = home.contact;
      const controls = [
        [section.getByRole("textbox", { name: fields.name.label, exact: true }), fields.name, "input", "text"],
        [section.getByRole("textbox", { name: fields.email.label, exact: true }), fields.email, "input", "email"],
        [section.getByRole("textbox", { name: fields.company.label, exact: true }), fields.company, "input", "text"],
        [section.getByRole("textbox", { name: fields.message.label, exact: true }), fields.message, "textarea", null],
      ] as const;
      for (const [control, field, tag, type] of controls) {
        await expect(control).toBeVisible();
        await expect(control).toHaveAttribute("placeholder", field.placeholder);
        expect(await control.evaluate((el) => el.tagName.toLowerCase())).toBe(tag);
        if (type) await expect(control).toHaveAttribute("type", type);
      }
      // What a visitor can fill in (the hidden honeypot field is not).
      await expect(section.locator("input:not([type=hidden]), textarea, select").filter({ visible: true })).toHaveCount(
        4,
      );
      await expect(section.getByRole("button", { name: home.contact.submit, exact: true })).toBeVisible();
    });
  });
});

test.describe("about page sections", () => {
  test("every section", async ({ page }) => {
    await page.goto("/about");

    await test.step("introduction and the Premium Partnership Model", async () => {
      const main = page.locator("main");
      for (const paragraph of about.intro.paragraphs) {
        await expect(main.getByText(paragraph, { exact: true })).toBeVisible();
      }
      const partnership = region(main, about.partnership.heading);
      for (const paragraph of about.partnership.paragraphs) {
        await expect(partnership.getByText(paragraph, { exact: true })).toBeVisible();
      }
      await expect(partnership.getByRole("listitem")).toHaveText([...about.partnership.points]);
    });

    await test.step("Our Standards: four numbered items", async () => {
      const section = region(page.locator("main"), about.standards.heading);
      const items = section.getByRole("listitem");
      expect(about.standards.items).toHaveLength(4);
      await expect(items).toHaveCount(4);
      for (const [i, item] of about.standards.items.entries()) {
        await expect(items.nth(i).locator('span[aria-hidden="true"]')).toHaveText(String(i + 1));
        await expect(items.nth(i).getByRole("heading", { level: 3 })).toHaveText(item.title);
        await expect(items.nth(i).locator("p")).toHaveText(item.text);
      }
    });

    await test.step("why scale-ups choose the firm: six cards", async () => {
      const section = region(page.locator("main"), about.why.heading);
      await expect(section.getByRole("heading", { level: 2 })).toContainText(firm.name);
      const cards = section.getByRole("listitem");
      expect(about.why.cards).toHaveLength(6);
      await expect(cards).toHaveCount(6);
      for (const [i, card] of about.why.cards.entries()) {
        await expect(cards.nth(i).getByRole("heading", { level: 3 })).toHaveText(card.title);
        await expect(cards.nth(i).locator("p")).toHaveText(card.text);
      }
    });

    await test.step("closing call to action: Meet Our Consultants and Start a Conversation", async () => {
      const section = region(page.locator("main"), plainText(about.cta.heading));
      await expect(section.getByText(about.cta.text, { exact: true })).toBeVisible();
      expect(await linkTable(section)).toEqual([
        [about.cta.primary.label, "/consultants"],
        [about.cta.secondary.label, "/contact"],
      ]);
    });
  });
});

test.describe("consultants page sections", () => {
  test("every section", async ({ page }) => {
    await page.goto("/consultants");

    await test.step("hero", async () => {
      const hero = region(page.locator("main"), people.hero.heading);
      await expect(hero.getByText(people.hero.lead, { exact: true })).toBeVisible();
    });

    for (const [i, consultant] of consultants.entries()) {
      await test.step(`card ${i + 1}: ${consultant.slug}, every field of the consultant`, async () => {
        for (const list of [consultant.expertise, consultant.achievements, consultant.industries]) {
          expect(list).toHaveLength(3);
        }
        const cards = page.locator("main").getByRole("article");
        await expect(cards).toHaveCount(consultants.length);
        const card = cards.nth(i);
        await expect(card).toHaveAttribute("id", consultant.slug);
        await expect(card).toHaveAccessibleName(consultant.name);
        await expect(card.locator('span[aria-hidden="true"]').first()).toHaveText(expectedInitials(consultant.name));
        await expect(
          card.getByText(`${consultant.arrRange}${people.card.arrFocusSuffix}`, { exact: true }),
        ).toBeVisible();
        await expect(card.getByRole("heading", { level: 2 })).toHaveText(consultant.name);
        await expect(card.getByText(consultant.role, { exact: true })).toBeVisible();
        await expect(card.getByText(consultant.specialization, { exact: true })).toBeVisible();
        await expect(card.getByText(consultant.background, { exact: true })).toBeVisible();
        await expect(card.getByRole("list", { name: people.card.expertise }).getByRole("listitem")).toHaveText([
          ...consultant.expertise,
        ]);
        const achievements = card
          .getByRole("heading", { name: people.card.achievements })
          .locator("xpath=following-sibling::ul[1]/li");
        await expect(achievements).toHaveText([...consultant.achievements]);
        // The data holds option values; the card shows each option's label.
        const industryLabels = consultant.industries.map(
          (value) => formOptions.industry.find((option) => option.value === value)?.label,
        );
        expect(industryLabels).not.toContain(undefined);
        await expect(card.getByRole("list", { name: people.card.industries }).getByRole("listitem")).toHaveText(
          industryLabels as string[],
        );
      });
    }

    await test.step("selection standards and the partnership approach", async () => {
      const section = region(page.locator("main"), people.standards.heading);
      await expect(section.getByText(people.standards.lead, { exact: true })).toBeVisible();
      await expect(section.getByRole("list").first().getByRole("listitem")).toHaveText([...people.standards.items]);
      await expect(section.getByRole("heading", { name: people.standards.partnership.heading })).toBeVisible();
      for (const paragraph of people.standards.partnership.paragraphs) {
        await expect(section.getByText(paragraph, { exact: true })).toBeVisible();
      }
    });

    await test.step("three-step match process", async () => {
      const section = region(page.locator("main"), people.match.heading);
      const steps = section.getByRole("listitem");
      expect(people.match.steps).toHaveLength(3);
      await expect(steps).toHaveCount(3);
      for (const [i, step] of people.match.steps.entries()) {
        await expect(steps.nth(i).getByRole("heading", { level: 3 })).toHaveText(step.title);
        await expect(steps.nth(i).locator("p")).toHaveText(step.text);
      }
    });

    await test.step("buttons to /contact and /approach", async () => {
      const section = region(page.locator("main"), people.cta.heading);
      expect(await linkTable(section)).toEqual([
        [people.cta.primary.label, "/contact"],
        [people.cta.secondary.label, "/approach"],
      ]);
    });
  });
});

test.describe("approach page sections", () => {
  test("every section", async ({ page }) => {
    await page.goto("/approach");

    await test.step("hero names the methodology after the firm", async () => {
      const hero = region(page.locator("main"), approach.hero.heading);
      await expect(hero.getByRole("heading", { level: 1 })).toContainText(firm.name);
      await expect(hero.getByText(approach.hero.lead, { exact: true })).toBeVisible();
    });

    for (const [i, phase] of approach.phases.entries()) {
      await test.step(`phase ${i + 1}: ${phase.slug}, items, claim and outcome with testimonial`, async () => {
        const phases = region(page.locator("main"), approach.labels.phases).locator("ol > li");
        expect(approach.phases).toHaveLength(5);
        await expect(phases).toHaveCount(5);
        const item = phases.nth(i);
        await expect(item).toHaveAttribute("id", phase.slug);
        await expect(item.locator('p[aria-hidden="true"]')).toHaveText(String(i + 1).padStart(2, "0"));
        await expect(item.getByRole("heading", { level: 2 })).toHaveText(
          `${approach.labels.phase} ${i + 1}: ${phase.title}`,
        );
        await expect(item.getByText(phase.summary, { exact: true })).toBeVisible();
        await expect(item.locator("div > ul > li")).toHaveText([...phase.items]);
        if ("claim" in phase) await expect(item.getByText(phase.claim, { exact: true })).toBeVisible();
        const outcome = item.getByRole("group", {
          name: `${approach.labels.outcome} ${approach.labels.phase} ${i + 1}: ${phase.title}`,
        });
        await expect(outcome.getByRole("heading", { level: 3 })).toHaveText(approach.labels.outcome);
        await expect(outcome.getByText(phase.outcome.text, { exact: true })).toBeVisible();
        const { quote, author, role, company } = phase.outcome.testimonial;
        await expect(outcome.locator("blockquote")).toHaveText(`“${quote}”`);
        await expect(outcome.locator("figcaption")).toHaveText(`${author}, ${role}, ${company}`);
      });
    }

    await test.step("stats strip: three figures", async () => {
      const section = region(page.locator("main"), approach.statsStrip.heading);
      expect(approach.statsStrip.stats).toHaveLength(3);
      await expect(section.locator("dd")).toHaveText(approach.statsStrip.stats.map((id) => stats[id].value));
      await expect(section.locator("dt")).toHaveText(approach.statsStrip.stats.map((id) => stats[id].label));
    });

    await test.step("guarantee box", async () => {
      const section = region(page.locator("main"), approach.guarantee.heading);
      await expect(section.getByText(approach.guarantee.text, { exact: true })).toBeVisible();
    });

    await test.step("buttons to /contact and /consultants", async () => {
      const section = region(page.locator("main"), approach.cta.heading);
      expect(await linkTable(section)).toEqual([
        [approach.cta.primary.label, "/contact"],
        [approach.cta.secondary.label, "/consultants"],
      ]);
    });
  });
});

test.describe("contact page sections", () => {
  test("every section", async ({ page }) => {
    await page.goto("/contact");

    await test.step("hero with the 48-hour flow", async () => {
      const hero = region(page.locator("main"), contact.hero.heading);
      await expect(hero.getByText(contact.hero.lead, { exact: true })).toBeVisible();
      const steps = hero.getByRole("listitem");
      await expect(steps).toHaveCount(contact.hero.flow.length);
      for (const [i, step] of contact.hero.flow.entries()) {
        await expect(steps.nth(i)).toHaveText(`${i + 1}${step}`);
      }
    });

    // Spec §3: kind of control, placeholder, required mark, and the select options.
    const { fields } = contact.form;
    const table = [
      { field: fields.name, role: "textbox", tag: "input", type: "text", required: true },
      { field: fields.email, role: "textbox", tag: "input", type: "email", required: true },
      { field: fields.company, role: "textbox", tag: "input", type: "text", required: true },
      { field: fields.role, role: "combobox", tag: "select", options: formOptions.role, required: true },
      { field: fields.arr, role: "combobox", tag: "select", options: formOptions.arr, required: true },
      { field: fields.industry, role: "combobox", tag: "select", options: formOptions.industry, required: true },
      { field: fields.challenges, role: "textbox", tag: "textarea", required: true },
      { field: fields.objectives, role: "textbox", tag: "textarea", required: true },
      { field: fields.timeline, role: "combobox", tag: "select", options: formOptions.timeline, required: false },
    ] as const;

    await test.step("Start Your Growth Partnership: exactly the nine fields", async () => {
      const card = region(page.locator("main"), contact.form.heading);
      await expect(card.getByText(contact.form.lead, { exact: true })).toBeVisible();
      await expect(card.getByText(contact.form.requiredNote, { exact: true })).toBeVisible();
      const labels = await card
        .locator("form label")
        .filter({ visible: true })
        .evaluateAll((all) => all.map((l) => l.textContent));
      expect(labels).toEqual(table.map((row) => `${row.field.label}${row.required ? "*" : ""}`));
      await expect(
        card.locator("form").locator("input:not([type=hidden]), select, textarea").filter({ visible: true }),
      ).toHaveCount(9);
      await expect(card.getByRole("button", { name: contact.form.submit, exact: true })).toHaveAttribute(
        "type",
        "submit",
      );
    });

    for (const row of table) {
      await test.step(`field "${row.field.label}": ${row.tag}${"type" in row ? ` type=${row.type}` : ""}, ${
        row.required ? "required" : "optional"
      }`, async () => {
        const card = region(page.locator("main"), contact.form.heading);
        const control = card.getByRole(row.role, { name: row.field.label, exact: true });
        await expect(control).toBeVisible();
        expect(await control.evaluate((el) => el.tagName.toLowerCase())).toBe(row.tag);
        if ("type" in row) await expect(control).toHaveAttribute("type", row.type);
        if ("placeholder" in row.field) await expect(control).toHaveAttribute("placeholder", row.field.placeholder);
        if (row.required) await expect(control).toHaveAttribute("required", "");
        else await expect(control).not.toHaveAttribute("required");
        if ("options" in row) {
          const options = await control.locator("option").evaluateAll((all) =>
            all.map((o) => ({
              value: o.getAttribute("value"),
              label: o.textContent,
              disabled: o.hasAttribute("disabled"),
            })),
          );
          // A disabled placeholder first; it can never be chosen or sent.
          expect(options[0]).toEqual({ value: "", label: contact.form.selectPlaceholder, disabled: true });
          expect(options.slice(1)).toEqual(
            row.options.map((o) => ({ value: o.value, label: o.label, disabled: false })),
          );
        }
      });
    }

    await test.step("sidebar: the next 48 hours, a success story and direct contact", async () => {
      const { next48, successStory, direct } = contact.sidebar;
      const sidebar = page.getByRole("complementary", { name: next48.heading, exact: true });
      const steps = sidebar.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
      await expect(steps).toHaveCount(next48.steps.length);
      for (const [i, step] of next48.steps.entries()) {
        await expect(steps.nth(i).getByRole("heading", { level: 3 })).toHaveText(step.title);
        await expect(steps.nth(i).locator("p")).toHaveText(step.text);
      }
      await expect(sidebar.getByRole("heading", { name: successStory.heading, exact: true })).toBeVisible();
      await expect(sidebar.getByText(successStory.result, { exact: true })).toBeVisible();
      await expect(sidebar.locator("blockquote")).toHaveText(`“${successStory.quote}”`);
      await expect(sidebar.locator("figcaption")).toHaveText(
        `${successStory.author}, ${successStory.role}, ${successStory.company}`,
      );
      await expect(sidebar.getByRole("heading", { name: direct.heading, exact: true })).toBeVisible();
      const mail = sidebar.getByRole("link", { name: firm.email, exact: true });
      await expect(mail).toHaveAttribute("href", `mailto:${firm.email}`);
      expect(squash(await mail.locator("..").textContent())).toBe(`${direct.emailLabel}: ${firm.email}`);
      await expect(sidebar.getByText(direct.response, { exact: true })).toBeVisible();
      await expect(sidebar.getByText(direct.confidentiality, { exact: true })).toBeVisible();
    });
  });
});

test("the route table covers every page of data/site.yaml, the Insights pages, plus one unknown path", () => {
  // A page added to the data gets an entry in support/routes.ts, and with it every check.
  expect(pageRoutes.filter((r) => !r.path.startsWith("/insights")).map((r) => r.path)).toEqual(
    pages.map((p) => p.path),
  );
  expect(pageRoutes.filter((r) => r.path.startsWith("/insights")).map((r) => r.path)).toEqual(
    insightsRoutes.map((r) => r.path),
  );
  expect(routes.filter((r) => r.status === 404).map((r) => r.path)).toEqual([UNKNOWN_PATH]);
});
