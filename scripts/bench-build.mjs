#!/usr/bin/env node
// `npm run bench:build`: the build against both Astro 7 peers, in one run, on
// the same synthetic corpus (../shared/peers/corpus.mjs, with this project's
// consultants and tags). Prints figures; never fails on a slow machine (a
// failed run is printed as such and the rest goes on). Run it on an idle
// machine: every figure here is wall time.
//
// For each size (1,000 and 10,000 articles), `--runs` times, interleaved:
//   everything cold   no dist/, no caches at all: every card drawn
//   pages cold        the card store filled, everything else cold (no dist/,
//                     no page cache, no stored bundle, no content cache): what
//                     the Astro peers do, which draw no cards
//   pages cold, --precompress   the same, with the .br/.gz step
//   nothing changed   the same tree built again
//   one edited        one article's body edited, then built
//   one edited, --precompress   another edit, built with the .br/.gz step
//   the same-layout peer (astro7-site: this project's article page in .astro)
//   and the bare peer (astro7: the floor), each cold
// then medians, with ratios to the peers. The disk is settled (`sync`)
// before every timed run, ours and the peers', and which goes first
// alternates from run to run: the kernel's writeback of what one build wrote
// would otherwise land in the next one's time. Then, untimed, the
// file-system entries the page step creates per page, cold (strace, when
// installed: scripts/lib/count-creations.mjs). Then the shipped site (46 pages)
// cold and unchanged against the same-layout peer at 50 articles; a card
// against the renderer it replaced (npm run bench:cards); and 50,000 articles
// alone, everything cold, one run (its time over 10,000's, and its peak).
// Peak: RSS of the whole process tree (scripts/lib/measure.mjs), as the peers
// measure theirs.
//
//   node scripts/bench-build.mjs                                   # the whole benchmark
//   node scripts/bench-build.mjs --sizes 200 --runs 1 --large 0 --no-shipped --no-cards   # a smoke run
//   node scripts/bench-build.mjs --sizes "" --large 0 --no-cards                          # the shipped site alone
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { parse } from "yaml";
import { projectWithCorpus, shippedProject } from "./lib/build-project.mjs";
import { canCount, countCreations } from "./lib/count-creations.mjs";
import { measure } from "./lib/measure.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const PEERS = {
  site: { script: resolve(root, "../shared/peers/astro7-site/run.mjs"), name: "astro7-site-peer" },
  bare: { script: resolve(root, "../shared/peers/astro7/run.mjs"), name: "astro7-peer" },
};
const HOUR = 60 * 60 * 1000;

const { values: options } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000" },
    runs: { type: "string", default: "3" },
    large: { type: "string", default: "50000" },
    "no-shipped": { type: "boolean", default: false },
    "no-cards": { type: "boolean", default: false },
  },
});

/** This project's consultants and tags, for the corpus generator. */
function corpusOptions() {
  const consultants = parse(readFileSync(join(root, "data/consultants.yaml"), "utf8")).consultants;
  const tags = parse(readFileSync(join(root, "data/insights.yaml"), "utf8")).tags;
  return ["--authors", consultants.map((c) => c.slug).join(","), "--tags", tags.map((t) => t.slug).join(",")];
}

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)];
};
const s = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : "failed");
const mib = (value) => (Number.isFinite(value) ? `${Math.round(value)} MiB` : "n/a");
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)} ×` : "n/a");

/** A project copy and how to build it: its caches inside it, so that "cold" can remove them. */
function project(dir) {
  const caches = { content: join(dir, ".content-cache"), build: join(dir, ".build-cache"), cards: join(dir, ".cards") };
  const env = {
    ...process.env,
    NO_COLOR: "1",
    CI: "1",
    NODE_ENV: "production",
    CONTENT_CACHE_DIR: join(caches.content, "validations"),
    BUILD_CACHE_DIR: caches.build,
    CARDS_CACHE_DIR: caches.cards,
  };
  const clear = (...names) => {
    rmSync(join(dir, "dist"), { recursive: true, force: true });
    rmSync(join(dir, "site/generated"), { recursive: true, force: true });
    for (const name of names) rmSync(caches[name], { recursive: true, force: true });
  };
  async function build(label, args = []) {
    settle();
    const run = await measure(process.execPath, ["engine/build.mjs", ...args], { cwd: dir, env, timeoutMs: 2 * HOUR });
    if (run.status !== 0) {
      console.log(`    ${label}: the build exited ${run.status}: ${run.stderr.slice(-400)}`);
      return { ms: Number.NaN, peakMiB: Number.NaN };
    }
    const steps = run.stdout
      .split("\n")
      .filter((line) => /^(build steps|pages: |page step|check the record|load the server|precompress: )/.test(line));
    console.log(`    ${label}: ${s(run.ms)}, peak ${mib(run.peakMiB)}\n${steps.map((l) => `      ${l}`).join("\n")}`);
    return run;
  }
  return {
    dir,
    everythingCold() {
      clear("content", "build", "cards");
      return build("everything cold");
    },
    pagesCold(args = []) {
      clear("content", "build");
      return build(`pages cold, cards stored${args.length ? ` ${args.join(" ")}` : ""}`, args);
    },
    unchanged: () => build("nothing changed"),
    edited: (article, args = []) => {
      const file = join(dir, "data/insights", article);
      writeFileSync(
        file,
        readFileSync(file, "utf8").replace(/\n\n([A-Z])/, "\n\nOne sentence added for the benchmark. $1"),
      );
      return build(`one article edited${args.length ? ` ${args.join(" ")}` : ""}`, args);
    },
    /** The page step's file-system creations, cold (cards stored), per page: untimed, under strace. */
    creations() {
      clear("content", "build");
      for (const script of [["bin/content.mjs", "generate"], ["engine/bundle.mjs"]])
        spawnSync(process.execPath, script, { cwd: dir, env, stdio: "ignore" });
      const counted = countCreations(process.execPath, ["engine/pages.mjs"], {
        cwd: dir,
        env,
        areas: { cards: "dist/client/cards", pages: "dist/client", cache: caches.build, cardStore: caches.cards },
      });
      const pages = JSON.parse(readFileSync(join(dir, "dist/build-record.json"), "utf8")).pages.length;
      return { ...counted, pages };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Waits for the kernel to write back what earlier runs wrote, so that it lands in no timed run. */
function settle() {
  spawnSync("sync");
}

/** A peer's own figure of a cold build of `count` articles (its build alone, not its setup). */
async function peer(which, count) {
  const { script, name } = PEERS[which];
  settle();
  const run = await measure(process.execPath, [script, String(count)], { cwd: root, timeoutMs: 2 * HOUR });
  const found = new RegExp(`${name}: \\d+ articles, ([\\d.]+) s, peak (\\d+) MB`).exec(run.stdout);
  if (run.status !== 0 || !found) {
    console.log(`    ${name}: exited ${run.status}: ${(run.stderr || run.stdout).slice(-400)}`);
    return { ms: Number.NaN, peakMiB: Number.NaN };
  }
  console.log(`    ${name}: ${found[1]} s, peak ${found[2]} MB`);
  return { ms: Number(found[1]) * 1000, peakMiB: Number(found[2]) };
}

function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  for (const row of rows)
    console.log(row.map((cell = "", i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
}

const PRECOMPRESS = ["--precompress"];
const CASES = [
  "everything cold",
  "pages cold, cards stored",
  "pages cold, cards stored, --precompress",
  "nothing changed",
  "one article edited",
  "one article edited, --precompress",
];

async function size(count, runs, corpus, rows) {
  const label = count.toLocaleString("en");
  console.log(`\n${label} articles`);
  const mine = Object.fromEntries(CASES.map((name) => [name, []]));
  const peers = { site: [], bare: [] };
  const copy = project(projectWithCorpus(count, corpus));
  try {
    /** The n-th published article (the corpus makes every 97th a draft, which has no page to rebuild). */
    const article = (n) => {
      for (let i = n; ; i++) {
        const name = `article-${String(i).padStart(5, "0")}.md`;
        if (!/^draft: true$/m.test(readFileSync(join(copy.dir, "data/insights", name), "utf8"))) return name;
      }
    };
    for (let run = 1; run <= runs; run++) {
      // Odd runs: ours first; even runs: the peers first.
      const ours = async () => {
        mine["everything cold"].push(await copy.everythingCold());
        mine["pages cold, cards stored"].push(await copy.pagesCold());
        mine["pages cold, cards stored, --precompress"].push(await copy.pagesCold(PRECOMPRESS));
        mine["nothing changed"].push(await copy.unchanged());
        mine["one article edited"].push(await copy.edited(article(2 * run - 1)));
        mine["one article edited, --precompress"].push(await copy.edited(article(2 * run), PRECOMPRESS));
      };
      const theirs = async () => {
        peers.site.push(await peer("site", count));
        peers.bare.push(await peer("bare", count));
      };
      console.log(`  run ${run} of ${runs} (${run % 2 === 1 ? "ours first" : "the peers first"})`);
      if (run % 2 === 1) {
        await ours();
        await theirs();
      } else {
        await theirs();
        await ours();
      }
    }
    if (canCount()) {
      const { created, renames, pages, status } = copy.creations();
      const per = (n) => (n / pages).toFixed(2);
      console.log(
        `  file-system creations of the page step, cold (cards stored), strace${status === 0 ? "" : ` (exited ${status})`}: ${pages} pages; per page: ${per(created.pages + created.cache)} (dist/client ${per(created.pages)}, page cache ${per(created.cache)}), + ${per(created.cards)} social card links, ${per(created.cardStore)} card store, ${created.other} elsewhere; ${renames} renames`,
      );
      rows.push([`${label}, creations per page (page step, cold)`, per(created.pages + created.cache), "", "", ""]);
    } else console.log("  file-system creations: strace is not installed (apt-get install strace)");
  } finally {
    copy.remove();
  }
  const site = median(peers.site.map((p) => p.ms));
  const bare = median(peers.bare.map((p) => p.ms));
  for (const name of CASES) {
    const ms = median(mine[name].map((m) => m.ms));
    rows.push([
      `${label}, ${name}`,
      s(ms),
      mib(median(mine[name].map((m) => m.peakMiB))),
      ratio(ms, site),
      ratio(ms, bare),
    ]);
  }
  rows.push([`${label}, same-layout peer`, s(site), mib(median(peers.site.map((p) => p.peakMiB))), "1.00 ×", ""]);
  rows.push([`${label}, bare peer`, s(bare), mib(median(peers.bare.map((p) => p.peakMiB))), "", "1.00 ×"]);
  return median(mine["everything cold"].map((m) => m.ms));
}

async function shipped(runs, rows) {
  console.log("\nthe shipped site");
  const copy = project(shippedProject());
  const cold = [];
  const unchanged = [];
  const peers = [];
  try {
    for (let run = 1; run <= runs; run++) {
      cold.push((await copy.everythingCold()).ms);
      unchanged.push((await copy.unchanged()).ms);
      peers.push((await peer("site", 50)).ms);
    }
  } finally {
    copy.remove();
  }
  rows.push(["shipped site, everything cold", s(median(cold)), "", ratio(median(cold), median(peers)), ""]);
  rows.push(["shipped site, nothing changed", s(median(unchanged)), "", "", ""]);
  rows.push(["same-layout peer, 50 articles", s(median(peers)), "", "1.00 ×", ""]);
}

async function cards() {
  console.log("\na card against the renderer it replaced (npm run bench:cards)");
  const run = await measure(process.execPath, ["--import", "tsx", "scripts/bench-cards.ts", "--cards", "60"], {
    cwd: root,
    timeoutMs: HOUR,
  });
  console.log((run.stdout || run.stderr).trimEnd().replace(/^/gm, "  "));
}

const runs = Number(options.runs);
const large = Number(options.large);
const corpus = corpusOptions();
const rows = [["case", "time", "peak", "÷ same-layout peer", "÷ bare peer"]];
console.log(
  `build benchmark: node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0].toFixed(1)} at the start; medians of ${runs}`,
);
let tenThousand = Number.NaN;
// `--sizes ""` runs no corpus size: the shipped site, the cards or 50,000 alone.
for (const count of options.sizes.split(",").filter(Boolean).map(Number)) {
  const coldMs = await size(count, runs, corpus, rows);
  if (count === 10000) tenThousand = coldMs;
}
if (!options["no-shipped"]) await shipped(runs, rows);
if (!options["no-cards"]) await cards();
if (large > 0) {
  console.log(`\n${large.toLocaleString("en")} articles, one run`);
  const copy = project(projectWithCorpus(large, corpus));
  try {
    const run = await copy.everythingCold();
    rows.push([`${large.toLocaleString("en")}, everything cold (1 run)`, s(run.ms), mib(run.peakMiB), "", ""]);
    if (Number.isFinite(tenThousand)) rows.push([`  ÷ 10,000 everything cold`, ratio(run.ms, tenThousand), "", "", ""]);
  } finally {
    copy.remove();
  }
}
console.log(`\nload average ${loadavg()[0].toFixed(1)} at the end\n`);
printTable(rows);
