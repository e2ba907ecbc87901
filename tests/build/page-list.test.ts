// The build's page list (engine/page-list.mjs) keeps the guarantees of
// Vike's prerender(), which it replaces: a page with a parameterized route
// and no onBeforePrerenderStart hook is an error naming the page, and so are
// a URL that two pages list and a hook that hands over a pageContext (which
// renderPage would not use). And a page the build's cache cannot key is built,
// and the build says why, once. In a copy of the project with one page added.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs helper of the build scripts, without types
import { projectWithArticles } from "../../scripts/lib/build-project.mjs";

let dir = "";

function addPage(files: Record<string, string>): void {
  const page = join(dir, "site/pages/orphan");
  rmSync(page, { recursive: true, force: true });
  mkdirSync(page, { recursive: true });
  writeFileSync(join(page, "+Page.tsx"), "export default function Page() {\n  return <p>orphan</p>;\n}\n");
  for (const [name, text] of Object.entries(files)) writeFileSync(join(page, name), text);
}

function build(args: string[] = []) {
  const env = {
    ...process.env,
    NO_COLOR: "1",
    CONTENT_CACHE_DIR: join(dir, ".content-cache"),
    BUILD_CACHE_DIR: join(dir, ".build-cache"),
  };
  const run = spawnSync(process.execPath, ["engine/build.mjs", ...args], { cwd: dir, env, encoding: "utf8" });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("the build's page list", () => {
  beforeAll(() => {
    dir = projectWithArticles(0);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a page with a parameterized route and no onBeforePrerenderStart hook", () => {
    addPage({ "+route.ts": 'export default "/orphan/@id";\n' });
    const { status, stderr } = build();
    expect(status).toBe(1);
    expect(stderr).toContain("build failed: no URL to pre-render for /pages/orphan");
    expect(stderr).toContain("onBeforePrerenderStart");
  }, 300_000);

  it("refuses a URL that two pages list", () => {
    addPage({
      "+route.ts": 'export default "/orphan/@id";\n',
      "+onBeforePrerenderStart.ts": 'export function onBeforePrerenderStart() {\n  return ["/about"];\n}\n',
    });
    const { status, stderr } = build();
    expect(status).toBe(1);
    expect(stderr).toMatch(/the URL \/about is listed twice: by \S+ and by \S+/);
    expect(stderr).toContain("/pages/orphan/+onBeforePrerenderStart.ts");
    expect(stderr, "a located message, not a stack trace").not.toMatch(/^\s+at /m);
  }, 300_000);

  it("refuses a hook that returns a pageContext with its URL", () => {
    addPage({
      "+route.ts": 'export default "/orphan/@id";\n',
      "+onBeforePrerenderStart.ts":
        'export function onBeforePrerenderStart() {\n  return [{ url: "/orphan/1", pageContext: { data: {} } }];\n}\n',
    });
    const { status, stderr } = build();
    expect(status).toBe(1);
    expect(stderr).toContain("/pages/orphan/+onBeforePrerenderStart.ts: returns a pageContext for /orphan/1");
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 300_000);

  it("builds a page whose pageContext the cache key cannot hold, and says so once, with the reason", () => {
    addPage({
      "+route.ts": 'export default "/orphan";\n',
      "+onBeforeRender.ts":
        "export function onBeforeRender() {\n  return { pageContext: { orphanHelper: () => 1 } };\n}\n",
    });
    const { status, stdout, stderr } = build(["--force"]);
    expect(status, stderr).toBe(0);
    const said = stdout.split("\n").filter((line) => line.includes("cannot use the page cache"));
    expect(said).toEqual([
      "build: /orphan cannot use the page cache, it is rendered again on every build: pageContext.orphanHelper is a function, which a cache key cannot hold (a field Vike added? list it in VIKE_FIELDS, engine/cache.mjs)",
    ]);
    expect(stdout).toMatch(/ · 1 pages without a cache key \(see above\)$/m);
  }, 300_000);
});
