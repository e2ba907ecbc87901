export interface CaptureSmtp {
  url: string;
  /** Deliveries by inquiry id. */
  mails: Map<string, number>;
  close(): Promise<void>;
}
export interface CaptureWebhook {
  url: string;
  /** Deliveries by inquiry id. */
  hooks: Map<string, number>;
  close(): Promise<void>;
}
export function captureSmtp(): Promise<CaptureSmtp>;
export function captureWebhook(): Promise<CaptureWebhook>;
export function storedRows(store: {
  DATABASE_URL?: string;
  INQUIRY_DB?: string;
}): Promise<{ id: string; key: string }[]>;
export interface RequestResult {
  key: string;
  status: number;
  firstStatus: number;
  id?: string | undefined;
}
export function storedOnce(
  results: readonly RequestResult[],
  rows: readonly { id: string; key: string }[],
): { acknowledged: number; ackLost: number; notOnce: number; rows: number; unanswered: Record<string, number> };
export function delivered(
  ids: readonly string[],
  options: { smtp: CaptureSmtp; webhook: CaptureWebhook; timeoutMs: number },
): Promise<{ mail: number; webhook: number; duplicateMails: number; duplicateWebhooks: number }>;
export function firstTryLatencies(results: readonly { firstStatus: number; ms: number }[]): {
  p50: number;
  p99: number;
};
export function printTable(rows: (string | number)[][], log?: (line: string) => void): void;
