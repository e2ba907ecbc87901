// The editor's warm check (issue 39, item 4): an edit is checked in place, in
// the editor's process, from memos of what did not change, and answers what
// `validate` answers on the same content written to disk. Memos never outlive
// what they were made from: an edit undone, a file changed on disk, an article
// deleted and restored.
import fs from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateContent } from "../../content/content.ts";
import type { Diagnostic } from "../../content/diagnostic.ts";
import { RACY_MS } from "../../content/session.ts";
import { type Checker, createChecker } from "../../editor/server/check.ts";
import { copyProject } from "./support.ts";

let root: string;
let checker: Checker;
const data = (file: string) => join(root, "data", file);
const read = (file: string) => readFile(data(file), "utf8");

/** A diagnostic as seen from its data folder, so that two copies compare. */
const shown = (dataDir: string) => (d: Diagnostic) => {
  const file = relative(dataDir, resolve(d.file)).split("\\").join("/");
  return `${file}:${d.line}:${d.column} ${d.severity} ${d.message}`;
};

/** What the cold CLI path says of data/ with `edits` written to a copy of it. */
async function coldCheck(edits: ReadonlyMap<string, string | null>): Promise<string[]> {
  const copy = await mkdtemp(join(tmpdir(), "warm-check-cold-"));
  try {
    await cp(join(root, "data"), join(copy, "data"), { recursive: true });
    await cp(join(root, "site", "public"), join(copy, "site", "public"), { recursive: true });
    for (const [file, text] of edits) {
      if (text === null) await rm(join(copy, "data", file));
      else await writeFile(join(copy, "data", file), text);
    }
    const result = await validateContent(join(copy, "data"), { cache: false });
    return result.diagnostics.map(shown(join(copy, "data")));
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

async function warmCheck(edits: ReadonlyMap<string, string | null>): Promise<string[]> {
  return (await checker.check(edits)).diagnostics.map(shown(join(root, "data")));
}

/** Waits until a file just written is older than the racy window, so its stamp is trusted and memoized. */
const settle = () => new Promise((done) => setTimeout(done, RACY_MS + 50));

/**
 * Notes every path under `folder` that node:fs's `name` is called with, until the returned function
 * restores it (node:fs's exports are writable at run time, as tests/support/count-reads.mjs uses them;
 * its types say read-only).
 */
function noteCalls(name: "statSync" | "openSync", folder: string, seen: string[]): () => void {
  const patchable = fs as unknown as Record<string, (...args: unknown[]) => unknown>;
  const original = patchable[name] as (...args: unknown[]) => unknown;
  patchable[name] = (...args: unknown[]) => {
    if (String(args[0]).startsWith(folder)) seen.push(String(args[0]));
    return original(...args);
  };
  syncBuiltinESMExports();
  return () => {
    patchable[name] = original;
    syncBuiltinESMExports();
  };
}

beforeAll(async () => {
  root = await copyProject();
  checker = await createChecker(root);
  await settle();
  await checker.check();
}, 120_000);

afterAll(async () => {
  await checker?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe("the warm check", () => {
  it("answers what validate answers on the same content written to disk, edit by edit", async () => {
    const consultants = await read("consultants.yaml");
    const article = await read("insights/crm-hygiene.md");
    const german = await read("de/home.yaml");
    const sdrRamp = await read("insights/sdr-ramp.md");
    const cases: [string, Map<string, string | null>][] = [
      ["nothing changed", new Map()],
      [
        "a range high end first",
        new Map([["consultants.yaml", consultants.replace(/arrRange: "?[^\n"]+"?/, 'arrRange: "20M-2M"')]]),
      ],
      [
        "a broken link",
        new Map([["insights/crm-hygiene.md", `${article}\nSee [the plan](/insights/no-such-article).\n`]]),
      ],
      ["an article deleted", new Map([["insights/crm-hygiene.md", null]])],
      ["an article added", new Map([["insights/fresh-one.md", article.replace(/title: .*/, "title: A fresh one")]])],
      ["a German text emptied", new Map([["de/home.yaml", german.replace(/(\n\s+heading: ).*/, "$1")]])],
      ["not YAML at all", new Map([["consultants.yaml", "consultants: [\n"]])],
      // The targets of other articles' links change under them (their links' checks are kept while nothing does).
      [
        "a heading another article links to renamed",
        new Map([
          ["insights/crm-hygiene.md", article.replace("### Stages need exit criteria", "### Stages need exits")],
        ]),
      ],
      [
        "an article others link to made a draft",
        new Map([["insights/sdr-ramp.md", sdrRamp.replace(/\ntags: /, "\ndraft: true\ntags: ")]]),
      ],
      [
        "a consultant articles link to renamed",
        new Map([["consultants.yaml", consultants.replace("slug: marco-bellini", "slug: marco-bellino")]]),
      ],
    ];
    for (const [name, edits] of cases) {
      expect(await warmCheck(edits), name).toEqual(await coldCheck(edits));
    }
    // Each edit undone: the check of data/ as it is is what it was, nothing left over from the edits.
    expect(await warmCheck(new Map())).toEqual(await coldCheck(new Map()));
  }, 120_000);

  it("an article deleted and brought back: its translation's error goes with it", async () => {
    const removed = await warmCheck(new Map([["insights/crm-hygiene.md", null]]));
    expect(removed.some((d) => d.startsWith("insights/de/crm-hygiene.md") && d.includes("translationOf"))).toBe(true);
    const back = await warmCheck(new Map());
    expect(back.some((d) => d.startsWith("insights/de/crm-hygiene.md") && d.includes("error"))).toBe(false);
  });

  it("sees a file changed on disk, even within the clock tick and at the same size", async () => {
    const file = "insights/discovery-calls.md";
    const before = await read(file);
    const broken = before.replace(/\n\n/, "\n\nSee [x](/insights/gone-away).\n\n");
    // Written twice in a row with the same length: the second may share the first's modification time.
    await writeFile(data(file), broken);
    expect((await warmCheck(new Map())).some((d) => d.includes("/insights/gone-away"))).toBe(true);
    await writeFile(data(file), broken.replace("gone-away", "gone-aw4y"));
    const now = await warmCheck(new Map());
    expect(now.some((d) => d.includes("/insights/gone-aw4y"))).toBe(true);
    expect(now.some((d) => d.includes("/insights/gone-away"))).toBe(false);
    // Settled and memoized, then changed again: the new stamp is seen.
    await settle();
    await warmCheck(new Map());
    await writeFile(data(file), before);
    expect((await warmCheck(new Map())).some((d) => d.includes("/insights/gone-aw4y"))).toBe(false);
    expect(await warmCheck(new Map())).toEqual(await coldCheck(new Map()));
  });

  it("an edit checked against a check of the disk takes the other files as that check saw them: one stat a file", async () => {
    const dataDir = join(root, "data");
    const file = "insights/discovery-calls.md";
    const edits = new Map([[file, (await read(file)).replace(/\n\n/, "\n\nSee [x](/insights/not-there).\n\n")]]);
    // Written again as it is: the next check of data/ looks at every file (with nothing changed, it need not).
    await writeFile(data(file), await read(file));
    const stats: string[] = [];
    const restore = noteCalls("statSync", dataDir, stats);
    try {
      const onDisk = await checker.check();
      const seen = stats.length;
      expect(onDisk.disk?.stats.size).toBeGreaterThan(20);
      expect(seen).toBeGreaterThanOrEqual(onDisk.disk?.stats.size ?? Number.POSITIVE_INFINITY);
      const against = await checker.check(edits, { against: onDisk });
      // No file of the snapshot stat'ed again.
      expect(stats.slice(seen).filter((path) => onDisk.disk?.stats.has(path))).toEqual([]);
      const alone = stats.length;
      const byItself = await checker.check(edits);
      expect(stats.length - alone).toBeGreaterThan(20);
      expect(against.diagnostics).toEqual(byItself.diagnostics);
      expect(against.diagnostics.some((d) => d.message.includes("/insights/not-there"))).toBe(true);
    } finally {
      restore();
    }
  });

  // On Linux each folder of data/ is watched (editor/server/disk-watch.ts): a look at data/ where nothing
  // changed stats nothing, and a change is seen by the very next check, in a new folder too.
  it.runIf(process.platform === "linux")(
    "a check of an unchanged data/ stats no file of it; a file changed, in a folder made again or a new one, is seen at once",
    async () => {
      const dataDir = join(root, "data");
      const file = "insights/discovery-calls.md";
      const before = await read(file);
      const seen: string[] = [];
      const restore = noteCalls("statSync", dataDir, seen);
      try {
        await settle();
        await checker.check();
        await checker.check(); // the first look after a change looks again; from the second, the folders are trusted
        seen.length = 0;
        const quiet = await checker.check();
        expect(seen).toEqual([]);
        expect(quiet.disk?.stats.size).toBeGreaterThan(20);
        await writeFile(data(file), before.replace(/\n\n/, "\n\nSee [x](/insights/gone-quiet).\n\n"));
        expect((await warmCheck(new Map())).some((d) => d.includes("/insights/gone-quiet"))).toBe(true);
        expect(seen.length).toBeGreaterThan(20);
        await settle();
        await checker.check();
        await checker.check();
        // A folder removed and made again (as a checkout does): the new folder is the one watched.
        const german = data("insights/de");
        await cp(german, `${german}.aside`, { recursive: true });
        await rm(german, { recursive: true });
        await fs.promises.rename(`${german}.aside`, german);
        await settle();
        await checker.check();
        await checker.check();
        const translation = "insights/de/crm-hygiene.md";
        const translated = await read(translation);
        seen.length = 0;
        await writeFile(data(translation), translated.replace(/\n\n/, "\n\nSiehe [x](/de/insights/weg-damit).\n\n"));
        expect((await warmCheck(new Map())).some((d) => d.includes("/de/insights/weg-damit"))).toBe(true);
        await writeFile(data(translation), translated);
        // A new folder with a stray file in it (an article folder of a language that is not there).
        await fs.promises.mkdir(data("insights/xx"));
        await writeFile(data("insights/xx/stray.md"), before);
        expect((await warmCheck(new Map())).some((d) => d.startsWith("insights/xx"))).toBe(true);
      } finally {
        restore();
        await rm(data("insights/xx"), { recursive: true, force: true });
        await writeFile(data(file), before);
      }
      expect(await warmCheck(new Map())).toEqual(await coldCheck(new Map()));
    },
  );

  it("moving between an article (checked with its HTML) and a form reads no article again but the edited one's translation", async () => {
    const insights = join(root, "data", "insights");
    const consultants = (await read("consultants.yaml")).replace(/role: (.*)/, "role: $1s");
    const form = new Map([["consultants.yaml", consultants]]);
    const article = new Map([
      ["insights/crm-hygiene.md", `${await read("insights/crm-hygiene.md")}\nOne more line.\n`],
    ]);
    const opened: string[] = [];
    const restore = noteCalls("openSync", insights, opened);
    try {
      await settle();
      await checker.check(form);
      await checker.check(article, { render: true });
      opened.length = 0;
      await checker.check(form);
      await checker.check(article, { render: true });
      // The edited article's translation is read again for its staleness against the edit; nothing else is.
      expect(opened.filter((path) => !path.endsWith("/crm-hygiene.md"))).toEqual([]);
    } finally {
      restore();
    }
  });

  it("an article written to data/ or removed from it, beside the editor, is listed by the next check", async () => {
    const added = "insights/written-beside.md";
    const text = (await read("insights/crm-hygiene.md")).replace(/title: .*/, "title: Written beside the editor");
    await settle();
    await warmCheck(new Map());
    await writeFile(data(added), `${text}\nSee [x](/insights/not-here-either).\n`);
    // At once, and once the folder's stamp is old enough to key its listing by.
    expect((await warmCheck(new Map())).some((d) => d.startsWith(added) && d.includes("not-here-either"))).toBe(true);
    await settle();
    expect((await warmCheck(new Map())).some((d) => d.startsWith(added) && d.includes("not-here-either"))).toBe(true);
    await rm(data(added));
    expect((await warmCheck(new Map())).some((d) => d.startsWith(added))).toBe(false);
    await settle();
    expect((await warmCheck(new Map())).some((d) => d.startsWith(added))).toBe(false);
    expect(await warmCheck(new Map())).toEqual(await coldCheck(new Map()));
  });
});
