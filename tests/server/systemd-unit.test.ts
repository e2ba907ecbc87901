// deploy/systemd/growth-partners@.service: it names only settings the server
// reads, starts the server the way docs/deploying.md does, and (where systemd is
// installed) systemd itself finds nothing wrong with it.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EnvSchema } from "../../server/config.ts";

const UNIT = new URL("../../deploy/systemd/growth-partners@.service", import.meta.url);
const text = readFileSync(UNIT, "utf8");
const directives = text
  .split("\n")
  .filter((line) => /^\w+=/.test(line))
  .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)] as const);

describe("the systemd unit", () => {
  it("sets only variables the server reads", () => {
    const known = new Set([...Object.keys(EnvSchema.shape), "NODE_ENV"]);
    const set = directives
      .filter(([key]) => key === "Environment")
      .flatMap(([, value]) => value.split(/\s+/).map((pair) => pair.slice(0, pair.indexOf("="))));
    expect(set.length).toBeGreaterThan(0);
    for (const name of set) expect(known.has(name), name).toBe(true);
  });

  it("runs server/index.ts on the instance's port, stopped by SIGTERM", () => {
    const values = Object.fromEntries(directives);
    expect(values.ExecStart).toBe("/usr/bin/node --import tsx server/index.ts");
    expect(text).toMatch(/^Environment=.*\bPORT=%i\b/m);
    expect(values.KillSignal).toBe("SIGTERM");
  });

  const analyze = spawnSync("systemd-analyze", ["--version"]).status === 0;
  it.skipIf(!analyze)("passes systemd-analyze verify", () => {
    const dir = mkdtempSync(join(tmpdir(), "unit-"));
    try {
      const instance = join(dir, "growth-partners@3001.service");
      copyFileSync(UNIT, instance);
      const result = spawnSync("systemd-analyze", ["verify", "--man=no", instance], { encoding: "utf8" });
      expect(`${result.stdout}${result.stderr}`.trim()).toBe("");
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
