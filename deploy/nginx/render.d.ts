export const TEMPLATE: string;
export function parseHeadersFile(text: string): Map<string, Map<string, string>>;
/** The nginx map lines of each language's 404 page, from the build's `_redirects`. */
export function notFoundPages(redirectsFile: string): string;
export function renderSiteConfig(options: {
  template?: string;
  serverName: string;
  listenHttps?: string;
  listenHttp?: string;
  certificate: string;
  certificateKey: string;
  siteDir: string;
  /** Default: syslog to the journal (unix:/dev/log). */
  accessLog?: string;
  inquiryServers: readonly string[];
  headersFile?: string;
  /** Default: the build's `_redirects` in siteDir. */
  redirectsFile?: string;
}): string;
