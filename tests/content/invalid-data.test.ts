// Each case is the shipped data with one mistake, run through the real CLI
// process as a content owner would (`npm run validate` in the project root):
// exit 1, and the report names the exact file:line:col, the message and a hint.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, it } from "vitest";
import { MAX_FILE_BYTES } from "../../content/load.ts";
import {
  blockOf,
  DATA,
  type Edit,
  ensureBundle,
  filesCheckedIn,
  fixture,
  makeProject,
  remove,
  replace,
  runCli,
  shipped,
  summaryOf,
} from "../support/cli.ts";

beforeAll(ensureBundle);

// Expected values that follow the data rather than the test.
const target = shipped<{ stats: { targetArr: { value: string } } }>("stats.yaml").stats.targetArr.value;
const slugs = shipped<{ consultants: Array<{ slug: string }> }>("consultants.yaml").consultants.map((c) => c.slug);
const firm = shipped<{ firm: { legalName: string; email: string } }>("site.yaml").firm;
const firmDomain = firm.email.split("@")[1];
const industryValues = shipped<{ industry: Array<{ value: string }> }>("form-options.yaml").industry.map(
  (o) => o.value,
);
const clientsText = readFileSync(join(DATA, "clients.yaml"), "utf8");
/** The line of site.yaml's first footer legal link (the list's first item), read from the data. */
const firstLegalLinkLine = readFileSync(join(DATA, "site.yaml"), "utf8").split("\n").indexOf("  legalLinks:") + 2;
const latin1At = clientsText.indexOf("name: Pipewell") + "name: Pip".length;

const latin1: Edit = (text) => Buffer.from(text.replace("name: Pipewell", "name: Pipéwell"), "latin1");
const oversize: Edit = (text) => `${text}#${"x".repeat(MAX_FILE_BYTES - Buffer.byteLength(text) - 1)}\n`;

type Case = [name: string, file: string, edit: Edit, at: string, message: string, hint: string];

const yamlCases: Case[] = [
  [
    "YAML syntax error: a quote never closed",
    "behaviour.yaml",
    fixture("unclosed-quote.yaml"),
    "behaviour.yaml:3:22",
    'YAML: this " opens a quoted text that is never closed',
    'end the text with " on the same line',
  ],
  [
    "YAML syntax error: an unquoted value containing a colon",
    "clients.yaml",
    fixture("colon-in-value.yaml"),
    "clients.yaml:2:10",
    "YAML: Nested mappings are not allowed in compact mappings",
    'a value that contains ": " must be in quotes; otherwise, is this line indented too much?',
  ],
  [
    "duplicate key",
    "behaviour.yaml",
    fixture("duplicate-key.yaml"),
    "behaviour.yaml:7:3",
    "YAML: Map keys must be unique",
    "a key may appear once per mapping; remove or rename one of them",
  ],
  [
    "tab indentation",
    "behaviour.yaml",
    fixture("tab-indentation.yaml"),
    "behaviour.yaml:6:1",
    "YAML: Tabs are not allowed as indentation",
    "indent with spaces; YAML does not allow tabs for indentation",
  ],
  [
    "alias bomb (billion laughs)",
    "behaviour.yaml",
    fixture("alias-bomb.yaml"),
    "behaviour.yaml:3:8",
    "aliases expand to too many nodes (more than 100); refused without expanding them",
    "write the content out instead of nesting *aliases; data files do not need anchors",
  ],
  [
    "empty file",
    "behaviour.yaml",
    fixture("empty-file.yaml"),
    "behaviour.yaml:1:1",
    "file is empty",
    "the file needs its content; see the other files in data/ for the shape",
  ],
  [
    "a file of comments only",
    "behaviour.yaml",
    fixture("comments-only.yaml"),
    "behaviour.yaml:1:1",
    "file is empty",
    "the file needs its content; see the other files in data/ for the shape",
  ],
  [
    "two YAML documents in one file",
    "behaviour.yaml",
    fixture("multiple-documents.yaml"),
    "behaviour.yaml:8:1",
    "YAML: the file holds more than one document",
    "a data file holds one document; remove the `---` line",
  ],
  [
    "a list used as a key",
    "behaviour.yaml",
    replace("form:\n", "? [form, forms]\n: 1\nform:\n"),
    "behaviour.yaml:14:3",
    "a key must be plain text, not a list or a mapping",
    "write the key as a word followed by a colon, like `heading:`",
  ],
  [
    "top level is a list, not a mapping",
    "clients.yaml",
    fixture("top-level-list.yaml"),
    "clients.yaml:2:1",
    "expected the file to hold a mapping (`key: value` lines) at the top, got a list of 12",
    "clients shown on the home page",
  ],
  [
    "missing data file",
    "behaviour.yaml",
    remove,
    "behaviour.yaml:1:1",
    "missing data file",
    "create data/behaviour.yaml; the site needs every data file",
  ],
  [
    "not UTF-8 (saved as Latin-1)",
    "clients.yaml",
    latin1,
    "clients.yaml:7:14",
    `file is not valid UTF-8: byte 0xE9 at offset ${latin1At}`,
    "save the file with UTF-8 encoding (most editors: File > Save with Encoding > UTF-8)",
  ],
  [
    "over 1 MiB",
    "behaviour.yaml",
    oversize,
    "behaviour.yaml:1:1",
    "file is 1.0 MiB (1048577 bytes), over the 1 MiB limit for a data file",
    "data files hold text content; split the file or remove what does not belong in it",
  ],
];

const schemaCases: Case[] = [
  [
    "wrong type: text where a number belongs",
    "behaviour.yaml",
    replace("scrollThresholdPx: 60", "scrollThresholdPx: sixty"),
    "behaviour.yaml:4:22",
    'header.scrollThresholdPx: expected a number, got "sixty"',
    "scroll position above which scrolling up gives the header its scrolled look, in CSS pixels",
  ],
  [
    "wrong type: a list where text belongs",
    "consultants.yaml",
    replace("arrRange: 1M-20M", "arrRange: [1M, 20M]"),
    "consultants.yaml:11:15",
    "consultants[0].arrRange: expected text, got a list of 2",
    'ARR range the consultant focuses on: write both ends in millions with an M, low before high, like "2M-25M"',
  ],
  [
    "missing required field",
    "consultants.yaml",
    replace("    role: Managing Partner\n", ""),
    "consultants.yaml:6:5",
    "consultants[0].role: missing required field `role`",
    "add `role:` (title in the firm, like Managing Partner)",
  ],
  [
    "unknown key, with a suggestion",
    "consultants.yaml",
    replace("arrRange: 1M-20M", "arrRnage: 1M-20M"),
    "consultants.yaml:11:5",
    "consultants[0].arrRnage: unknown key `arrRnage`",
    "did you mean `arrRange`?",
  ],
  [
    "unknown key, with the keys allowed",
    "behaviour.yaml",
    replace("  sideOffsetPx: 4\n", "  sideOffsetPx: 4\n  animation: fade\n"),
    "behaviour.yaml:9:3",
    "tooltip.animation: unknown key `animation`",
    "allowed keys here: `openDelayMs`, `skipDelayMs`, `sideOffsetPx`",
  ],
  [
    "arrRange not written as <n>M-<m>M",
    "consultants.yaml",
    replace("arrRange: 5M-50M", "arrRange: 5-50"),
    "consultants.yaml:35:15",
    'consultants[1].arrRange: must be a range like "2M-25M", got "5-50"',
    'ARR range the consultant focuses on: write both ends in millions with an M, low before high, like "2M-25M"',
  ],
  [
    "arrRange low end above the high end",
    "consultants.yaml",
    replace("arrRange: 5M-50M", "arrRange: 50M-5M"),
    "consultants.yaml:35:15",
    'consultants[1].arrRange: the low end must be below the high end, got "50M-5M"',
    'ARR range the consultant focuses on: write both ends in millions with an M, low before high, like "2M-25M"',
  ],
  [
    "arrRange low end equal to the high end",
    "consultants.yaml",
    replace("arrRange: 5M-50M", "arrRange: 5M-5M"),
    "consultants.yaml:35:15",
    'consultants[1].arrRange: the low end must be below the high end, got "5M-5M"',
    'ARR range the consultant focuses on: write both ends in millions with an M, low before high, like "2M-25M"',
  ],
  [
    "a list fixed at three entries with two",
    "consultants.yaml",
    replace("      - Enterprise deal strategy\n", ""),
    "consultants.yaml:41:7",
    "consultants[1].expertise: must have exactly 3 areas of expertise, got 2",
    "Exactly 3 areas of expertise",
  ],
  [
    "a list fixed at three entries with four",
    "consultants.yaml",
    replace("      - Enterprise deal strategy\n", "      - Enterprise deal strategy\n      - Negotiation\n"),
    "consultants.yaml:41:7",
    "consultants[1].expertise: must have exactly 3 areas of expertise, got 4",
    "Exactly 3 areas of expertise",
  ],
  [
    "select option value empty",
    "form-options.yaml",
    replace("value: cro", 'value: ""'),
    "form-options.yaml:7:12",
    'role[1].value: must be a non-empty, lower-case value of letters, digits, "-" and "+", like `head-sales` or `50m+`, got ""',
    "what is stored when the option is chosen",
  ],
  [
    "select option value not slug-like",
    "form-options.yaml",
    replace("value: cro", "value: CRO Sales"),
    "form-options.yaml:7:12",
    'role[1].value: must be a non-empty, lower-case value of letters, digits, "-" and "+", like `head-sales` or `50m+`, got "CRO Sales"',
    "what is stored when the option is chosen",
  ],
];

const ruleCases: Case[] = [
  [
    "a translation not under its own prefix",
    "locales.yaml",
    replace("pathPrefix: /de", "pathPrefix: /en"),
    "locales.yaml:16:17",
    'locales[1].pathPrefix: the pages in Deutsch must live at "/de", got "/en"',
    "write pathPrefix: /de (the language's code)",
  ],
  [
    "an Intl tag of another language",
    "locales.yaml",
    replace("intl: de-DE", "intl: da-DK"),
    "locales.yaml:14:11",
    'locales[1].intl: "da-DK" is not a tag of the language `de`',
    'start it with the code: "de-…"',
  ],
  [
    "a default language that is not listed",
    "locales.yaml",
    replace("defaultLocale: en", "defaultLocale: eb"),
    "locales.yaml:5:16",
    "defaultLocale: the default language `eb` is not in the list",
    "did you mean `en`?",
  ],
  [
    "duplicate consultant slug",
    "consultants.yaml",
    replace("slug: marco-bellini", `slug: ${slugs[0]}`),
    "consultants.yaml:30:11",
    `consultants[1].slug: duplicate slug "${slugs[0]}": already used by consultants[0]`,
    "each slug must be unique; remove the duplicate or change one of them",
  ],
  [
    "client names equal ignoring case",
    "clients.yaml",
    replace("name: Salesgrid", "name: pipewell"),
    "clients.yaml:13:11",
    'clients[8].name: duplicate client name (ignoring case) "pipewell": already used by clients[2]',
    "each client name (ignoring case) must be unique; remove the duplicate or change one of them",
  ],
  [
    "select option value duplicate",
    "form-options.yaml",
    replace("value: cro", "value: ceo"),
    "form-options.yaml:7:12",
    'role[1].value: duplicate option value "ceo": already used by role[0]',
    "each option value must be unique; remove the duplicate or change one of them",
  ],
  [
    "a consultant's industry written as the option's label",
    "consultants.yaml",
    replace("- logistics\n      - enterprise", "- LogisticsTech\n      - enterprise"),
    "consultants.yaml:49:9",
    'consultants[1].industries[0]: unknown industry "LogisticsTech": not a value of the inquiry form\'s industry options',
    'did you mean `logistics`? (the value of the option "LogisticsTech" in form-options.yaml)',
  ],
  [
    "an ARR option value that is not a band (the consultant match reads it)",
    "form-options.yaml",
    replace("value: 2-5m", "value: 2-5"),
    "form-options.yaml:20:12",
    'arr[1].value: the ARR option value "2-5" does not read as a band of ARR',
    'write the band in millions, like "2-5m", or open-ended like "50m+"',
  ],
  [
    "a delivery schedule that shrinks",
    "behaviour.yaml",
    replace("[0, 5, 60, 300, 1800", "[0, 5, 60, 30, 1800"),
    "behaviour.yaml:20:31",
    "delivery.scheduleSeconds[3]: the schedule must not shrink: 30 comes after 60",
    "write the waits in ascending order",
  ],
  [
    "a delivery schedule that does not start at once",
    "behaviour.yaml",
    replace("[0, 5, 60,", "[1, 5, 60,"),
    "behaviour.yaml:20:21",
    "delivery.scheduleSeconds[0]: the first attempt must be at once (0), got 1",
    "start the schedule with 0",
  ],
  [
    "giving up before the delivery schedule ends",
    "behaviour.yaml",
    replace("giveUpAfterSeconds: 259200", "giveUpAfterSeconds: 3600"),
    "behaviour.yaml:24:23",
    "delivery.giveUpAfterSeconds: giving up after 3600 s cuts the schedule short: its last attempt is 30965 s after the first",
    "give up no earlier than the schedule's last attempt (the sum of its waits)",
  ],
  [
    "a delivery lease no longer than an attempt",
    "behaviour.yaml",
    replace("leaseSeconds: 60", "leaseSeconds: 15"),
    "behaviour.yaml:27:17",
    "delivery.leaseSeconds: the lease (15 s) must be longer than one attempt may take (15 s)",
    "otherwise a second server takes a message still being delivered and the firm gets it twice",
  ],
  [
    "a delivery jitter above 1",
    "behaviour.yaml",
    replace("jitter: 0.2", "jitter: 1.5"),
    "behaviour.yaml:25:11",
    "delivery.jitter: Too big: expected number to be <=1, got the number 1.5",
    "Each wait varies by up to this fraction either way (0.2: ±20 %), so messages spread out",
  ],
  [
    "a consultant's industry the form does not offer",
    "consultants.yaml",
    replace("- logistics\n      - enterprise", "- aerospace\n      - enterprise"),
    "consultants.yaml:49:9",
    'consultants[1].industries[0]: unknown industry "aerospace": not a value of the inquiry form\'s industry options',
    `the industry values in form-options.yaml are ${industryValues.map((v) => `\`${v}\``).join(", ")}`,
  ],
  [
    "arrRange outside the firm's target range",
    "consultants.yaml",
    replace("arrRange: 5M-50M", "arrRange: 5M-60M"),
    "consultants.yaml:35:15",
    `consultants[1].arrRange: "5M-60M" lies outside the firm's target range ${target}`,
    `keep both ends within ${target} (stats.yaml, targetArr)`,
  ],
  [
    "internal link to a page that does not exist",
    "home.yaml",
    replace("href: /about", "href: /abut"),
    "home.yaml:31:11",
    'about.link.href: link to "/abut", but the site has no page at /abut',
    "did you mean `/about`?",
  ],
  [
    "link to an unknown consultant",
    "home.yaml",
    replace("href: /consultants", "href: /consultants#nobody"),
    "home.yaml:42:11",
    'people.link.href: link to "/consultants#nobody", but /consultants has no section #nobody',
    `the sections of /consultants are ${slugs.map((slug) => `\`${slug}\``).join(", ")}`,
  ],
  [
    "link to a misspelt consultant",
    "home.yaml",
    replace("href: /consultants", `href: /consultants#${slugs[1]?.slice(0, -1)}`),
    "home.yaml:42:11",
    `people.link.href: link to "/consultants#${slugs[1]?.slice(0, -1)}", but /consultants has no section #${slugs[1]?.slice(0, -1)}`,
    `did you mean \`${slugs[1]}\`?`,
  ],
  [
    "unknown {stats.x} token",
    "home.yaml",
    replace("{stats.verifiedRevenue}", "{stats.verifiedRevenu}"),
    "home.yaml:38:5",
    "people.lead: unknown figure in {stats.verifiedRevenu}",
    "did you mean `{stats.verifiedRevenue}`?",
  ],
  [
    "unknown {firm.x} token",
    "home.yaml",
    replace("{firm.name} partner.", "{firm.nam} partner."),
    "home.yaml:48:5",
    "clients.lead: unknown firm field in {firm.nam}",
    "did you mean `{firm.name}`?",
  ],
  [
    "unknown figure id in the home page results",
    "home.yaml",
    replace("    - meetingsLift\n", "    - meetingLift\n"),
    "home.yaml:75:7",
    'results.stats[1]: unknown figure "meetingLift": not a figure of stats.yaml',
    "did you mean `meetingsLift`?",
  ],
  [
    "unknown {retention.x} token",
    "legal.yaml",
    replace(
      "{retention.inquiryDays} days after it arrives, sooner",
      "{retention.inquiryDay} days after it arrives, sooner",
    ),
    "legal.yaml:81:30",
    "privacy.glance.items[1]: unknown retention period in {retention.inquiryDay}",
    "did you mean `{retention.inquiryDays}`?",
  ],
  // A brace that is not a token's, at the brace itself (issue 42): the nearest token, and how to write a brace.
  [
    "a { never closed, in a folded block",
    "home.yaml",
    replace("{stats.targetArr} ARR.", "{stats.targetArr ARR."),
    "home.yaml:9:28",
    "hero.lead: `{stats.targetArr` is never closed: a token ends with `}`",
    "did you mean `{stats.targetArr}`? (a brace meant as a brace is written twice: `{{`)",
  ],
  [
    "a } without its {, after a YAML escape in double quotes",
    "home.yaml",
    replace(
      "heading: Consultants who have carried a number",
      'heading: "Consultants \\u00e9 stats.seniority} carried"',
    ),
    "home.yaml:35:47",
    "people.heading: a `}` without its `{`",
    "did you mean `{stats.seniority}`? (a brace meant as a brace is written twice: `}}`)",
  ],
  [
    "a {name} that is not a token",
    "home.yaml",
    replace("{stats.verifiedRevenue} in verified", "{stat.verifiedRevenue} in verified"),
    "home.yaml:38:5",
    "people.lead: `{stat.verifiedRevenue}` is not a token",
    "did you mean `{stats.verifiedRevenue}`? (a brace meant as a brace is written twice: `{{`)",
  ],
  [
    "a placeholder the text does not have",
    "inquiry.yaml",
    replace('required: "{label} is required."', 'required: "{labels} is required."'),
    "inquiry.yaml:7:14",
    "errors.required: `{labels}` is not a token",
    "did you mean `{label}`? (a brace meant as a brace is written twice: `{{`)",
  ],
  [
    "a { never closed in a translation",
    "de/home.yaml",
    replace("mit {stats.targetArr} ARR auf", "mit {stats.targetArr ARR auf"),
    "de/home.yaml:8:50",
    "hero.lead: `{stats.targetArr` is never closed: a token ends with `}`",
    "did you mean `{stats.targetArr}`? (a brace meant as a brace is written twice: `{{`)",
  ],
  [
    "a footer without the privacy notice",
    "site.yaml",
    replace("      href: /privacy\n", "      href: /contact\n"),
    `site.yaml:${firstLegalLinkLine}:5`,
    "footer.legalLinks: the footer does not link to /privacy",
    "every page must link to the imprint and the privacy notice: add `- { label: …, href: /privacy }`",
  ],
  [
    "a retention period the privacy notice does not state",
    "legal.yaml",
    replace("{retention.deadMessageDays} days", "30 days"),
    "legal.yaml:30:20",
    "retention.deadMessageDays: the privacy notice does not state the period `deadMessageDays`",
    "say it in a text under `privacy:` with {retention.deadMessageDays}, so the page shows the number the server enforces",
  ],
  [
    "a legal entity that is not the firm of site.yaml",
    "legal.yaml",
    replace("legalName: Nordstern Partners GmbH", "legalName: Polaris Partners GmbH"),
    "legal.yaml:7:14",
    `entity.legalName: "Polaris Partners GmbH" is not the firm of site.yaml ("${firm.legalName}")`,
    `start the registered name with "${firm.legalName}" and add the legal form, like "${firm.legalName} GmbH"`,
  ],
  [
    "a legal contact address outside the firm's domain",
    "legal.yaml",
    replace(`privacy@${firmDomain}`, "privacy@elsewhere.test"),
    "legal.yaml:21:10",
    `entity.email: privacy@elsewhere.test is not at the firm's domain ${firmDomain}`,
    `use an address at ${firmDomain}, like the partners' ${firm.email}`,
  ],
];

describe.each([
  ["YAML and file problems", yamlCases],
  ["schema problems", schemaCases],
  ["cross-file rules", ruleCases],
])("validate reports %s", (_group, cases) => {
  // Each case is its own process in its own folder, so they run side by side.
  it.concurrent.for(cases)("%s", async ([_name, file, edit, at, message, hint], { expect, onTestFinished }) => {
    const project = makeProject({ [file]: edit });
    onTestFinished(project.cleanup);
    const run = await runCli(["validate"], { cwd: project.root });

    expect(run.stderr).toBe("");
    expect(run.code, run.stdout).toBe(1);
    const block = blockOf(run.stdout, `data/${at} error  ${message}`);
    expect(block, `no diagnostic "data/${at} error  ${message}" in:\n${run.stdout}`).toBeDefined();
    expect(block?.at(-1)).toBe(`   hint: ${hint}`);
    expect(summaryOf(run.stdout)?.errors).toBeGreaterThanOrEqual(1);
  });
});

describe("validate reports a placeholder link", () => {
  it('as a warning, and still exits 0: "#" is allowed until the page exists', async ({ expect, onTestFinished }) => {
    const project = makeProject({ "home.yaml": replace("href: /about", 'href: "#"') });
    onTestFinished(project.cleanup);
    const run = await runCli(["validate"], { cwd: project.root });

    expect(run.code, run.stdout).toBe(0);
    const block = blockOf(
      run.stdout,
      'data/home.yaml:31:11 warning  about.link.href: placeholder link "#" leads nowhere',
    );
    expect(block, run.stdout).toBeDefined();
    expect(block?.at(-1)).toBe("   hint: point it at a page when one exists; until then it is shown as a placeholder");
    expect(summaryOf(run.stdout)).toEqual({ errors: 0, warnings: 1, files: 1, checked: filesCheckedIn(DATA) });
  });
});
