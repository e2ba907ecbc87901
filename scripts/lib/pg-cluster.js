// A throwaway PostgreSQL cluster from the distribution's binaries (Debian's
// `postgresql` package: /usr/lib/postgresql/<version>/bin): initdb and
// pg_ctl in a temporary directory, listening on a free port of 127.0.0.1
// only, trust authentication (nothing else can reach it). Used by the test
// harness (tests/support/postgres.ts) and the inquiry bench.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The folder of initdb and pg_ctl: $PG_BIN when set (only it: a wrong one
 * is "not installed", not a silent fallback), else the newest
 * /usr/lib/postgresql/N/bin; undefined when there is none.
 */
export function findPostgresBin() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const base = process.env.PG_BIN ? "" : "/usr/lib/postgresql";
  if (base && existsSync(base)) {
    const versions = readdirSync(base)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(base, version, "bin")));
  }
  return candidates.find((dir) => existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl")));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** initdb refuses to run as root: then the cluster belongs to the `postgres` user. */
function runAs(user, command, args) {
  return user ? ["runuser", ["-u", user, "--", command, ...args]] : [command, args];
}

/**
 * Starts a cluster and resolves to { url, stop() }. `url` is the superuser's
 * (postgres, no password) URL of the `postgres` database. `durable: false`
 * (tests) turns fsync off; the bench keeps PostgreSQL's defaults.
 */
export async function startCluster({ bin = findPostgresBin(), durable = true } = {}) {
  if (!bin) throw new Error("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb; set PG_BIN)");
  const dir = mkdtempSync(join(tmpdir(), "pg-cluster-"));
  const data = join(dir, "data");
  const user = process.getuid?.() === 0 ? "postgres" : undefined;
  if (user) {
    const uid = Number(execFileSync("id", ["-u", user], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", user], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (command, args) => {
    const [file, argv] = runAs(user, join(bin, command), args);
    const result = spawnSync(file, argv, { encoding: "utf8", cwd: dir });
    if (result.status !== 0) {
      throw new Error(`${command} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
    }
  };
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c max_connections=200",
    ...(durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
  ];
  const start = () =>
    run("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-o", settings.join(" "), "-w", "-t", "60", "start"]);
  start();
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    /** Stops the database server (a fast shutdown: sessions end), keeping its data: PostgreSQL went down. */
    halt() {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    },
    /** Starts it again on the same port, with the same data. */
    resume() {
      start();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
