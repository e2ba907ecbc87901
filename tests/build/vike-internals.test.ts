// What the build engine uses of Vike's and vike-react's internals, as
// docs/architecture.md lists it ("Vike internals", in the build's section):
// an upgrade that changes any of it fails here, naming the internal and that
// section; an upgrade at all fails the version check until someone has
// checked the list and written the new versions there. The page configs and
// routes are read from a real server build (`vike build` in a copy of the
// project), in a process of its own, as the render thread reads them.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs helper of the build scripts, without types
import { projectWithArticles } from "../../scripts/lib/build-project.mjs";
import { ROOT } from "../support/cli.ts";

const SECTION = 'docs/architecture.md, "Vike internals" (the build)';
const changed = (what: string) =>
  `${what}: Vike or vike-react changed an internal the build engine uses; see ${SECTION}, fix the engine, then update the section`;

function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string })
    .version;
}

function lockedVersion(name: string): string | undefined {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string }>;
  };
  return lock.packages[`node_modules/${name}`]?.version;
}

/** The versions the docs say the internals were checked against. */
function checkedVersions(): { vike?: string; vikeReact?: string } {
  const docs = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
  const found = /checked against \*\*vike (\S+) and vike-react\s+(\S+?)\*\*/.exec(docs.replace(/\s+/g, " "));
  return { vike: found?.[1], vikeReact: found?.[2] };
}

describe("the Vike versions the engine was checked against", () => {
  it.each([
    ["vike", () => checkedVersions().vike],
    ["vike-react", () => checkedVersions().vikeReact],
  ])("%s: installed and locked as docs/architecture.md names it", (name, named) => {
    const checked = named();
    expect(
      checked,
      `${SECTION} names no version of ${name} ("checked against **vike X and vike-react Y**")`,
    ).toBeDefined();
    expect(lockedVersion(name), `package-lock.json locks another ${name} than the one installed: run npm ci`).toBe(
      installedVersion(name),
    );
    expect(
      installedVersion(name),
      `${name} ${installedVersion(name)} is installed, but the engine's use of its internals was checked against ${checked}: check each point of ${SECTION}, then write ${installedVersion(name)} there`,
    ).toBe(checked);
  });
});

describe("the internal modules the engine imports", () => {
  it("vike/__internal resolves and exports getPagesAndRoutes (engine/page-list.mjs)", async () => {
    const internal: Record<string, unknown> = await import("vike/__internal");
    expect(typeof internal.getPagesAndRoutes, changed("vike/__internal getPagesAndRoutes")).toBe("function");
  });

  it("vike-react/__internal/integration/onRenderHtml resolves and exports onRenderHtml (site/pages/+onRenderHtml.ts)", async () => {
    const integration: Record<string, unknown> = await import("vike-react/__internal/integration/onRenderHtml");
    expect(
      typeof integration.onRenderHtml,
      changed("vike-react/__internal/integration/onRenderHtml onRenderHtml"),
    ).toBe("function");
    const config = (await import("vike-react/config")).default as { onRenderHtml?: unknown };
    expect(
      config.onRenderHtml,
      changed(
        "vike-react's config no longer sets its onRenderHtml hook from vike-react/__internal/integration/onRenderHtml",
      ),
    ).toBe("import:vike-react/__internal/integration/onRenderHtml:onRenderHtml");
  });
});

/** Run in the built copy: what page-list.mjs reads of getPagesAndRoutes(), as kinds ("string", "function", ...). */
const PROBE = `
import { join } from "node:path";
import { pathToFileURL } from "node:url";
await import(pathToFileURL(join(process.cwd(), "dist/server/entry.mjs")).href);
const { getPagesAndRoutes } = await import("vike/__internal");
const { pageRoutes, pageConfigs } = await getPagesAndRoutes();
const kind = (value) => (value === null ? "null" : Array.isArray(value) ? "array" : value instanceof Promise ? "promise" : typeof value);
const configs = [];
for (const pageConfig of pageConfigs) {
  const loaded = typeof pageConfig.loadVirtualFilePageEntry === "function" ? pageConfig.loadVirtualFilePageEntry() : undefined;
  const entry = loaded?.moduleExportsPromise instanceof Promise ? await loaded.moduleExportsPromise : undefined;
  const hook = entry?.configValuesSerialized?.onBeforePrerenderStart;
  configs.push({
    pageId: pageConfig.pageId,
    isErrorPage: pageConfig.isErrorPage ?? null,
    loadVirtualFilePageEntry: kind(pageConfig.loadVirtualFilePageEntry),
    moduleExportsPromise: kind(loaded?.moduleExportsPromise),
    configValuesSerialized: kind(entry?.configValuesSerialized),
    hook: hook === undefined ? null : {
      file: hook.definedAtData?.filePathToShowToUser ?? null,
      type: hook.valueSerialized?.type ?? null,
      exportValues: kind(hook.valueSerialized?.exportValues?.onBeforePrerenderStart),
    },
  });
}
const routes = pageRoutes.map((route) => ({
  pageId: kind(route.pageId),
  routeString: kind(route.routeString),
  routeFunction: kind(route.routeFunction),
}));
console.log(JSON.stringify({ pageConfigs: kind(pageConfigs), pageRoutes: kind(pageRoutes), configs, routes }));
`;

type Probe = {
  pageConfigs: string;
  pageRoutes: string;
  configs: {
    pageId: unknown;
    isErrorPage: unknown;
    loadVirtualFilePageEntry: string;
    moduleExportsPromise: string;
    configValuesSerialized: string;
    hook: { file: unknown; type: unknown; exportValues: string } | null;
  }[];
  routes: { pageId: string; routeString: string; routeFunction: string }[];
};

/** The site's pages with an onBeforePrerenderStart hook, as Vike names their files: /pages/about/+onBeforePrerenderStart.ts. */
function hookFiles(): string[] {
  return readdirSync(join(ROOT, "site/pages"), { recursive: true, encoding: "utf8" })
    .filter((file) => /(?:^|\/)\+onBeforePrerenderStart\.ts$/.test(file))
    .map((file) => `/pages/${file}`)
    .sort();
}

describe("getPagesAndRoutes() of vike/__internal in a server build, as engine/page-list.mjs reads it", () => {
  let dir = "";
  let probe: Probe;

  beforeAll(() => {
    dir = projectWithArticles(0);
    // NODE_ENV as `npm run build` has it (vitest sets "test"); the bundle step with a cache of its own.
    const env = {
      ...process.env,
      NODE_ENV: "production",
      NO_COLOR: "1",
      CI: "true",
      CONTENT_CACHE_DIR: join(dir, ".content-cache"),
      BUILD_CACHE_DIR: join(dir, ".build-cache"),
    };
    execFileSync(process.execPath, ["bin/content.mjs", "generate"], { cwd: dir, env, stdio: "pipe" });
    execFileSync(process.execPath, ["engine/bundle.mjs", "--force"], { cwd: dir, env, stdio: "pipe" });
    writeFileSync(join(dir, "probe.mjs"), PROBE);
    probe = JSON.parse(execFileSync(process.execPath, ["probe.mjs"], { cwd: dir, env, encoding: "utf8" })) as Probe;
  }, 600_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("gives the page configs and the routes as arrays", () => {
    expect(probe.pageConfigs, changed("getPagesAndRoutes().pageConfigs")).toBe("array");
    expect(probe.pageRoutes, changed("getPagesAndRoutes().pageRoutes")).toBe("array");
    expect(probe.configs.length, changed("getPagesAndRoutes().pageConfigs is empty")).toBeGreaterThan(0);
  });

  it("gives each page config its pageId and its entry in the server build (loadVirtualFilePageEntry)", () => {
    for (const config of probe.configs) {
      const name = `pageConfigs[${String(config.pageId)}]`;
      expect(typeof config.pageId, changed(`${name}.pageId`)).toBe("string");
      expect(config.loadVirtualFilePageEntry, changed(`${name}.loadVirtualFilePageEntry`)).toBe("function");
      expect(config.moduleExportsPromise, changed(`${name}.loadVirtualFilePageEntry().moduleExportsPromise`)).toBe(
        "promise",
      );
      expect(config.configValuesSerialized, changed(`${name}: the page entry's configValuesSerialized`)).toBe("object");
    }
  });

  it("marks the error page, and only it, with isErrorPage: true", () => {
    const errorPages = probe.configs.filter((config) => config.isErrorPage === true).map((config) => config.pageId);
    expect(errorPages, changed("pageConfigs[].isErrorPage")).toEqual(["/pages/_error"]);
    const others = probe.configs.filter((config) => config.isErrorPage !== true);
    expect(
      others.every((config) => config.isErrorPage === null),
      changed("pageConfigs[].isErrorPage"),
    ).toBe(true);
  });

  it("gives each page's onBeforePrerenderStart hook as a +file's export, with the file it is defined in", () => {
    const hooks = probe.configs.flatMap((config) => (config.hook ? [config.hook] : []));
    const files = hooks.map((hook) => hook.file);
    expect(
      [...files].sort(),
      changed(
        "configValuesSerialized.onBeforePrerenderStart.definedAtData.filePathToShowToUser (one per site/pages/**/+onBeforePrerenderStart.ts)",
      ),
    ).toEqual(hookFiles());
    for (const hook of hooks) {
      expect(
        hook.type,
        changed(`${String(hook.file)}: configValuesSerialized.onBeforePrerenderStart.valueSerialized.type`),
      ).toBe("plus-file");
      expect(
        hook.exportValues,
        changed(`${String(hook.file)}: valueSerialized.exportValues.onBeforePrerenderStart`),
      ).toBe("function");
    }
  });

  it("gives each route its pageId and a routeString (or, for a route function, none)", () => {
    expect(probe.routes.length, changed("getPagesAndRoutes().pageRoutes is empty")).toBeGreaterThan(0);
    for (const [index, route] of probe.routes.entries()) {
      expect(route.pageId, changed(`pageRoutes[${index}].pageId`)).toBe("string");
      expect(
        route.routeString === "string" || route.routeFunction === "function",
        changed(`pageRoutes[${index}]: neither a routeString nor a routeFunction`),
      ).toBe(true);
    }
    expect(
      probe.routes.some((route) => route.routeString === "string"),
      changed("pageRoutes[].routeString"),
    ).toBe(true);
  });
});
