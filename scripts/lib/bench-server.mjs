// The inquiry server as the benchmarks run it: a real `server/index.ts`
// process on a free loopback port, started with the given environment and
// known by the URL its start-up line prints.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const START_TIMEOUT_MS = 60_000;

/**
 * Starts a server serving `siteDir` with `env` on top of the benchmarks'
 * defaults (loopback, no rate limit to speak of, no Vike server build: the
 * JSON API never renders pages). `running` tracks live children, so a
 * benchmark can kill them all on exit.
 */
export function startBenchServer({ work, siteDir, env, running }) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      SITE_DIR: siteDir,
      SERVER_DIR: join(work, "no-server-build"),
      INQUIRY_RATE_LIMIT: "1000000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  exited.then(() => running.delete(child));
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk) => {
      output += chunk;
      const match = /serving .+ on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], exited, output: () => output });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) during start-up:\n${output}`));
    });
  });
}

/** SIGTERM (a graceful stop) unless it has already ended, then waits for the exit. */
export async function stopBenchServer(server) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGTERM");
  await server.exited;
}
