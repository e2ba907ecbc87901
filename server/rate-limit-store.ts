import { createHmac } from "node:crypto";
import type { ClientRateLimitInfo, Store } from "hono-rate-limiter";
import type ipaddr from "ipaddr.js";
import type { InquiryStore } from "../inquiries/store.ts";
import { parseAddress } from "./client-address.ts";

/**
 * Used when INQUIRY_RATE_LIMIT_SECRET is not set: the hash is then a salted
 * SHA-256 anyone with this source could recompute for a guessed address.
 * With the secret (the same on every server) it is an HMAC nobody can.
 */
const DEFAULT_SECRET = "growth-partners/inquiries/rate-limit/v1";

/**
 * The counter's key for a client address: HMAC-SHA256 of the address; never
 * the address itself. An IPv6 client is counted by its /64 (one subscriber
 * gets a whole /64 and can pick any address in it); an IPv4-mapped IPv6
 * address by its IPv4 address.
 */
export function addressKey(address: string, secret = DEFAULT_SECRET): string {
  return createHmac("sha256", secret).update(rateLimitSubject(address)).digest("base64url");
}

/** "203.0.113.9" as it is; "2001:db8:1:2::5" as "2001:db8:1:2::/64"; "::ffff:203.0.113.9" as "203.0.113.9". */
export function rateLimitSubject(address: string): string {
  const ip = parseAddress(address);
  if (!ip) return address;
  if (ip.kind() === "ipv4") return ip.toString();
  return `${(ip as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/**
 * hono-rate-limiter's Store over the inquiry store's shared counters: the
 * limit holds across every server on one database. A count is deleted once
 * its window has ended: by the next hit (PostgreSQL), and at the latest one
 * window later by a sweep every window (what the privacy notice promises).
 */
export class InquiryRateLimitStore implements Store {
  /** Counted in the database, seen by every server. */
  readonly localKeys = false;
  readonly prefix = "inquiries";
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: InquiryStore,
    private readonly windowMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Called by rateLimiter() once: starts the sweep of ended windows. */
  init(): void {
    this.sweeper ??= setInterval(() => void this.sweep(), this.windowMs);
    this.sweeper.unref();
  }

  /** Deletes the windows that have ended, and nothing else (the purge with cutoffs before any data). */
  async sweep(): Promise<number> {
    const never = new Date(0);
    try {
      return (await this.store.purge({ inquiriesBefore: never, deadBefore: never, now: this.now() })).rateLimitWindows;
    } catch {
      return 0; // the store is closed or unreachable: the next sweep tries again
    }
  }

  shutdown(): void {
    clearInterval(this.sweeper);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { hits, resetAt } = await this.store.hit(key, this.windowMs, this.now());
    return { totalHits: hits, resetTime: resetAt };
  }

  /** A request that did not count (refused, invalid). Best effort: if it fails, the count is one high until the window ends. */
  async decrement(key: string): Promise<void> {
    await this.store.unhit(key, this.windowMs, this.now()).catch(() => {});
  }

  /** Nothing resets a count early: it ends with its window. */
  async resetKey(): Promise<void> {}
}
