// nginx from the distribution (Debian's `nginx` and
// `libnginx-mod-http-brotli-static`), run as a child process with its own
// prefix, configuration, pid and temporary files in a directory of its own,
// in front of inquiry servers on loopback. The site configuration is the
// deploy template (deploy/nginx/growth-partners.conf) filled by
// deploy/nginx/render.js; this file adds only what Debian's
// /etc/nginx/nginx.conf would (the main context). Used by the topology test
// (tests/server/topology.test.ts) and bench (scripts/bench-topology.mjs).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { renderSiteConfig } from "../../deploy/nginx/render.js";

const MIME_TYPES = "/etc/nginx/mime.types";
const BROTLI_STATIC = "ngx_http_brotli_static_module.so";
const START_TIMEOUT_MS = 15_000;

/**
 * What is missing to run the proxy here, or undefined when nothing is:
 * nginx ($NGINX_BIN, else /usr/sbin/nginx), its brotli_static module
 * ($NGINX_MODULES, else /usr/lib/nginx/modules), its mime.types, openssl.
 */
export function nginxMissing() {
  const bin = nginxBin();
  if (!existsSync(bin)) return `nginx is not installed (no ${bin}; Debian: apt-get install nginx)`;
  if (!existsSync(brotliModule())) {
    return `nginx's brotli_static module is not installed (no ${brotliModule()}; Debian: apt-get install libnginx-mod-http-brotli-static)`;
  }
  if (!existsSync(MIME_TYPES)) return `no ${MIME_TYPES} (Debian: apt-get install nginx-common)`;
  if (spawnSync("openssl", ["version"]).status !== 0)
    return "openssl is not installed (Debian: apt-get install openssl)";
  return undefined;
}

function nginxBin() {
  return process.env.NGINX_BIN ?? "/usr/sbin/nginx";
}

function brotliModule() {
  return join(process.env.NGINX_MODULES ?? "/usr/lib/nginx/modules", BROTLI_STATIC);
}

/** A throwaway self-signed certificate for `localhost` and 127.0.0.1, valid one day: { certificate, key, pem }. */
export function makeCertificate(dir) {
  mkdirSync(dir, { recursive: true });
  const certificate = join(dir, "certificate.pem");
  const key = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      certificate,
    ],
    { stdio: "ignore" },
  );
  return { certificate, key };
}

function waitForPort(port, deadline) {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on 127.0.0.1:${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * Starts nginx in `dir` with the deploy template filled for `site`
 * (renderSiteConfig's options: the site dir, certificate, inquiry servers,
 * listen addresses; the access log goes to a file in `dir`). Resolves once
 * it accepts connections on `httpsPort`, to { accessLog(), output(), stop() }.
 */
export async function startNginx({ dir, site, httpsPort }) {
  const missing = nginxMissing();
  if (missing) throw new Error(missing);
  mkdirSync(join(dir, "temp"), { recursive: true });
  const siteConf = join(dir, "site.conf");
  const accessLogFile = join(dir, "access.log");
  writeFileSync(accessLogFile, "");
  writeFileSync(siteConf, renderSiteConfig({ ...site, accessLog: accessLogFile }));
  const mainConf = join(dir, "nginx.conf");
  writeFileSync(
    mainConf,
    [
      // What Debian's /etc/nginx/nginx.conf and modules-enabled/ provide, here in a directory of its own.
      `load_module ${brotliModule()};`,
      "daemon off;",
      "worker_processes 1;",
      `pid ${join(dir, "nginx.pid")};`,
      "error_log stderr warn;",
      // As root, the workers would drop to nobody, who cannot read a temporary directory.
      ...(process.getuid?.() === 0 ? ["user root;"] : []),
      "events { worker_connections 1024; }",
      "http {",
      `  include ${MIME_TYPES};`,
      "  default_type application/octet-stream;",
      "  sendfile on;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (kind) => `  ${kind}_temp_path ${join(dir, "temp", kind)};`,
      ),
      `  include ${siteConf};`,
      "}",
      "",
    ].join("\n"),
  );
  const args = ["-p", dir, "-c", mainConf];
  const check = spawnSync(nginxBin(), [...args, "-t", "-q"], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx refuses the configuration:\n${check.stderr}`);

  const child = spawn(nginxBin(), args, { stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  try {
    await Promise.race([
      waitForPort(httpsPort, Date.now() + START_TIMEOUT_MS),
      exited.then(({ code, signal }) => {
        throw new Error(`nginx exited (${code ?? signal}) during start-up:\n${output}`);
      }),
    ]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    /** The access log's lines so far (deploy/nginx/growth-partners.conf, log_format growth_partners). */
    accessLog: () => readFileSync(accessLogFile, "utf8").split("\n").filter(Boolean),
    output: () => output,
    /** A graceful stop (SIGQUIT: requests in flight finish), then waits for the exit. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
