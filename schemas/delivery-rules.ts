import type { Behaviour } from "./behaviour.ts";
import type { RuleIssue } from "./rules.ts";

type Delivery = Behaviour["delivery"];

/**
 * The delivery policy's rules that a schema of single fields cannot state:
 * the schedule starts at once and only grows, the repeat and the give-up
 * come after it, and a lease outlasts an attempt (else a slow attempt's
 * message is taken by a second server and delivered twice).
 */
export function checkDelivery(delivery: Delivery): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const issue = (path: (string | number)[], message: string, hint: string) =>
    issues.push({ key: "behaviour", path: ["delivery", ...path], severity: "error", message, hint });
  const schedule = delivery.scheduleSeconds;

  if (schedule[0] !== 0) {
    issue(
      ["scheduleSeconds", 0],
      `the first attempt must be at once (0), got ${schedule[0]}`,
      "start the schedule with 0",
    );
  }
  schedule.forEach((wait, index) => {
    const before = schedule[index - 1];
    if (before !== undefined && wait < before) {
      issue(
        ["scheduleSeconds", index],
        `the schedule must not shrink: ${wait} comes after ${before}`,
        "write the waits in ascending order",
      );
    }
  });
  const last = schedule.at(-1) ?? 0;
  if (delivery.repeatEverySeconds <= 0 || delivery.repeatEverySeconds < last) {
    issue(
      ["repeatEverySeconds"],
      `the repeat wait (${delivery.repeatEverySeconds}) must be above 0 and at least the schedule's last wait (${last})`,
      "the attempts after the schedule come no faster than its last one",
    );
  }
  const scheduled = schedule.reduce((sum, wait) => sum + wait, 0);
  if (delivery.giveUpAfterSeconds < scheduled) {
    issue(
      ["giveUpAfterSeconds"],
      `giving up after ${delivery.giveUpAfterSeconds} s cuts the schedule short: its last attempt is ${scheduled} s after the first`,
      "give up no earlier than the schedule's last attempt (the sum of its waits)",
    );
  }
  if (delivery.leaseSeconds <= delivery.attemptTimeoutSeconds) {
    issue(
      ["leaseSeconds"],
      `the lease (${delivery.leaseSeconds} s) must be longer than one attempt may take (${delivery.attemptTimeoutSeconds} s)`,
      "otherwise a second server takes a message still being delivered and the firm gets it twice",
    );
  }
  return issues;
}
