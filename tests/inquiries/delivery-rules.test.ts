import { describe, expect, it } from "vitest";
import type { Behaviour } from "../../schemas/behaviour.ts";
import { checkDelivery } from "../../schemas/rules/delivery.ts";
import { delivery } from "../../site/generated/behaviour.ts";

const shipped: Behaviour["delivery"] = { ...delivery, scheduleSeconds: [...delivery.scheduleSeconds] };

describe("checkDelivery (the delivery policy's rules)", () => {
  it("the shipped policy passes", () => {
    expect(checkDelivery(shipped)).toEqual([]);
  });

  it.each<[string, Partial<Behaviour["delivery"]>, (string | number)[], RegExp]>([
    ["a first wait that is not 0", { scheduleSeconds: [5, 10] }, ["scheduleSeconds", 0], /at once \(0\), got 5/],
    ["a schedule that shrinks", { scheduleSeconds: [0, 60, 5] }, ["scheduleSeconds", 2], /5 comes after 60/],
    [
      "a repeat below the last wait",
      { repeatEverySeconds: 60 },
      ["repeatEverySeconds"],
      /at least the schedule's last wait \(21600\)/,
    ],
    ["a repeat of 0", { scheduleSeconds: [0], repeatEverySeconds: 0 }, ["repeatEverySeconds"], /above 0/],
    ["a give-up inside the schedule", { giveUpAfterSeconds: 100 }, ["giveUpAfterSeconds"], /cuts the schedule short/],
    ["a lease no longer than an attempt", { leaseSeconds: 15 }, ["leaseSeconds"], /must be longer than one attempt/],
  ])("%s", (_name, change, path, message) => {
    const issues = checkDelivery({ ...shipped, ...change });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ key: "behaviour", path: ["delivery", ...path], severity: "error" });
    expect(issues[0]?.message).toMatch(message);
    expect(issues[0]?.hint).toBeTruthy();
  });
});
