/**
 * The delivery policy's rules that a schema of single fields cannot state:
 * the schedule starts at once and only grows, the repeat and the give-up
 * come after it, and a lease outlasts an attempt (else a slow attempt's
 * message is taken by a second server and delivered twice).
 */
import type { Behaviour } from "../behaviour.ts";
import { type PathSegment, type RuleIssue, rule } from "./types.ts";

type Delivery = Behaviour["delivery"];

const issue = (path: PathSegment[], message: string, hint: string): RuleIssue => ({
  key: "behaviour",
  path: ["delivery", ...path],
  severity: "error",
  message,
  hint,
});

export function scheduleStartsAtOnce({ scheduleSeconds: schedule }: Delivery): RuleIssue[] {
  return schedule[0] === 0
    ? []
    : [
        issue(
          ["scheduleSeconds", 0],
          `the first attempt must be at once (0), got ${schedule[0]}`,
          "start the schedule with 0",
        ),
      ];
}

export function scheduleNeverShrinks({ scheduleSeconds: schedule }: Delivery): RuleIssue[] {
  return schedule.flatMap((wait, index) => {
    const before = schedule[index - 1];
    return before !== undefined && wait < before
      ? [
          issue(
            ["scheduleSeconds", index],
            `the schedule must not shrink: ${wait} comes after ${before}`,
            "write the waits in ascending order",
          ),
        ]
      : [];
  });
}

export function repeatAfterSchedule(delivery: Delivery): RuleIssue[] {
  const last = delivery.scheduleSeconds.at(-1) ?? 0;
  return delivery.repeatEverySeconds > 0 && delivery.repeatEverySeconds >= last
    ? []
    : [
        issue(
          ["repeatEverySeconds"],
          `the repeat wait (${delivery.repeatEverySeconds}) must be above 0 and at least the schedule's last wait (${last})`,
          "the attempts after the schedule come no faster than its last one",
        ),
      ];
}

export function giveUpAfterSchedule(delivery: Delivery): RuleIssue[] {
  const scheduled = delivery.scheduleSeconds.reduce((sum, wait) => sum + wait, 0);
  return delivery.giveUpAfterSeconds >= scheduled
    ? []
    : [
        issue(
          ["giveUpAfterSeconds"],
          `giving up after ${delivery.giveUpAfterSeconds} s cuts the schedule short: its last attempt is ${scheduled} s after the first`,
          "give up no earlier than the schedule's last attempt (the sum of its waits)",
        ),
      ];
}

export function leaseOutlastsAttempt(delivery: Delivery): RuleIssue[] {
  return delivery.leaseSeconds > delivery.attemptTimeoutSeconds
    ? []
    : [
        issue(
          ["leaseSeconds"],
          `the lease (${delivery.leaseSeconds} s) must be longer than one attempt may take (${delivery.attemptTimeoutSeconds} s)`,
          "otherwise a second server takes a message still being delivered and the firm gets it twice",
        ),
      ];
}

/** Every delivery check on one policy. */
export function checkDelivery(delivery: Delivery): RuleIssue[] {
  return [
    scheduleStartsAtOnce,
    scheduleNeverShrinks,
    repeatAfterSchedule,
    giveUpAfterSchedule,
    leaseOutlastsAttempt,
  ].flatMap((check) => check(delivery));
}

export const DELIVERY_RULES = (
  [
    ["scheduleStartsAtOnce", scheduleStartsAtOnce],
    ["scheduleNeverShrinks", scheduleNeverShrinks],
    ["repeatAfterSchedule", repeatAfterSchedule],
    ["giveUpAfterSchedule", giveUpAfterSchedule],
    ["leaseOutlastsAttempt", leaseOutlastsAttempt],
  ] as const
).map(([name, check]) => rule(name, ["behaviour"], ({ behaviour }) => check(behaviour.delivery)));
