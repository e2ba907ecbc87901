// Preloaded into the CLI (NODE_OPTIONS=--import, which its worker threads
// inherit) by tests/content/article-reads.test.ts: appends the path of every
// Markdown file opened or read whole to READ_LOG, one line each, so the test
// can count how often each article is read.
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const log = process.env.READ_LOG;
const { appendFileSync, openSync, readFileSync } = fs;
/** @param {unknown} path */
const note = (path) => {
  const name = path instanceof URL ? path.pathname : path;
  if (log && typeof name === "string" && name.endsWith(".md")) appendFileSync(log, `${name}\n`);
};
// Both ways the CLI reads a file: openSync then a read of the descriptor, or readFileSync of a path.
// A read of a path may open it through fs.openSync: counted once, as the read.
let inRead = false;
fs.openSync = /** @type {typeof openSync} */ (path, ...rest) => {
  if (!inRead) note(path);
  return openSync(path, ...rest);
};
fs.readFileSync = /** @type {typeof readFileSync} */ (path, ...rest) => {
  note(path);
  inRead = true;
  try {
    return readFileSync(path, ...rest);
  } finally {
    inRead = false;
  }
};
// So that `import { openSync } from "node:fs"` in the modules loaded after this one sees the wrappers.
syncBuiltinESMExports();
