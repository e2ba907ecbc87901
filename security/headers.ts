import { afterPaintLoader } from "./after-paint.js";

/**
 * Security headers of every response, and of the `_headers` file written
 * into dist/client for static hosts. Scripts only from this origin, and one
 * inline script: the pages' after-paint loader, allowed by the hash of its
 * exact text (security/after-paint.js), no other; styles allow inline style
 * attributes, which React and Radix set for positioning.
 */
export function securityHeaders(connectTo: readonly string[] = []): Record<string, string> {
  const connect = ["'self'", ...connectTo].join(" ");
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${afterPaintLoader().hash}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    `form-action ${connect}`,
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  };
}

/** The Insights feed's type (the generic MIME maps say application/xml). */
export const ATOM_TYPE = "application/atom+xml; charset=utf-8";

/** The headers as a Netlify/Cloudflare Pages `_headers` file. */
export function headersFile(headers: Record<string, string>): string {
  return `/*\n${Object.entries(headers)
    .map(([name, value]) => `  ${name}: ${value}`)
    .join("\n")}\n`;
}

/** Origins of an endpoint that is not on this site, for connect-src and form-action. */
export function externalOrigins(endpoint: string): string[] {
  return endpoint.startsWith("https://") ? [new URL(endpoint).origin] : [];
}
