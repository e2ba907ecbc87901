// Publishing from the editor against the real editor program and real git,
// on a project copy made a repository with a bare repository as its upstream:
// the Changes view's files and diffs, a commit of exactly those files, the
// refusals (errors in data/, no repository, no identity, a stale view, hostile
// messages and paths), a push, and Publish on a draft article.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Answer,
  copyProject,
  gitIn,
  IDENTITY,
  initRepository,
  machinePaths,
  type RunningEditor,
  send,
  startEditor,
} from "./support.ts";

const post = (editor: RunningEditor, path: string, body: unknown) =>
  send(editor, path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
const json = (answer: Answer) => JSON.parse(answer.body);

interface Changes {
  repository: { branch: string; upstream: string | null; ahead: number; behind: number } | null;
  files: { path: string; code: string; diff: string }[];
  version: string;
  error?: string;
}
const changes = async (editor: RunningEditor): Promise<Changes> => json(await send(editor, "/api/changes"));

/** Stops `editor` and removes its project copy and the `others` folders. */
async function removeAll(editor: RunningEditor | undefined, ...others: string[]) {
  await editor?.stop();
  for (const folder of [...(editor ? [editor.root] : []), ...others])
    await rm(folder, { recursive: true, force: true });
}

function expectClean(answer: Answer, editor: RunningEditor) {
  for (const path of machinePaths(editor.root)) expect(answer.body).not.toContain(path);
}

describe("a repository with an upstream", () => {
  let editor: RunningEditor;
  const upstream = () => join(editor.root, "upstream.git");
  const at = (...args: string[]) => gitIn(editor.root, ...args);
  const commits = () => Number(at("rev-list", "--count", "HEAD"));

  beforeAll(async () => {
    const root = await copyProject();
    await initRepository(root, { upstream: true });
    editor = await startEditor(root);
  }, 120_000);

  afterAll(() => removeAll(editor));

  it("lists no changes at first, with the branch and its upstream", async () => {
    const found = await changes(editor);
    expect(found.files).toEqual([]);
    expect(found.repository).toMatchObject({ branch: "main", upstream: "origin/main", ahead: 0, behind: 0 });
  });

  it("lists each changed file of data/ with git's diff, and nothing outside data/", async () => {
    const file = join(editor.root, "data", "consultants.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace("role: Senior Partner", "role: Principal Partner"));
    // Staged by the owner outside the editor: never listed, never committed by it.
    await writeFile(join(editor.root, "schemas", "owner-note.txt"), "mine\n");
    at("add", "schemas/owner-note.txt");
    const found = await changes(editor);
    expect(found.files.map((f) => f.path)).toEqual(["data/consultants.yaml"]);
    const diff = found.files[0]?.diff ?? "";
    expect(diff).toContain("diff --git a/data/consultants.yaml b/data/consultants.yaml");
    expect(diff).toContain("\n-    role: Senior Partner\n+    role: Principal Partner\n");
  });

  it("lists a new file as all added", async () => {
    await writeFile(join(editor.root, "data", "insights", "notes.yaml"), "note: kept\n");
    const found = await changes(editor);
    const added = found.files.find((f) => f.path === "data/insights/notes.yaml");
    expect(added?.code).toBe("??");
    expect(added?.diff).toContain("+note: kept");
    await rm(join(editor.root, "data", "insights", "notes.yaml"));
  });

  it("refuses a commit while validate finds an error in data/: nothing committed", async () => {
    const file = join(editor.root, "data", "consultants.yaml");
    const good = await readFile(file, "utf8");
    await writeFile(file, good.replace("role: Principal Partner", "role: ''"));
    const before = commits();
    const answer = await post(editor, "/api/commit", { version: (await changes(editor)).version, message: "Roles" });
    expect(answer.status).toBe(422);
    expect(json(answer).error).toMatch(/^not committed: validate finds \d+ errors? in data\//);
    expect(json(answer).diagnostics[0]).toMatchObject({ file: "data/consultants.yaml", severity: "error" });
    expect(commits()).toBe(before);
    await writeFile(file, good);
  });

  it("refuses a commit of changes the owner did not see", async () => {
    const before = commits();
    const answer = await post(editor, "/api/commit", { version: "0123456789abcdef", message: "Roles" });
    expect(answer.status).toBe(409);
    expect(json(answer).error).toContain("the files changed since you looked");
    expect(commits()).toBe(before);
  });

  it.each([
    ["an empty message", "   ", "a commit needs a message"],
    ["a message over 5000 characters", "x".repeat(5001), "at most 5000 characters"],
    ["a control character", "Roles\u001b[2J", "no control characters"],
    ["a message that is not text", 42, "message"],
  ])("refuses %s with a 400", async (_name, message, reason) => {
    const before = commits();
    const answer = await post(editor, "/api/commit", { version: (await changes(editor)).version, message });
    expect(answer.status).toBe(400);
    expect(json(answer).error).toContain(reason);
    expectClean(answer, editor);
    expect(commits()).toBe(before);
  });

  it("commits exactly the changed files of data/ with the message, under the owner's identity", async () => {
    const before = commits();
    const found = await changes(editor);
    const message = "--amend $(touch pwned)\n\nRoles: Katharina is a Principal Partner now";
    const answer = await post(editor, "/api/commit", { version: found.version, message });
    expect(answer.status).toBe(200);
    const { committed, files } = json(answer);
    expect(files).toEqual(["data/consultants.yaml"]);
    expect(commits()).toBe(before + 1);
    expect(committed.hash).toBe(at("rev-parse", "HEAD"));
    expect(committed.subject).toBe("--amend $(touch pwned)");
    expect(at("log", "-1", "--format=%B")).toBe(message);
    expect(at("log", "-1", "--format=%an <%ae>")).toBe("Test Owner <owner@example.com>");
    expect(at("show", "--name-only", "--format=", "HEAD")).toBe("data/consultants.yaml");
    // The owner's own staged file stays staged, out of the commit; no shell ran the message.
    expect(at("diff", "--cached", "--name-only")).toBe("schemas/owner-note.txt");
    await expect(readFile(join(editor.root, "pwned"))).rejects.toThrow();
    expect((await changes(editor)).files).toEqual([]);
    expect((await changes(editor)).repository?.ahead).toBe(1);
  });

  it("pushes to the upstream and shows git's answer", async () => {
    const answer = await post(editor, "/api/push", {});
    expect(answer.status).toBe(200);
    expect(json(answer)).toMatchObject({ ok: true, upstream: "origin/main" });
    expect(json(answer).output).toMatch(/main -> main/);
    expect(gitIn(upstream(), "rev-parse", "main")).toBe(at("rev-parse", "HEAD"));
  });

  it("shows git's refusal of a push the upstream does not take", async () => {
    // The upstream moved on: a non-fast-forward push is rejected, and git says so.
    const other = await mkdtemp(join(tmpdir(), "editor-other-"));
    gitIn(other, "clone", "-q", upstream(), ".");
    gitIn(other, ...IDENTITY, "commit", "-q", "--allow-empty", "-m", "Elsewhere");
    gitIn(other, "push", "-q");
    await rm(other, { recursive: true, force: true });
    at(...IDENTITY, "commit", "-q", "--allow-empty", "-m", "Here");
    const answer = await post(editor, "/api/push", {});
    expect(answer.status).toBe(422);
    expect(json(answer).ok).toBe(false);
    expect(json(answer).output).toContain("rejected");
    expect(json(answer).error).toMatch(/^not pushed: git said/);
  });

  describe("Publish", () => {
    const DRAFT = "insights/territory-planning.md";
    const open = async (path: string) => json(await send(editor, `/api/file?path=${encodeURIComponent(path)}`));

    it("refuses a draft whose text has errors once published, writing nothing", async () => {
      const path = "insights/draft-link.md";
      const text =
        "---\ntitle: Links\ndescription: A draft that links to a draft.\ndate: 2026-11-01\nauthor: marco-bellini\n" +
        "tags: [strategy]\ndraft: true\n---\n\nSee [territories](/insights/territory-planning).\n";
      await writeFile(join(editor.root, "data", path), text);
      const answer = await post(editor, "/api/publish", { path, version: (await open(path)).version });
      expect(answer.status).toBe(422);
      expect(json(answer).diagnostics.map((d: { message: string }) => d.message)).toContain(
        'link to "/insights/territory-planning", but that article is a draft',
      );
      expect(await readFile(join(editor.root, "data", path), "utf8")).toBe(text);
      await rm(join(editor.root, "data", path));
    });

    it("refuses a version that is not the file on disk", async () => {
      const answer = await post(editor, "/api/publish", { path: DRAFT, version: "0123456789abcdef" });
      expect(answer.status).toBe(409);
      expect(json(answer)).toMatchObject({ conflict: true });
    });

    it.each([
      ["a path out of data/", "../package.json", 403],
      ["a path through ..", "insights/../../schemas/x.md", 403],
      ["a file that is no article", "consultants.yaml", 400],
      ["an article that does not exist", "insights/no-such-article.md", 404],
    ])("refuses %s", async (_name, path, status) => {
      const answer = await post(editor, "/api/publish", { path, version: "0" });
      expect(answer.status).toBe(status);
      expect(typeof json(answer).error).toBe("string");
      expectClean(answer, editor);
    });

    it("turns the draft off and dates it today, every other line as written", async () => {
      const file = join(editor.root, "data", DRAFT);
      const before = await readFile(file, "utf8");
      const answer = await post(editor, "/api/publish", { path: DRAFT, version: (await open(DRAFT)).version });
      expect(answer.status).toBe(200);
      const today = new Date().toISOString().slice(0, 10);
      const expected = before.replace("date: 2026-11-19\n", `date: ${today}\n`).replace("draft: true\n", "");
      expect(await readFile(file, "utf8")).toBe(expected);
      expect(json(answer)).toMatchObject({ published: true, text: expected, date: today });
      expect(json(answer).diagnostics.filter((d: { severity: string }) => d.severity === "error")).toEqual([]);
      expect(json(answer).preview.html).toContain("Territories are usually drawn once");
      // The version answered is the file's: publishing again says it is no draft now.
      const again = await post(editor, "/api/publish", { path: DRAFT, version: json(answer).version });
      expect(again.status).toBe(409);
      expect(json(again).error).toContain("is not a draft");
      expect((await changes(editor)).files.map((f) => f.path)).toEqual([`data/${DRAFT}`]);
    });
  });
});

describe("a folder that is not a repository", () => {
  let editor: RunningEditor;
  beforeAll(async () => {
    editor = await startEditor(await copyProject());
  }, 120_000);
  afterAll(() => removeAll(editor));

  it("says so in the Changes view, and commits and pushes nothing", async () => {
    const found = await changes(editor);
    expect(found.repository).toBeNull();
    expect(found.error).toContain("not in a git repository");
    for (const [path, body] of [
      ["/api/commit", { version: found.version ?? "", message: "Roles" }],
      ["/api/push", {}],
    ] as const) {
      const answer = await post(editor, path, body);
      expect(answer.status).toBe(409);
      expect(json(answer).error).toContain("run `git init`");
      expectClean(answer, editor);
    }
  });
});

describe("a repository where git has no identity for the owner", () => {
  let editor: RunningEditor;
  let home: string;
  beforeAll(async () => {
    const root = await copyProject();
    await initRepository(root, { identity: false });
    home = await mkdtemp(join(tmpdir(), "editor-home-"));
    // No global or system git config: git knows no name or email.
    editor = await startEditor(root, { HOME: home, XDG_CONFIG_HOME: home, GIT_CONFIG_NOSYSTEM: "1" });
  }, 120_000);
  afterAll(() => removeAll(editor, home));

  it("refuses the commit with how to set one, and commits nothing", async () => {
    const file = join(editor.root, "data", "consultants.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace("role: Senior Partner", "role: Principal Partner"));
    const head = gitIn(editor.root, "rev-parse", "HEAD");
    const answer = await post(editor, "/api/commit", { version: (await changes(editor)).version, message: "Roles" });
    expect(answer.status).toBe(409);
    expect(json(answer).error).toContain('git config --global user.name "Your Name"');
    expect(json(answer).error).toContain("nothing was committed");
    expectClean(answer, editor);
    expect(gitIn(editor.root, "rev-parse", "HEAD")).toBe(head);
  });
});
