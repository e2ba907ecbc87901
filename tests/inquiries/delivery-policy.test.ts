import { describe, expect, it } from "vitest";
import {
  attemptWaits,
  type DeliveryPolicy,
  deliveryPolicy,
  maxAttempts,
  nextAttemptAt,
} from "../../inquiries/delivery-policy.ts";
import { delivery } from "../../site/generated/behaviour.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = new Date("2026-03-01T00:00:00.000Z");
const policy: DeliveryPolicy = {
  scheduleMs: [0, 5 * SECOND, MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR],
  repeatEveryMs: 12 * HOUR,
  giveUpAfterMs: 3 * DAY,
  jitter: 0.2,
  leaseMs: MINUTE,
  attemptTimeoutMs: 15 * SECOND,
};
const middle = () => 0.5;
const waitAfter = (attemptsMade: number, p = policy, random = middle) =>
  (nextAttemptAt(attemptsMade, now, p, random)?.getTime() ?? Number.NaN) - now.getTime();

describe("the delivery policy (the outbox's, not the browser's)", () => {
  it("is the one of data/behaviour.yaml, in milliseconds", () => {
    expect(deliveryPolicy(delivery)).toEqual({
      scheduleMs: delivery.scheduleSeconds.map((s) => s * 1000),
      repeatEveryMs: delivery.repeatEverySeconds * 1000,
      giveUpAfterMs: delivery.giveUpAfterSeconds * 1000,
      jitter: delivery.jitter,
      leaseMs: delivery.leaseSeconds * 1000,
      attemptTimeoutMs: delivery.attemptTimeoutSeconds * 1000,
    });
  });

  it("waits the schedule, then every 12 h, the last wait cut to end at 3 days", () => {
    const waits = attemptWaits(policy);
    const scheduled = policy.scheduleMs.reduce((a, b) => a + b, 0);
    const repeats = Math.floor((3 * DAY - scheduled) / (12 * HOUR));
    expect(waits).toEqual([
      ...policy.scheduleMs.slice(1),
      ...Array.from({ length: repeats }, () => 12 * HOUR),
      3 * DAY - scheduled - repeats * 12 * HOUR,
    ]);
    expect(waits.reduce((a, b) => a + b, 0)).toBe(3 * DAY);
    expect(maxAttempts(policy)).toBe(13);
  });

  it.each([
    ["after the first attempt: 5 s", 1, 5 * SECOND],
    ["after the second: 1 min", 2, MINUTE],
    ["after the seventh: 12 h", 7, 12 * HOUR],
    ["after the eleventh: 12 h", 11, 12 * HOUR],
  ])("%s", (_name, attemptsMade, wait) => {
    expect(waitAfter(attemptsMade)).toBe(wait);
  });

  it("after the last attempt: null (dead)", () => {
    expect(nextAttemptAt(13, now, policy, middle)).toBeNull();
    expect(nextAttemptAt(40, now, policy, middle)).toBeNull();
  });

  it("no attempt made yet: due now", () => {
    expect(nextAttemptAt(0, now, policy, middle)).toEqual(now);
  });

  it.each([
    ["random 0: the wait less the jitter", 0, 4 * SECOND],
    ["random 0.5: the wait", 0.5, 5 * SECOND],
    ["random just under 1: the wait plus the jitter", 0.999_999_9, 6 * SECOND],
  ])("jitter, %s", (_name, r, wait) => {
    expect(waitAfter(1, policy, () => r)).toBeCloseTo(wait, -1);
  });

  it("no jitter: exact waits whatever the random", () => {
    expect(waitAfter(2, { ...policy, jitter: 0 }, () => 0)).toBe(MINUTE);
  });

  it("a give-up inside the schedule ends it there", () => {
    const short = { ...policy, giveUpAfterMs: 2 * MINUTE };
    expect(attemptWaits(short)).toEqual([5 * SECOND, MINUTE, 55 * SECOND]);
    expect(maxAttempts(short)).toBe(4);
  });

  it("a repeat of 0 does not loop forever", () => {
    expect(maxAttempts({ ...policy, scheduleMs: [0], repeatEveryMs: 0 })).toBe(1);
  });
});
