#!/usr/bin/env node
// Writes N realistic synthetic Insights articles into DIR/insights/ (DIR is a
// data folder, usually a temporary copy of data/), for benchmarks and scale
// tests: about 900 words each, h2 and h3 headings, a list, a table, a
// {stats.x} token, and internal links to the site's routes, consultants'
// cards, methodology phases and other synthetic articles (some with a
// #heading fragment). Valid authors and tags come from DIR's own YAML. The
// output is the same for the same N, and every article passes `validate`.
//
//   node scripts/gen-articles.mjs 1000 /tmp/project/data
//
// Also importable: generateArticles(count, dataDir) returns the slugs written.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const WORDS =
  "pipeline buyer account segment signal sequence meeting reply stage forecast quota ramp playbook discovery champion budget renewal expansion territory cadence persona objection dashboard hygiene enrichment handoff qualification velocity coverage conversion cohort".split(
    " ",
  );
const SECTIONS = [
  ["Where the number comes from", "The inputs", "The checks"],
  ["What we changed first", "Week one", "Week four"],
  ["How the team runs it", "Daily", "Weekly"],
  ["What to measure", "Leading signals", "Lagging results"],
  ["Common mistakes", "Too broad", "Too late"],
];
const ROUTES = ["/", "/about", "/approach", "/consultants", "/contact", "/insights"];

/** A small deterministic generator (mulberry32). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const slugOf = (i) => `synthetic-${String(i + 1).padStart(5, "0")}`;
const slugify = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export function generateArticles(count, dataDir) {
  const read = (file) => parse(readFileSync(join(dataDir, file), "utf8"));
  const authors = read("consultants.yaml").consultants.map((c) => c.slug);
  const phases = read("approach.yaml").phases.map((p) => p.slug);
  const tags = read("insights.yaml").tags.map((t) => t.slug);
  const figures = Object.keys(read("stats.yaml").stats);
  const out = join(dataDir, "insights");
  mkdirSync(out, { recursive: true });
  const slugs = [];
  for (let i = 0; i < count; i++) {
    const next = random(i + 1);
    const pick = (list) => list[Math.floor(next() * list.length)];
    const sentence = (n) => {
      const words = Array.from({ length: n }, () => pick(WORDS));
      return `${words.join(" ").replace(/^./, (c) => c.toUpperCase())}.`;
    };
    const paragraph = (sentences) =>
      Array.from({ length: sentences }, () => sentence(12 + Math.floor(next() * 8))).join(" ");
    const other = count > 1 ? slugOf((i + 1 + Math.floor(next() * (count - 1))) % count) : undefined;
    const link = () => {
      const kind = Math.floor(next() * 5);
      if (kind === 0) return `[our approach](/approach#${pick(phases)})`;
      if (kind === 1) return `[the consultant](/consultants#${pick(authors)})`;
      if (kind === 2 && other) return `[a related article](/insights/${other})`;
      if (kind === 3 && other) return `[that section](/insights/${other}#${slugify(SECTIONS[0][0])})`;
      return `[this page](${pick(ROUTES)})`;
    };
    const articleTags = [...new Set([pick(tags), pick(tags)])];
    const month = 1 + (i % 12);
    const day = 1 + (i % 28);
    const year = 2020 + (Math.floor(i / 336) % 7);
    const date = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    const body = [];
    body.push(`${paragraph(3)} Teams we work with see {stats.${pick(figures)}} on this. ${link()}.`);
    SECTIONS.forEach(([h2, h3a, h3b], s) => {
      body.push(`## ${h2}`, `${paragraph(4)} ${link()}.`);
      body.push(`### ${h3a}`, paragraph(3));
      if (s === 1) body.push(["- ", "- ", "- ", "- "].map((dash) => `${dash}${sentence(8)}`).join("\n"));
      body.push(`### ${h3b}`, `${paragraph(3)} ${link()}.`);
      if (s === 3) {
        body.push(
          [
            "| Stage | Before | After | Owner |",
            "| --- | ---: | ---: | --- |",
            ...Array.from(
              { length: 5 },
              () => `| ${pick(WORDS)} | ${Math.floor(next() * 90)}% | ${Math.floor(next() * 90)}% | ${pick(WORDS)} |`,
            ),
          ].join("\n"),
        );
      }
    });
    const front = [
      "---",
      `title: ${sentence(6).slice(0, -1)} (${i + 1})`,
      `description: ${sentence(14).slice(0, 150)}`,
      `date: ${date}`,
      `author: ${authors[i % authors.length]}`,
      `tags: [${articleTags.join(", ")}]`,
      "---",
    ];
    writeFileSync(join(out, `${slugOf(i)}.md`), `${front.join("\n")}\n${body.join("\n\n")}\n`);
    slugs.push(slugOf(i));
  }
  return slugs;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [countArg, dirArg] = process.argv.slice(2);
  const count = Number(countArg);
  if (!Number.isInteger(count) || count < 0 || !dirArg) {
    process.stderr.write("usage: node scripts/gen-articles.mjs N DATA_DIR   (writes DATA_DIR/insights/*.md)\n");
    process.exit(2);
  }
  generateArticles(count, resolve(dirArg));
  process.stdout.write(`wrote ${count} articles to ${join(dirArg, "insights")}\n`);
}
