import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { projectWithCorpus } from "/work/wt-engine/scripts/lib/build-project.mjs";

const root = "/work/wt-engine";
const n = Number(process.argv[2] ?? 1000);
const consultants = parse(readFileSync(join(root, "data/consultants.yaml"), "utf8")).consultants;
const tags = parse(readFileSync(join(root, "data/insights.yaml"), "utf8")).tags;
const dir = projectWithCorpus(n, [
  "--authors",
  consultants.map((c) => c.slug).join(","),
  "--tags",
  tags.map((t) => t.slug).join(","),
]);
console.log(dir);
const env = {
  ...process.env,
  NODE_ENV: "production",
  NO_COLOR: "1",
  CONTENT_CACHE_DIR: join(dir, ".content-cache"),
  BUILD_CACHE_DIR: join(dir, ".build-cache"),
  CARDS_CACHE_DIR: join(dir, ".cards"),
};
function build(label) {
  const t = performance.now();
  const r = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: dir, env, encoding: "utf8", maxBuffer: 1 << 30 });
  const s = ((performance.now() - t) / 1000).toFixed(1);
  console.log(`== ${label}: ${s} s (exit ${r.status})`);
  console.log(
    r.stdout
      .split("\n")
      .filter((l) => /^(pages:|load|check|page step|built|build steps|bundle)/.test(l))
      .join("\n"),
  );
  if (r.status) console.log(r.stderr.slice(-2000));
}
build("cold");
build("nothing changed");
const file = join(
  dir,
  "data/insights",
  readdirSync(join(dir, "data/insights")).find((f) => f.endsWith(".md") && !f.startsWith("crm")),
);
writeFileSync(file, readFileSync(file, "utf8").replace(/\n\n([A-Z])/, "\n\nA sentence added. $1"));
build("one body edited");
const text = readFileSync(file, "utf8");
writeFileSync(
  file,
  text.replace(
    /^title: (.*)$/m,
    (_, t) => `title: ${t.startsWith('"') ? t.replace(/^"/, '"Retitled: ') : "Retitled " + t}`,
  ),
);
build("one title edited");
build("nothing changed");
