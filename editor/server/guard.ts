// Who may talk to the editor: a page it served itself, on the address it
// printed. Checked before anything else on every request (see app.ts).
import { timingSafeEqual } from "node:crypto";

export interface GuardContext {
  /** The port the editor listens on, on 127.0.0.1. */
  port: number;
  token: string;
}

export type Refusal = { status: 401 | 403; reason: string };

/** The host names the editor answers to: the loopback address it prints, and localhost. */
export function ownHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function sameToken(given: string | null | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Why a request is refused, or undefined when it may go on. A foreign Host is
 * a DNS-rebinding page; a foreign Origin or a cross-site fetch is another site
 * posting into the editor; a missing token is anyone else on this machine.
 */
export function refusal(
  headers: { host?: string | null; origin?: string | null; secFetchSite?: string | null },
  givenToken: string | null | undefined,
  context: GuardContext,
): Refusal | undefined {
  const hosts = ownHosts(context.port);
  if (!headers.host || !hosts.includes(headers.host.toLowerCase())) {
    return { status: 403, reason: `refused: Host ${JSON.stringify(headers.host ?? "")} is not this editor's` };
  }
  if (headers.origin !== undefined && headers.origin !== null) {
    if (!hosts.some((host) => headers.origin === `http://${host}`)) {
      return { status: 403, reason: `refused: Origin ${JSON.stringify(headers.origin)} is not this editor's` };
    }
  }
  if (headers.secFetchSite === "cross-site" || headers.secFetchSite === "same-site") {
    return { status: 403, reason: `refused: a ${headers.secFetchSite} request` };
  }
  if (!sameToken(givenToken, context.token)) {
    return { status: 401, reason: "refused: missing or wrong token; open the address `npm run edit` printed" };
  }
  return undefined;
}
