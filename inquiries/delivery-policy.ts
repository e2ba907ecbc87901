/**
 * When the outbox tries a message again. This is the server's policy, not
 * the browser's (site/lib/retry.ts): a visitor waits seconds for an answer,
 * a message to the firm may wait hours for a mail server to come back.
 */
export interface DeliveryPolicy {
  /** Attempts in all; after the last one the message is given up. */
  attempts: number;
  baseDelayMs: number;
  factor: number;
  maxDelayMs: number;
}

/**
 * Milliseconds until the next attempt after `attemptsMade` attempts have
 * failed, or null when the policy's attempts are used up. The waits grow
 * from the base by the factor, capped: 1 s, 2 s, 4 s, … with 1 s, ×2.
 */
export function nextAttemptDelay(attemptsMade: number, policy: DeliveryPolicy): number | null {
  if (attemptsMade >= policy.attempts) return null;
  const exponent = Math.max(0, attemptsMade - 1);
  return Math.min(policy.baseDelayMs * policy.factor ** exponent, policy.maxDelayMs);
}
