// One render thread of the build (scripts/build/index.mjs starts one per core).
// For each URL it is given: renderPage from vike/server (Vike's routing, data
// hooks and vike-react's render, as a request in production would run them),
// the final HTML (page-html.mjs), .br and .gz, written to dist/client; then
// the next URL. Nothing of a page is kept once it is written.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { compressPage } from "./compress.mjs";
import { finalHtml } from "./page-html.mjs";
import { htmlFile, jsonFile } from "./paths.mjs";

const { serverEntry, clientDir, loaderUrl } = workerData;
// The server build registers its pages with Vike's runtime when imported.
await import(pathToFileURL(serverEntry).href);
const { renderPage } = await import("vike/server");

/** renderPage's body for `url`, or a located error naming the URL. */
async function rendered(url, expectedStatus) {
  const pageContext = await renderPage({ urlOriginal: url });
  const response = pageContext.httpResponse;
  if (pageContext.errorWhileRendering) {
    const error = pageContext.errorWhileRendering;
    throw new Error(`${url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  if (!response) throw new Error(`${url}: Vike rendered no response`);
  if (response.statusCode !== expectedStatus) {
    throw new Error(`${url}: answered ${response.statusCode}, expected ${expectedStatus}`);
  }
  return response.body;
}

/** Writes `content` and its .br/.gz under dist/client; returns the files and bytes written. */
function write(file, content) {
  const path = join(clientDir, file);
  mkdirSync(dirname(path), { recursive: true });
  const bytes = Buffer.from(content);
  writeFileSync(path, bytes);
  const compressed = compressPage(bytes);
  if (!compressed) return { files: [file], bytes: bytes.length };
  writeFileSync(`${path}.br`, compressed.br);
  writeFileSync(`${path}.gz`, compressed.gz);
  return {
    files: [file, `${file}.br`, `${file}.gz`],
    bytes: bytes.length + compressed.br.length + compressed.gz.length,
  };
}

/** Renders, finishes, compresses and writes one page: its HTML and, but for the 404 page, its page data. */
async function build({ url, is404 }) {
  const started = performance.now();
  const html = finalHtml(await rendered(url, is404 ? 404 : 200), loaderUrl, url);
  const outputs = [write(htmlFile(url, is404), html)];
  if (!is404) outputs.push(write(jsonFile(url).slice(1), await rendered(jsonFile(url), 200)));
  return {
    url,
    files: outputs.flatMap((output) => output.files),
    bytes: outputs.reduce((total, output) => total + output.bytes, 0),
    ms: performance.now() - started,
  };
}

parentPort?.on("message", async (routes) => {
  try {
    const results = [];
    for (const route of routes) results.push(await build(route));
    parentPort?.postMessage({ results });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
parentPort?.postMessage({ ready: true });
