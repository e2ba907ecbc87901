import parseForwarded from "forwarded-parse";
import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;
/** An address and a prefix length: 10.0.0.0/8, or 127.0.0.1 as 127.0.0.1/32. */
export type AddressRange = [Address, number];

/** The headers a proxy may pass the client's address in. */
export const FORWARDED_HEADERS = ["x-forwarded-for", "forwarded"] as const;
export type ForwardedHeader = (typeof FORWARDED_HEADERS)[number];

/**
 * Whose forwarded header is believed, and which header that is. Only the
 * one header is read: a proxy that overwrites `X-Forwarded-For` but passes a
 * client's own `Forwarded` through untouched must not let the client choose.
 */
export interface TrustedProxies {
  ranges: readonly AddressRange[];
  header: ForwardedHeader;
}

/** No proxy trusted: the client is the socket's peer, and forwarded headers are ignored. */
export const NO_TRUSTED_PROXIES: TrustedProxies = { ranges: [], header: "x-forwarded-for" };

/**
 * An IP address as it is written in a socket, a setting or a forwarded
 * header: IPv4 in dotted decimal (no `127.1`, no octal), IPv6 (with a zone),
 * either with brackets and a port (`[2001:db8::1]:443`, `192.0.2.1:80`).
 * An IPv4-mapped IPv6 address is its IPv4 address. Undefined otherwise
 * (`unknown`, an obfuscated `_node` of RFC 7239, garbage).
 */
export function parseAddress(text: string): Address | undefined {
  let bare = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(bare);
  if (bracketed) bare = bracketed[1] ?? "";
  else bare = bare.replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/, "$1");
  if (ipaddr.IPv4.isValidFourPartDecimal(bare) || ipaddr.IPv6.isValid(bare)) return ipaddr.process(bare);
  return undefined;
}

/**
 * TRUSTED_PROXIES: addresses and CIDR ranges, separated by commas or spaces
 * (`127.0.0.1, 10.0.0.0/8 fd00::/8`). Throws one message naming every entry
 * that is neither.
 */
export function parseTrustedProxies(text: string): AddressRange[] {
  const ranges: AddressRange[] = [];
  const bad: string[] = [];
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const [host = "", prefix, ...rest] = entry.split("/");
    // No brackets and no port here: an address, or an address and a prefix length.
    const address =
      ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.IPv6.isValid(host) ? ipaddr.process(host) : undefined;
    const max = address?.kind() === "ipv6" ? 128 : 32;
    const length = prefix === undefined ? max : /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
    if (!address || rest.length > 0 || !(length >= 0 && length <= max)) bad.push(entry);
    else ranges.push([address, length]);
  }
  if (bad.length > 0) {
    throw new Error(
      `${bad.map((entry) => JSON.stringify(entry)).join(", ")} ${bad.length === 1 ? "is not an IP address or CIDR range" : "are not IP addresses or CIDR ranges"} (expected a list like "127.0.0.1, 10.0.0.0/8, fd00::/8")`,
    );
  }
  return ranges;
}

function isTrusted(address: Address, ranges: readonly AddressRange[]): boolean {
  return ranges.some(([network, length]) => network.kind() === address.kind() && address.match(network, length));
}

/** The addresses a forwarded header lists, nearest client first, as written (not yet parsed). */
function forwardedFor(header: ForwardedHeader, value: string): string[] {
  if (header === "x-forwarded-for") return value.split(",");
  try {
    return parseForwarded(value).map((element) => element.for ?? "");
  } catch {
    // A header that does not parse names nobody: the nearest proxy's view is all there is.
    return [];
  }
}

/**
 * The client's address. The socket's peer, unless it is a trusted proxy:
 * then the trusted header is read from the right, each address being the
 * one the proxy to its right saw, until the first address that is not a
 * trusted proxy. An entry that names no address (`unknown`, obfuscated,
 * garbage) stops the walk at the proxy that wrote it: everyone behind it
 * then counts as that proxy, never as an address a client wrote.
 */
export function clientAddress(peer: string | undefined, forwarded: string | undefined, trust: TrustedProxies): string {
  let current = peer === undefined ? undefined : parseAddress(peer);
  if (!current) return peer ?? "unknown";
  if (!isTrusted(current, trust.ranges) || forwarded === undefined) return current.toString();
  const entries = forwardedFor(trust.header, forwarded);
  for (let i = entries.length - 1; i >= 0; i--) {
    const next = parseAddress(entries[i] ?? "");
    if (!next) break;
    current = next;
    if (!isTrusted(current, trust.ranges)) break;
  }
  return current.toString();
}

/** Whether `peer` (a socket's remote address) is one of the trusted proxies. */
export function isTrustedPeer(peer: string | undefined, trust: TrustedProxies): boolean {
  const address = peer === undefined ? undefined : parseAddress(peer);
  return address !== undefined && isTrusted(address, trust.ranges);
}
