export const TEMPLATE: string;
export function parseHeadersFile(text: string): Map<string, Map<string, string>>;
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
}): string;
