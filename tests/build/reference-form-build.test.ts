// The build says which pages html-form.mjs left to the reference parser
// (page-html.mjs): such a page's final HTML costs several times the pass, and
// no valid content reaches it (`validate` refuses raw HTML and control
// characters in articles), so only a change of code can. Here the about page,
// in both languages, renders a <noscript>, which the pass refuses
// (tests/build/html-form.test.ts): the build names the first such page once
// and counts them in its summary.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs helper of the build scripts, without types
import { projectWithArticles } from "../../scripts/lib/build-project.mjs";

let dir = "";
let output = "";

describe("a build with pages the HTML pass leaves to the reference parser", () => {
  beforeAll(() => {
    dir = projectWithArticles(0);
    const page = join(dir, "site/pages/about/+Page.tsx");
    const source = readFileSync(page, "utf8");
    const edited = source.replace("<WhySection />", "<WhySection />\n      <noscript>No script.</noscript>");
    if (edited === source) throw new Error("site/pages/about/+Page.tsx: <WhySection /> not found");
    writeFileSync(page, edited);
    // NODE_ENV as `npm run build` has it (vitest sets "test").
    const env = {
      ...process.env,
      NODE_ENV: "production",
      NO_COLOR: "1",
      CONTENT_CACHE_DIR: join(dir, ".content-cache"),
    };
    execFileSync(process.execPath, ["bin/content.mjs", "generate"], { cwd: dir, env, stdio: "pipe" });
    const buildEnv = { ...env, BUILD_CACHE_DIR: join(dir, ".build-cache") };
    execFileSync(process.execPath, ["engine/bundle.mjs", "--force"], { cwd: dir, env: buildEnv, stdio: "pipe" });
    output = execFileSync(process.execPath, ["engine/pages.mjs"], { cwd: dir, env: buildEnv, encoding: "utf8" });
  }, 600_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("names the first such page once, and counts them in the summary", () => {
    const said = output.split("\n").filter((line) => line.includes("written by the reference parser, several times"));
    expect(said, output).toHaveLength(1);
    expect(said[0]).toMatch(/^build: \/(?:de\/)?about's final HTML was written by the reference parser/);
    expect(output).toMatch(/^pages: .* · 2 pages written by the reference parser \(see above\)$/m);
  });

  it("writes those pages as the reference does, with the <noscript> in place", () => {
    const html = readFileSync(join(dir, "dist/client/about/index.html"), "utf8");
    expect(html).toContain("<noscript>No script.</noscript>");
  });
});
