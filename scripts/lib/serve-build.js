// The production server on the pre-rendered build, for the scripts that
// measure it in a browser (scripts/audit.mjs, scripts/trace-long-tasks.mjs):
// on a free port, with a throwaway inquiry database, stopped with the script.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname;

/** Starts the server and waits until it answers; `fail` is called with a message if it cannot. */
export async function serveBuild(fail) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dbDir = mkdtempSync(join(tmpdir(), "serve-build-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", INQUIRY_DB: join(dbDir, "inquiries.db") },
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.on("exit", (code) => {
    if (code !== null && code !== 0) fail(`the server exited with code ${code}`);
  });
  const stop = () => {
    child.kill();
    rmSync(dbDir, { recursive: true, force: true });
  };
  await waitForServer(`${origin}/`, fail);
  return { origin, stop };
}

async function waitForServer(url, fail) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  fail(`the server did not answer at ${url} within 30 s`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}
