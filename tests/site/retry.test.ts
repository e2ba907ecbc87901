import { describe, expect, it } from "vitest";
import { retry } from "../../site/generated/behaviour.ts";
import { canRetry, type RetryPolicy, retryDelay } from "../../site/lib/retry.ts";

describe("the retry policy of data/behaviour.yaml", () => {
  it("is 3 attempts, 1 s first wait, doubling, capped at 30 s", () => {
    expect(retry).toEqual({ attempts: 3, baseDelayMs: 1000, factor: 2, maxDelayMs: 30_000 });
  });
});

describe("retryDelay", () => {
  it.each([
    ["before any retry (retry 0)", 0, 0],
    ["a negative retry number", -1, 0],
    ["first retry", 1, 1000],
    ["second retry", 2, 2000],
    ["third retry", 3, 4000],
    ["fourth retry", 4, 8000],
    ["fifth retry", 5, 16_000],
    ["sixth retry: 32 s, capped", 6, 30_000],
    ["seventh retry: stays at the cap", 7, 30_000],
    ["a very late retry does not overflow past the cap", 200, 30_000],
  ])("%s → %i ms", (_name, attempt, delay) => {
    expect(retryDelay(attempt, retry)).toBe(delay);
  });

  it.each<[string, RetryPolicy, number[]]>([
    [
      "tripling from 20 ms, cap 500 ms",
      { attempts: 9, baseDelayMs: 20, factor: 3, maxDelayMs: 500 },
      [20, 60, 180, 500, 500],
    ],
    [
      "a constant wait (factor 1)",
      { attempts: 9, baseDelayMs: 250, factor: 1, maxDelayMs: 1000 },
      [250, 250, 250, 250, 250],
    ],
    [
      "a cap below the first wait wins",
      { attempts: 9, baseDelayMs: 1000, factor: 2, maxDelayMs: 300 },
      [300, 300, 300, 300, 300],
    ],
  ])("follows another policy: %s", (_name, policy, delays) => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelay(attempt, policy))).toEqual(delays);
  });
});

describe("canRetry", () => {
  it.each([
    ["no attempt made yet", 0, true],
    ["after the first attempt", 1, true],
    ["after the second attempt", 2, true],
    ["after the third attempt: attempts used up", 3, false],
    ["past the limit", 4, false],
  ])("%s (%i made) → %s", (_name, made, allowed) => {
    expect(canRetry(made, retry)).toBe(allowed);
  });

  it("allows exactly `attempts` tries in all, each retry waiting retryDelay", () => {
    const waits: number[] = [];
    let made = 1; // the first try
    while (canRetry(made, retry)) waits.push(retryDelay(made++, retry));
    expect(made).toBe(retry.attempts);
    expect(waits).toEqual([1000, 2000]);
  });
});
