// Which coding a response is sent in, by the request's Accept-Encoding
// (RFC 9110, section 12.5.3): q-values, `*`, and `identity` as the client
// weighs them, not a substring match ("br;q=0" refuses brotli).
import { parseAccept } from "hono/utils/accept";
import type { Encoding } from "./compressed-cache.ts";

export type Coding = Encoding | "identity";

/** A coding the response can be sent in; `twin` when a pre-compressed file holds it. */
export interface Offer {
  coding: Coding;
  twin: boolean;
}

/** On equal q: brotli (smaller) before gzip before none. */
const PREFERENCE: Coding[] = ["br", "gzip", "identity"];

/** The weight a client gives `coding`: its own entry, else `*`'s; identity is acceptable unless refused. */
function weigher(header: string | undefined): (coding: Coding) => number {
  // No header: the client said nothing of what it decodes; send the bytes as they are.
  if (header === undefined) return (coding) => (coding === "identity" ? 1 : 0);
  const accepts = parseAccept(header);
  const q = (name: string) => accepts.find((accept) => accept.type.toLowerCase() === name)?.q;
  const any = q("*");
  return (coding) => q(coding) ?? any ?? (coding === "identity" ? 1 : 0);
}

/**
 * The offer to send: the highest q; on a tie a twin on disk before compressing
 * now, then br, gzip, identity. Identity when the client accepts none of them
 * (sending it is allowed, and better than a 406 for a page).
 */
export function chooseCoding(header: string | undefined, offers: readonly Offer[]): Offer {
  const weight = weigher(header);
  let best: { offer: Offer; q: number } | undefined;
  for (const offer of offers) {
    const q = weight(offer.coding);
    if (q <= 0) continue;
    if (!best || q > best.q || (q === best.q && ranksBefore(offer, best.offer))) best = { offer, q };
  }
  return best?.offer ?? { coding: "identity", twin: false };
}

function ranksBefore(a: Offer, b: Offer): boolean {
  if (a.twin !== b.twin) return a.twin;
  return PREFERENCE.indexOf(a.coding) < PREFERENCE.indexOf(b.coding);
}
