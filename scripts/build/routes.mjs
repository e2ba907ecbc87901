// The URLs to pre-render, as Vike computes them: every page's static route,
// what the pages' onBeforePrerenderStart hooks return, the 404 page, after
// any onBeforeRoute/onPrerenderStart logic (i18n). Vike's own prerender()
// (vike/api) runs up to the point where it would render; the site's
// +onPrerenderStart hook hands the list over and returns none to render.
// It runs in a worker thread of its own, so that the Vite configuration and
// the server build it loads are freed when it ends.
import { isMainThread, parentPort, Worker } from "node:worker_threads";

/** The same key as in site/pages/+onPrerenderStart.ts. */
const SINK = Symbol.for("growth-partners.build.routes");

/**
 * @typedef {{ url: string, pageId: string | null, is404: boolean }} Route
 * @returns {Promise<{ routes: Route[], pageIds: string[] }>}
 */
export function prerenderRoutes() {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url));
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

async function list() {
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
  return { routes, pageIds: Object.keys(globalContext.pages) };
}

if (!isMainThread && parentPort) {
  try {
    parentPort.postMessage(await list());
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
