import type { Behaviour } from "../schemas/behaviour.ts";

/**
 * When the outbox tries a message again: the server's policy (data/behaviour.yaml
 * `delivery`), not the browser's (site/lib/retry.ts). A visitor waits seconds
 * for an answer; a message to the firm may wait hours for a mail server to come back.
 */
export interface DeliveryPolicy {
  /** Waits before each attempt, after the previous one; the first is 0. */
  scheduleMs: readonly number[];
  /** Wait between attempts once the schedule is used up. */
  repeatEveryMs: number;
  /** A last attempt this long after the first, then the message is dead. */
  giveUpAfterMs: number;
  /** Each wait varies by up to this fraction either way. */
  jitter: number;
  /** How long a claimed message stays with the server delivering it. */
  leaseMs: number;
  /** How long one attempt may take. */
  attemptTimeoutMs: number;
}

/** The policy of the data, in milliseconds. */
export function deliveryPolicy(
  data: Omit<Behaviour["delivery"], "scheduleSeconds"> & { scheduleSeconds: readonly number[] },
): DeliveryPolicy {
  const ms = (seconds: number) => Math.round(seconds * 1000);
  return {
    scheduleMs: data.scheduleSeconds.map(ms),
    repeatEveryMs: ms(data.repeatEverySeconds),
    giveUpAfterMs: ms(data.giveUpAfterSeconds),
    jitter: data.jitter,
    leaseMs: ms(data.leaseSeconds),
    attemptTimeoutMs: ms(data.attemptTimeoutSeconds),
  };
}

/**
 * The nominal waits before the second, third, … attempt: the schedule, then
 * the repeat, the last one cut so that the last attempt falls at the give-up
 * time. With 0, 5 s, 1 min, 5 min, 30 min, 2 h, 6 h, every 12 h, 3 days:
 * 12 waits, 13 attempts.
 */
export function attemptWaits(policy: DeliveryPolicy): number[] {
  const waits: number[] = [];
  let at = 0;
  const add = (wait: number) => {
    const cut = Math.min(wait, policy.giveUpAfterMs - at);
    if (cut <= 0) return false;
    waits.push(cut);
    at += cut;
    return true;
  };
  for (const wait of policy.scheduleMs.slice(1)) if (!add(wait)) return waits;
  // The rules keep repeatEveryMs above 0; the guard keeps a bad policy from looping.
  if (policy.repeatEveryMs <= 0) return waits;
  while (add(policy.repeatEveryMs));
  return waits;
}

/** Attempts in all before a message is dead. */
export function maxAttempts(policy: DeliveryPolicy): number {
  return attemptWaits(policy).length + 1;
}

/**
 * When to try again after `attemptsMade` attempts (the last one failed at
 * `now`), or null when the attempts are used up: the message is dead. The
 * count, not the clock, decides: a server that was down for a day resumes
 * the schedule where it was, and `redeliver` starts a fresh round.
 * `random` (0 ≤ r < 1) spreads the waits by the jitter, so messages that
 * failed together do not all come back at once.
 */
export function nextAttemptAt(
  attemptsMade: number,
  now: Date,
  policy: DeliveryPolicy,
  random: () => number = Math.random,
): Date | null {
  const wait = attemptWaits(policy)[Math.max(0, attemptsMade - 1)];
  if (wait === undefined || attemptsMade < 1) return attemptsMade < 1 ? now : null;
  const jittered = wait * (1 + policy.jitter * (2 * random() - 1));
  return new Date(now.getTime() + Math.round(jittered));
}
