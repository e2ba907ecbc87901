import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeCertificate, startNginx } from "./scripts/lib/nginx.js";
import { ATOM_TYPE, externalOrigins, headersFile, securityHeaders } from "./security/headers.ts";
import { inquiries } from "./site/generated/site.ts";
import { freePort, makeClientDir, tempDir } from "./tests/server/support.ts";

const dir = tempDir("nginx-smoke-");
const client = makeClientDir(dir);
writeFileSync(
  join(client, "_headers"),
  `${headersFile(securityHeaders(externalOrigins(inquiries.endpoint)))}/insights/feed.xml\n  Content-Type: ${ATOM_TYPE}\n`,
);
const cert = makeCertificate(join(dir, "tls"));
const https = await freePort();
const http = await freePort();
const nginx = await startNginx({
  dir: join(dir, "nginx"),
  httpsPort: https,
  site: {
    serverName: "localhost",
    listenHttps: `127.0.0.1:${https}`,
    listenHttp: `127.0.0.1:${http}`,
    certificate: cert.certificate,
    certificateKey: cert.key,
    siteDir: client,
    inquiryServers: ["127.0.0.1:9", "127.0.0.1:10"],
  },
});
console.log("https", https, "http", http, "dir", dir);
await new Promise((r) => setTimeout(r, 120000));
await nginx.stop();
