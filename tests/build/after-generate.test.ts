// `vike build` beside `generate` (engine/after-generate.js): the plugin holds
// the build at its start until the driver says how generate went, and stops
// it when generate failed or the driver is gone; without the variable it is
// not there. The whole overlap (a cold `npm run build`, its output the same
// as the steps run one after the other) is in incremental-build.test.ts.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { afterGenerate } from "../../engine/after-generate.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "after-generate-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The plugin's buildStart, as Rollup calls it: `this.error` throws. */
function start(signal: string, driver = process.pid): Promise<void> {
  const plugin = afterGenerate(signal, driver);
  if (!plugin || typeof plugin.buildStart !== "function") throw new Error("no buildStart");
  const context = {
    error(message: string): never {
      throw new Error(message);
    },
  };
  return Promise.resolve(plugin.buildStart.call(context as never, {} as never));
}

describe("vike build beside generate", () => {
  it("waits until generate has said it went well, then lets the build go on", async () => {
    const signal = join(dir, "generate");
    let done = false;
    const waiting = start(signal).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(done).toBe(false);
    writeFileSync(signal, "");
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(done, "an empty file (being written) is not an answer").toBe(false);
    writeFileSync(signal, "ok");
    await waiting;
    expect(done).toBe(true);
  });

  it("stops the build when generate failed", async () => {
    const signal = join(dir, "generate");
    writeFileSync(signal, "failed");
    await expect(start(signal)).rejects.toThrow("generate failed (see above): nothing to bundle");
  });

  it("stops the build when the driver that would answer is gone", async () => {
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
    await expect(start(join(dir, "never-written"), gone)).rejects.toThrow(
      "the build that started this one has stopped",
    );
  });

  it("is not there without BUILD_GENERATE_SIGNAL (vike build by hand, vike dev)", () => {
    expect(afterGenerate(undefined)).toBeNull();
    expect(afterGenerate("")).toBeNull();
  });
});
