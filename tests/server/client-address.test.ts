// The client's address behind trusted proxies: the rules (X-Forwarded-For and
// RFC 7239 Forwarded, read from the right, stopping at the first address that
// is not a trusted proxy), then the rate limit of the real app keyed by it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientAddress,
  type ForwardedHeader,
  parseTrustedProxies,
  type TrustedProxies,
} from "../../server/client-address.ts";
import { addressKey, rateLimitSubject } from "../../server/rate-limit-store.ts";
import { postJson, quickInquiry, type RunningApp, readDb, startApp } from "./support.ts";

const trust = (list: string, header: ForwardedHeader = "x-forwarded-for"): TrustedProxies => ({
  ranges: parseTrustedProxies(list),
  header,
});
const PROXIES = trust("127.0.0.1, 10.0.0.0/8, fd00::/8");

describe("clientAddress with X-Forwarded-For", () => {
  it.each<[string, string, string | undefined, string]>([
    ["no proxy trusted: the peer, whatever the header says", "198.51.100.7", "203.0.113.9", "198.51.100.7"],
    ["a peer that is not a trusted proxy: its header is ignored", "198.51.100.7", "203.0.113.9", "198.51.100.7"],
    ["a trusted proxy: the address it saw", "127.0.0.1", "203.0.113.9", "203.0.113.9"],
    ["a spoofed entry left of the real client is never reached", "127.0.0.1", "1.2.3.4, 203.0.113.9", "203.0.113.9"],
    ["through two trusted proxies", "127.0.0.1", "1.2.3.4, 203.0.113.9, 10.1.2.3", "203.0.113.9"],
    ["spaces and a port", "127.0.0.1", " 203.0.113.9:51234 ", "203.0.113.9"],
    ["IPv6 in brackets with a port", "127.0.0.1", "[2001:db8::7]:443", "2001:db8::7"],
    ["IPv6 bare, written long", "127.0.0.1", "2001:0DB8:0000::0007", "2001:db8::7"],
    ["an IPv4-mapped peer is its IPv4 address", "::ffff:127.0.0.1", "203.0.113.9", "203.0.113.9"],
    ["`unknown` stops at the proxy that wrote it", "127.0.0.1", "203.0.113.9, unknown", "127.0.0.1"],
    ["garbage stops at the proxy that wrote it", "127.0.0.1", "203.0.113.9, <script>", "127.0.0.1"],
    ["a lenient IPv4 form (127.1) is no address", "10.0.0.2", "127.1", "10.0.0.2"],
    ["no header from a trusted proxy: the proxy", "10.0.0.2", undefined, "10.0.0.2"],
    ["only trusted proxies: the farthest", "127.0.0.1", "10.0.0.3, 10.0.0.2", "10.0.0.3"],
  ])("%s", (name, peer, header, expected) => {
    const proxies = name.startsWith("no proxy trusted") ? trust("") : PROXIES;
    expect(clientAddress(peer, header, proxies)).toBe(expected);
  });

  it("an IPv6 proxy range", () => {
    expect(clientAddress("fd00::1", "203.0.113.9", PROXIES)).toBe("203.0.113.9");
    expect(clientAddress("fe80::1", "203.0.113.9", PROXIES)).toBe("fe80::1");
  });
});

describe("clientAddress with Forwarded (RFC 7239)", () => {
  const FORWARDED = trust("127.0.0.1, 10.0.0.0/8", "forwarded");
  it.each<[string, string, string]>([
    [
      "for= of the last element",
      'for=192.0.2.60;proto=https;by=203.0.113.43, for="[2001:db8:cafe::17]:4711"',
      "2001:db8:cafe::17",
    ],
    ["case and spaces of the parameter", "For=192.0.2.60 , FOR=198.51.100.17", "198.51.100.17"],
    ["a quoted IPv4 with a port", 'for="192.0.2.43:47011"', "192.0.2.43"],
    ["walks past a trusted proxy", "for=192.0.2.60, for=10.0.0.9", "192.0.2.60"],
    ["an obfuscated node stops at the proxy", "for=192.0.2.60, for=_hidden", "127.0.0.1"],
    ["`unknown` stops at the proxy", "for=unknown", "127.0.0.1"],
    ["an element without for= stops at the proxy", "for=192.0.2.60, by=10.0.0.1", "127.0.0.1"],
    ["a header that does not parse names nobody", 'for=192.0.2.60, for="unterminated', "127.0.0.1"],
  ])("%s", (_name, header, expected) => {
    expect(clientAddress("127.0.0.1", header, FORWARDED)).toBe(expected);
  });
});

describe("one header only", () => {
  it("the header not named in TRUSTED_PROXY_HEADER is never read, so a proxy that passes it on unchanged cannot be fooled", () => {
    // The proxy overwrote X-Forwarded-For; the client's own Forwarded came through untouched.
    expect(clientAddress("127.0.0.1", undefined, trust("127.0.0.1", "x-forwarded-for"))).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "203.0.113.9", trust("127.0.0.1", "x-forwarded-for"))).toBe("203.0.113.9");
  });
});

describe("the rate limit's subject stays an IPv4 address or an IPv6 /64", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2:a::5", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:0000:0000:0000:0099", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["unknown", "unknown"],
  ])("%s → %s", (address, subject) => {
    expect(rateLimitSubject(address)).toBe(subject);
  });
});

describe("the real app behind a trusted proxy (this test's connection plays the proxy on 127.0.0.1)", () => {
  const LIMIT = 2;
  const SECRET = "topology-test-secret-16+";
  let proxied: RunningApp;
  let direct: RunningApp;

  beforeAll(async () => {
    proxied = await startApp({ rateLimit: LIMIT, rateLimitSecret: SECRET, trustedProxies: trust("127.0.0.1") });
    direct = await startApp({ rateLimit: LIMIT, rateLimitSecret: SECRET });
  });
  afterAll(async () => {
    await proxied?.close();
    await direct?.close();
  });

  const post = (app: RunningApp, forwardedFor: string, n: number) =>
    postJson(app.url, quickInquiry({ name: `Visitor ${n}` }), { "x-forwarded-for": forwardedFor });

  it("counts each forwarded client apart, and a client's own X-Forwarded-For (left of the proxy's) changes nothing", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < LIMIT + 1; n++) statuses.push((await post(proxied, `10.9.9.${n}, 203.0.113.5`, n)).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(201), 429]);
    expect((await post(proxied, "203.0.113.6", 9)).status).toBe(201);
    // The counts are kept under the HMAC of the forwarded address, never the address.
    const keys = readDb(proxied.dbPath, (db) => db.prepare("SELECT key, hits FROM rate_limit ORDER BY hits").all());
    expect(keys).toEqual([
      { key: addressKey("203.0.113.6", SECRET), hits: 1 },
      { key: addressKey("203.0.113.5", SECRET), hits: LIMIT + 1 },
    ]);
  });

  it("with no proxy trusted, X-Forwarded-For is ignored: a client cannot choose its own rate-limit key", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < LIMIT + 1; n++) statuses.push((await post(direct, `203.0.113.${n}`, n)).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(201), 429]);
    const keys = readDb(direct.dbPath, (db) => db.prepare("SELECT key FROM rate_limit").all());
    expect(keys).toEqual([{ key: addressKey("127.0.0.1", SECRET) }]);
  });
});
