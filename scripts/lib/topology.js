// The production topology on loopback: nginx (TLS, deploy/nginx/) in front
// of inquiry servers (server/index.ts processes) on one database, and a load
// generator that posts inquiries through it from chosen client addresses
// (127.0.0.2, 127.0.0.3, …: all of 127.0.0.0/8 is this machine), sending an
// unanswered request again with its Idempotency-Key as the browser does.
// Used by the topology test (tests/server/topology.test.ts) and bench
// (scripts/bench-topology.mjs).

import { readFileSync } from "node:fs";
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { createServer } from "node:net";
import { join } from "node:path";
import { startBenchServer, stopBenchServer } from "./bench-server.mjs";
import { firstTryLatencies } from "./inquiry-checks.js";
import { makeCertificate, startNginx } from "./nginx.js";

/** A port nothing listens on (yet): bound, read and released. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Inquiry servers on the given ports (fixed, so a server restarted with
 * other settings stays where nginx sends requests). `env` is every server's
 * environment on top of the benchmarks' defaults; `envFor(i)` adds to server i's.
 */
export async function startInquiryServers({ work, siteDir, ports, env = {}, envFor = () => ({}), running }) {
  const servers = [];
  for (const [i, port] of ports.entries()) {
    servers.push(
      await startBenchServer({
        work,
        siteDir,
        running,
        env: { ...env, ...envFor(i), PORT: String(port), HOST: "127.0.0.1" },
      }),
    );
  }
  return servers;
}

export { stopBenchServer as stopInquiryServer };

/**
 * nginx with TLS (a throwaway certificate) in front of the servers on
 * `serverPorts`, serving `siteDir`: { url (https), httpUrl, ca, accessLog(), output(), stop() }.
 */
export async function startProxy({ dir, siteDir, serverPorts }) {
  const tls = makeCertificate(join(dir, "tls"));
  const httpsPort = await freePort();
  const httpPort = await freePort();
  const nginx = await startNginx({
    dir: join(dir, "nginx"),
    httpsPort,
    site: {
      serverName: "localhost",
      listenHttps: `127.0.0.1:${httpsPort}`,
      listenHttp: `127.0.0.1:${httpPort}`,
      certificate: tls.certificate,
      certificateKey: tls.key,
      siteDir,
      inquiryServers: serverPorts.map((port) => `127.0.0.1:${port}`),
    },
  });
  return {
    ...nginx,
    url: `https://127.0.0.1:${httpsPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    ca: readFileSync(tls.certificate, "utf8"),
  };
}

/** The nth quick inquiry of a run: its name unique to `n`. */
export function inquiryBody(n) {
  return JSON.stringify({
    kind: "quick",
    name: `Topology Visitor ${n}`,
    email: `visitor-${n}@topology.example`,
    company: "Topology Ltd",
    message: `Inquiry number ${n}, through the proxy.`,
  });
}

/**
 * One request: to `url` (http or https; `ca` trusts the proxy's certificate),
 * from `localAddress`. Resolves to { status (0: no answer), headers, text, ms }, never rejects.
 */
export function send(url, { method = "GET", headers = {}, body, ca, agent, localAddress, timeoutMs = 60_000 } = {}) {
  const secure = url.startsWith("https:");
  const started = performance.now();
  return new Promise((resolve) => {
    const req = (secure ? httpsRequest : httpRequest)(
      url,
      { method, headers, agent, localAddress, ...(secure ? { ca } : {}), timeout: timeoutMs },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, text, ms: performance.now() - started }),
        );
        res.on("error", () => resolve({ status: 0, headers: {}, text, ms: performance.now() - started }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, headers: {}, text: "", ms: performance.now() - started }));
    req.end(body);
  });
}

/** Statuses after which the browser sends the inquiry again with its key: no answer, 502, 503, 504. */
const RETRIED = new Set([0, 502, 503, 504]);

/**
 * Posts `total` inquiries over `connections` keep-alive connections, request n
 * to targets[n % targets.length] from localAddresses[n % …], each with its
 * own Idempotency-Key (`${prefix}-${n}`); a request without a 201 that the
 * browser would retry is sent again, to the same target, with the same key,
 * after a short wait. `onStarted(n)` runs before request n (to kill a server).
 * Latencies are of the first try of requests answered 201 at once.
 */
export async function load({
  targets,
  ca,
  total,
  connections,
  localAddresses = ["127.0.0.1"],
  prefix,
  onStarted,
  maxAttempts = 30,
}) {
  const agents = new Map();
  const agentFor = (target, localAddress) => {
    const name = `${target}|${localAddress}`;
    if (!agents.has(name)) {
      const options = {
        keepAlive: true,
        maxSockets: Math.max(1, Math.ceil(connections / localAddresses.length)),
        localAddress,
      };
      agents.set(name, target.startsWith("https:") ? new HttpsAgent({ ...options, ca }) : new HttpAgent(options));
    }
    return agents.get(name);
  };
  const results = [];
  let next = 0;
  let clientRetries = 0;
  const worker = async () => {
    while (next < total) {
      const n = next++;
      onStarted?.(n);
      const key = `${prefix}-${n}`;
      const target = targets[n % targets.length];
      const localAddress = localAddresses[n % localAddresses.length];
      const post = () =>
        send(`${target}/api/inquiries`, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": key },
          body: inquiryBody(n),
          ca,
          agent: agentFor(target, localAddress),
          localAddress,
        });
      const first = await post();
      let answer = first;
      let attempts = 1;
      while (RETRIED.has(answer.status) && attempts < maxAttempts) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempts)));
        clientRetries++;
        attempts++;
        answer = await post();
      }
      const idOf = (a) => (a.status === 201 ? JSON.parse(a.text).id : undefined);
      results.push({ key, status: answer.status, firstStatus: first.status, ms: first.ms, id: idOf(answer), attempts });
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  for (const agent of agents.values()) agent.destroy();
  return { results, seconds, perSecond: results.length / seconds, ...firstTryLatencies(results), clientRetries };
}

/**
 * From the proxy's access log (log_format growth_partners): the requests for
 * `path` it sent on to a second server, and how many each server answered.
 */
export function proxyRouting(lines, path = "/api/inquiries") {
  let passedOn = 0;
  const answeredBy = {};
  for (const line of lines) {
    if (!line.includes(`"POST ${path}"`)) continue;
    const upstreams = /upstream=(.*?) upstream_status=/.exec(line)?.[1]?.split(", ") ?? [];
    if (upstreams.length > 1) passedOn++;
    const last = upstreams.at(-1);
    if (last && last !== "-") answeredBy[last] = (answeredBy[last] ?? 0) + 1;
  }
  return { passedOn, answeredBy };
}
