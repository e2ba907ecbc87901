// The URLs to pre-render, as Vike computes them: every page's static route,
// what the pages' onBeforePrerenderStart hooks return, the 404 page, after
// any onBeforeRoute/onPrerenderStart logic (i18n). Vike's own prerender()
// (vike/api) runs up to the point where it would render; the site's
// +onPrerenderStart hook hands the list over and returns none to render.
// It runs in a worker thread of its own, so that the Vite configuration and
// the server build it loads are freed when it ends.
import { existsSync, readFileSync, realpathSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

/** The same key as in site/pages/+onPrerenderStart.ts. */
const SINK = Symbol.for("growth-partners.build.routes");

/**
 * @typedef {{ url: string, pageId: string | null, is404: boolean }} Route
 * @param {string} serverEntry dist/server/entry.mjs
 * @returns {Promise<{ routes: Route[], pageIds: string[] }>}
 */
export async function prerenderRoutes(serverEntry) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const answer = await listOnce(serverEntry);
    if (!answer.raced) return answer;
  }
  throw new Error("another build kept rewriting node_modules' server entry pointer while listing the pages; run again");
}

function listOnce(serverEntry) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { serverEntry } });
    let answer;
    worker.once("message", (message) => {
      answer = message;
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (answer?.error) reject(new Error(answer.error));
      else if (answer) resolve(answer);
      else reject(new Error(`listing the pages to build failed (exit code ${code})`));
    });
  });
}

/**
 * Vike's prerender() loads the server build whose path the last `vike build`
 * wrote into node_modules (@brillout/vite-plugin-server-entry's
 * autoImporter.js). Copies of the project that share node_modules (tests,
 * benchmarks) overwrite it; its guard for that (the entry outside the working
 * directory) does not take effect in version 0.7.23. So it is pointed at this
 * project's build here, as `vike build` wrote it, and loaded at once (see
 * list()); if another build changed it in between, the list is made again.
 */
function autoImporter() {
  const vike = realpathSync(join(process.cwd(), "node_modules/vike"));
  const file = join(dirname(vike), "@brillout/vite-plugin-server-entry/dist/esm/runtime/autoImporter.js");
  return existsSync(file) ? file : null;
}

function pointsAt(file, serverEntry) {
  return readFileSync(file, "utf8").includes(`serverEntryFilePathAbsolute: ${JSON.stringify(serverEntry)}`);
}

function pointAt(file, serverEntry) {
  const relativePath = relative(dirname(file), serverEntry);
  const code = `export const status = 'SET';
export const pluginVersion = ${JSON.stringify(/pluginVersion = "([^"]*)"/.exec(readFileSync(file, "utf8"))?.[1] ?? "")};
export const loadServerEntry = async () => { await import(${JSON.stringify(relativePath)}); };
export const paths = {
  autoImporterFilePathOriginal: ${JSON.stringify(file)},
  autoImporterFilePathActual: (() => { try { return import.meta.url } catch { return null } })(),
  serverEntryFilePathRelative: ${JSON.stringify(relativePath)},
  serverEntryFilePathAbsolute: ${JSON.stringify(serverEntry)},
};
`;
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, code);
  renameSync(aside, file);
}

async function list() {
  const serverEntry = realpathSync(workerData.serverEntry);
  const importer = autoImporter();
  let raced = false;
  if (importer) {
    if (!pointsAt(importer, serverEntry)) pointAt(importer, serverEntry);
    // Loaded now, in this thread, it keeps the path it holds now: Vike's own import of it later gets this
    // module (and, the entry being imported already, keeps this project's build) whatever another build
    // writes into the file meanwhile. Only a write between the two lines above and this one can race.
    const loaded = await import(pathToFileURL(importer).href);
    raced = loaded.paths?.serverEntryFilePathAbsolute !== serverEntry;
    if (!raced) await loaded.loadServerEntry();
  }
  if (raced) return { routes: [], pageIds: [], raced };
  let routes;
  globalThis[SINK] = (found) => {
    routes = found;
  };
  const { prerender } = await import("vike/api");
  // onPagePrerender: Vike would call it instead of writing a page; it renders none here, and it keeps Vike quiet.
  await prerender({ onPagePrerender: () => {}, viteConfig: { logLevel: "warn" } });
  if (!routes) {
    throw new Error(
      "Vike did not call site/pages/+onPrerenderStart.ts: is it still there, and is pre-rendering enabled?",
    );
  }
  const { getGlobalContextAsync } = await import("vike/server");
  const globalContext = await getGlobalContextAsync(true);
  return { routes, pageIds: Object.keys(globalContext.pages), raced: false };
}

if (!isMainThread && parentPort) {
  try {
    parentPort.postMessage(await list());
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
