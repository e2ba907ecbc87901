// `npm run bench:cards [-- --cards N]`: the social-card renderer alone
// (site/cards/), as the build calls it. Prints figures; never fails on a slow
// machine.
//   draw:   N article cards with different titles (20 to 90 characters), no
//           cache: satori (layout and text to SVG) and resvg (SVG to pixels) with sharp (pixels to PNG) timed apart;
//           time per card (median, p95) and PNG bytes (median, max).
//   cached: the same N cards again through ensureCard into a fresh output
//           folder: what a warm build pays per unchanged card (a copy).
// One thread: the build draws cards on its render threads, one per core, so
// the build's card time is about N × (time per card) / cores.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CardSpec } from "../site/cards/card.ts";
import { cardFile, ensureCard } from "../site/cards/card-store.ts";
import { cardSvg, renderCard, svgToPng } from "../site/cards/render-card.tsx";

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

// The first card loads the fonts and compiles satori's layout engine: measured apart.
const warmStart = performance.now();
await renderCard(spec(count));
const firstCard = performance.now() - warmStart;

const total: number[] = [];
const svgTimes: number[] = [];
const bytes: number[] = [];
for (let i = 0; i < count; i++) {
  const started = performance.now();
  const { svg } = await cardSvg(spec(i));
  const drawn = performance.now();
  const png = await svgToPng(svg);
  total.push(performance.now() - started);
  svgTimes.push(drawn - started);
  bytes.push(png.length);
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

console.log(`bench:cards: ${count} article cards, 1200×630, one thread (Node ${process.version})`);
console.log(`  first card (fonts, layout engine)  ${ms(firstCard)}`);
console.log(`  drawn, per card                    median ${ms(median(total))}, p95 ${ms(p95(total))}`);
console.log(
  `    of which satori (SVG)            median ${ms(median(svgTimes))}; resvg (pixels) and sharp (PNG) the rest`,
);
console.log(`  PNG size                           median ${kib(median(bytes))}, max ${kib(Math.max(...bytes))}`);
console.log(`  cached (warm build), per card      median ${ms(median(cached))} (key and copy)`);
console.log(`  drawn, all                         ${(total.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`);
