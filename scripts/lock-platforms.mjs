// Keeps package-lock.json complete for every platform.
//
// Some packages ship their native binary as one optional package per
// platform (Biome, Tailwind's oxide). When the registry that `npm install`
// talks to lacks some of those platform packages, npm silently leaves them
// out of the lockfile, and `npm ci` then refuses the lockfile ("Missing: … from
// lock file"). This adds an entry for each missing one, with the os/cpu/libc
// that tell npm to skip it on other platforms (it is never downloaded here)
// and to install it where it belongs. Run after `npm install`: `node scripts/lock-platforms.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;

const OS = ["android", "darwin", "freebsd", "linux", "win32", "openharmony"];
const CPU = { arm64: "arm64", x64: "x64", arm: "arm", ia32: "ia32", wasm32: "wasm32", ppc64: "ppc64", s390x: "s390x" };

/** os, cpu and libc from a platform package's name, like `cli-linux-x64-musl` or `oxide-wasm32-wasi`. */
function platformOf(name) {
  const parts = name.split("/").at(-1).split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!cpu) return undefined;
  const entry = { cpu: [cpu] };
  if (os) entry.os = [os];
  if (os === "linux") entry.libc = [parts.includes("musl") ? "musl" : "glibc"];
  return entry;
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [dependency, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `${location ? `${location}/` : ""}node_modules/${dependency}`;
    const hoisted = `node_modules/${dependency}`;
    if (packages[target] || packages[hoisted]) continue;
    const platform = platformOf(dependency);
    if (!platform || !/^\d+\.\d+\.\d+/.test(spec)) continue;
    packages[hoisted] = { version: spec, ...platform, ...(entry.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform package entr${added === 1 ? "y" : "ies"}`);
