import type { renderSiteConfig } from "../../deploy/nginx/render.js";

export function nginxMissing(): string | undefined;
export function makeCertificate(dir: string): { certificate: string; key: string };
export interface RunningNginx {
  accessLog(): string[];
  output(): string;
  stop(): Promise<void>;
}
export function startNginx(options: {
  dir: string;
  site: Omit<Parameters<typeof renderSiteConfig>[0], "accessLog">;
  httpsPort: number;
}): Promise<RunningNginx>;
