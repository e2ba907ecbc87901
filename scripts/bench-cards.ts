// `npm run bench:cards [-- --cards N]`: the social-card renderer alone
// (site/cards/), as the build calls it. Prints figures; never fails on a slow
// machine.
//   draw:   N article cards with different titles (20 to 90 characters), no
//           cache, each drawn by the build's renderer (Takumi) and by the one
//           it replaced (satori, resvg and sharp: scripts/lib/satori-card.tsx),
//           interleaved in one process: CPU time (the process's, every thread)
//           and wall time per card (median, p95), PNG bytes (median, max), and
//           one line with the ratio of the two.
//   cached: the same N cards again through ensureCard into a fresh output
//           folder: what a warm build pays per unchanged card (a copy).
// The build draws cards on its render threads, one per core, so the build's
// card time is about N × (CPU time per card) / cores.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CardSpec } from "../site/cards/card.ts";
import { cardFile, ensureCard } from "../site/cards/card-store.ts";
import { renderCard } from "../site/cards/render-card.tsx";
import { cardSvg, svgToPng } from "./lib/satori-card.tsx";

const arg = process.argv.indexOf("--cards");
const count = Number(arg === -1 ? (process.env.BENCH_CARDS ?? 200) : process.argv[arg + 1]);
if (!Number.isInteger(count) || count < 1) {
  console.error("bench:cards: --cards takes a whole number of cards, like --cards 200");
  process.exit(2);
}

const words =
  "pipeline forecast discovery outbound territory quota hygiene renewal expansion pricing onboarding churn segment cadence".split(
    " ",
  );
function spec(i: number): CardSpec {
  const length = 20 + ((i * 37) % 71);
  let title = `${i + 1}.`;
  for (let w = i; title.length < length; w++) title += ` ${words[w % words.length]}`;
  return {
    name: `bench-${i}`,
    title: title.slice(0, 90).trim(),
    description: null,
    eyebrow: "Insights",
    firm: "Nordstern",
    host: "nordstern.example",
    byline: { name: "Katharina Lindqvist", role: "Managing Partner", initials: "KL" },
    facts: `${1 + (i % 28)} November 2026 · ${3 + (i % 9)} min read`,
    cover: null,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kib = (value: number) => `${(value / 1024).toFixed(1)} KiB`;

type Draw = (card: CardSpec) => Promise<Buffer>;
const renderers: { name: string; draw: Draw }[] = [
  { name: "takumi", draw: async (card) => (await renderCard(card)).png },
  { name: "satori+resvg+sharp", draw: async (card) => svgToPng((await cardSvg(card)).svg) },
];

// The first card of each loads the fonts (and compiles satori's layout engine): measured apart.
const firstCard = new Map<string, number>();
for (const { name, draw } of renderers) {
  const started = performance.now();
  await draw(spec(count));
  firstCard.set(name, performance.now() - started);
}

// Interleaved, the order swapped every card: a busy moment of the machine falls on both alike.
const wall = new Map<string, number[]>(renderers.map(({ name }) => [name, []]));
const cpu = new Map<string, number[]>(renderers.map(({ name }) => [name, []]));
const bytes = new Map<string, number[]>(renderers.map(({ name }) => [name, []]));
for (let i = 0; i < count; i++) {
  const order = i % 2 === 0 ? renderers : [...renderers].reverse();
  for (const { name, draw } of order) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const png = await draw(spec(i));
    const used = process.cpuUsage(cpuStarted);
    wall.get(name)?.push(performance.now() - started);
    cpu.get(name)?.push((used.user + used.system) / 1000);
    bytes.get(name)?.push(png.length);
  }
}

const work = mkdtempSync(join(tmpdir(), "bench-cards-"));
const dirs = { out: join(work, "cold"), cache: join(work, "cache") };
for (let i = 0; i < count; i++) await ensureCard(spec(i), cardFile(spec(i)), dirs);
const cached: number[] = [];
for (let i = 0; i < count; i++) {
  const started = performance.now();
  const outcome = await ensureCard(spec(i), cardFile(spec(i)), { ...dirs, out: join(work, "warm") });
  cached.push(performance.now() - started);
  if (outcome !== "cached") throw new Error(`bench:cards: card ${i} was ${outcome}, expected a cache hit`);
}
rmSync(work, { recursive: true, force: true });

const [takumi, satori] = renderers.map(({ name }) => ({
  name,
  cpu: median(cpu.get(name) ?? []),
  wall: median(wall.get(name) ?? []),
  p95: p95(cpu.get(name) ?? []),
  bytes: bytes.get(name) ?? [],
}));
if (!takumi || !satori) throw new Error("bench:cards: two renderers expected");
console.log(
  `bench:cards: ${count} article cards, 1200×630, each drawn by both renderers in turn (Node ${process.version})`,
);
console.log(
  "  CPU time is the process's, every thread (Takumi draws on libuv's pool, sharp on libvips'): median per card",
);
for (const r of [takumi, satori])
  console.log(
    `  ${r.name.padEnd(20)} first ${ms(firstCard.get(r.name) ?? 0)}; CPU ${ms(r.cpu)} (p95 ${ms(r.p95)}), wall ${ms(r.wall)}; PNG median ${kib(median(r.bytes))}, max ${kib(Math.max(...r.bytes))}`,
  );
console.log(`  cached (warm build), per card      median ${ms(median(cached))} (key and copy)`);
console.log(
  `takumi ${ms(takumi.cpu)}/card vs satori+resvg+sharp ${ms(satori.cpu)}/card: ratio ${(takumi.cpu / satori.cpu).toFixed(2)} (CPU time; wall ${(takumi.wall / satori.wall).toFixed(2)}, PNG bytes ${(median(takumi.bytes) / median(satori.bytes)).toFixed(2)})`,
);
