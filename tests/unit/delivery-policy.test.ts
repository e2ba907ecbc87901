import { describe, expect, it } from "vitest";
import { type DeliveryPolicy, nextAttemptDelay } from "../../inquiries/delivery-policy.ts";

const policy: DeliveryPolicy = { attempts: 5, baseDelayMs: 1000, factor: 2, maxDelayMs: 5000 };

describe("nextAttemptDelay (the outbox's policy, not the browser's)", () => {
  it.each([
    ["no attempt made yet", 0, 1000],
    ["after the first failed attempt", 1, 1000],
    ["after the second", 2, 2000],
    ["after the third", 3, 4000],
    ["after the fourth, capped", 4, 5000],
    ["after the last attempt: given up", 5, null],
    ["past the last attempt", 9, null],
  ])("%s (%i) → %s", (_what, attemptsMade, expected) => {
    expect(nextAttemptDelay(attemptsMade, policy)).toBe(expected);
  });
});
