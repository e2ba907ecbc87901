import type { ChildProcess } from "node:child_process";
import type { Agent } from "node:http";
import type { RequestResult } from "./inquiry-checks.js";
import type { RunningNginx } from "./nginx.js";

export function freePort(): Promise<number>;
export interface InquiryServer {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}
export function startInquiryServers(options: {
  work: string;
  siteDir: string;
  ports: readonly number[];
  env?: Record<string, string>;
  envFor?: (index: number) => Record<string, string>;
  running: Set<ChildProcess>;
}): Promise<InquiryServer[]>;
export function stopInquiryServer(server: InquiryServer): Promise<void>;
export interface Proxy extends RunningNginx {
  url: string;
  httpUrl: string;
  ca: string;
}
export function startProxy(options: { dir: string; siteDir: string; serverPorts: readonly number[] }): Promise<Proxy>;
export function inquiryBody(n: number): string;
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  ms: number;
}
export function send(
  url: string,
  options?: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    ca?: string;
    agent?: Agent;
    localAddress?: string;
    timeoutMs?: number;
  },
): Promise<Answer>;
export interface LoadResult extends RequestResult {
  ms: number;
  attempts: number;
}
export function load(options: {
  targets: readonly string[];
  ca?: string;
  total: number;
  connections: number;
  localAddresses?: readonly string[];
  prefix: string;
  onStarted?: (n: number) => void;
  maxAttempts?: number;
}): Promise<{
  results: LoadResult[];
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  clientRetries: number;
}>;
export function proxyRouting(
  lines: readonly string[],
  path?: string,
): { passedOn: number; answeredBy: Record<string, number> };
