// `npm start`: builds the site when dist/ is missing or older than its
// sources, writes the .br/.gz twins the build lacks (a build without
// --precompress leaves them out; engine/precompress.mjs does only what is
// missing), then runs the production server (PORT to change the port).
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const built = join(root, "dist/client/index.html");

function newest(dir) {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "generated" || entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return time;
}

function builtAt() {
  try {
    return statSync(built).mtimeMs;
  } catch {
    return -1;
  }
}

const sources = Math.max(
  ...["data", "site", "schemas", "content", "cli", "engine"].map((dir) => newest(join(root, dir))),
);
if (builtAt() < sources) {
  console.log(builtAt() < 0 ? "no build yet: building the site…" : "sources changed since the last build: rebuilding…");
  const result = spawnSync("npm", ["run", "build", "--", "--precompress"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else {
  const result = spawnSync(process.execPath, [join(root, "engine/precompress.mjs")], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import("tsx/esm/api");
register();
await import("../server/index.ts");
