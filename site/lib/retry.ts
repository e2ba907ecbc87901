/** The retry policy of data/behaviour.yaml: attempts in all, first wait, growth, cap. */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  factor: number;
  maxDelayMs: number;
}

/**
 * Wait before retry number `retry` (1 = the first retry): base × factor^(retry−1),
 * capped. With 1 s, ×2, 30 s: 1 s, 2 s, 4 s, … 16 s, 30 s, 30 s.
 */
export function retryDelay(retry: number, policy: RetryPolicy): number {
  if (retry < 1) return 0;
  return Math.min(policy.baseDelayMs * policy.factor ** (retry - 1), policy.maxDelayMs);
}

/** Whether another try is allowed after `attemptsMade` tries. */
export function canRetry(attemptsMade: number, policy: RetryPolicy): boolean {
  return attemptsMade < policy.attempts;
}
