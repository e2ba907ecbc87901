// The read logs' one mechanism (schemas/scoped-log.ts), behind the CLI's
// validation cache and the build's record of what each page read.
import { describe, expect, it } from "vitest";
import { ScopedLog } from "../../schemas/scoped-log.ts";

describe("ScopedLog", () => {
  it("records nothing, and computes no value, outside every log", () => {
    const log = new ScopedLog<string>();
    let computed = 0;
    log.record("a", () => {
      computed++;
      return "x";
    });
    expect(log.active).toBe(false);
    expect(computed).toBe(0);
  });

  it("records into the innermost log and every log around it", async () => {
    const log = new ScopedLog<number>();
    const outer = await log.run(async () => {
      log.record("a", () => 1);
      const inner = await log.run(async () => log.record("b", () => 2));
      expect([...inner.entries.keys()]).toEqual(["b"]);
    });
    expect([...outer.entries]).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
  });

  it("keeps the logs of work running side by side apart, across awaits", async () => {
    const log = new ScopedLog<true>();
    const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
    const reading = (key: string) =>
      log.run(async () => {
        await tick();
        log.record(key, () => true);
        await tick();
      });
    const [one, two] = await Promise.all([reading("one"), reading("two")]);
    expect([...one.entries.keys()]).toEqual(["one"]);
    expect([...two.entries.keys()]).toEqual(["two"]);
  });

  it("records nothing of what runs outside (a read made while computing a logged one)", async () => {
    const log = new ScopedLog<true>();
    const { value, entries } = await log.run(async () => {
      log.record("outer", () => true);
      return log.outside(() => {
        log.record("inner", () => true);
        return log.active;
      });
    });
    expect(value).toBe(false);
    expect([...entries.keys()]).toEqual(["outer"]);
  });
});
