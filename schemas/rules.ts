/**
 * Rules that span files or whole lists, run after each file passed its own
 * schema. Pure: they return issues with a path into a file; the CLI turns
 * paths into line:col. A rule only runs when the files it reads are valid.
 */
import { ARR_BAND_HINT, ARR_RANGE_HINT, parseArrBand, parseArrRange } from "./arr-range.ts";
import { checkDelivery } from "./delivery-rules.ts";
import { DATA_FILES, type DataKey, type DataSet, ROUTES } from "./index.ts";
import type { PathSegment } from "./suggest.ts";
import { closest, formatPath, suggestion } from "./suggest.ts";
import { FIRM_TOKENS, findTokens } from "./templates.ts";

export type { PathSegment } from "./suggest.ts";

/** Pages the law wants one click away from every page (§ 5 DDG, GDPR Art. 13). */
export const LEGAL_ROUTES = ["/imprint", "/privacy"] as const;

export interface RuleIssue {
  key: DataKey;
  path: PathSegment[];
  severity: "error" | "warning";
  message: string;
  hint?: string;
  /** Text inside the value that the issue is about, to point at it exactly. */
  needle?: string;
  /** A link into /insights: checked once the articles are read (cli/lib/articles), not here. */
  deferredHref?: string;
}

type Partial<T> = { [K in keyof T]?: T[K] };

export function checkRules(data: Partial<DataSet>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { consultants, clients, formOptions, stats, site, approach, home, legal, behaviour } = data;
  if (behaviour) issues.push(...checkDelivery(behaviour.delivery));

  if (consultants) {
    issues.push(
      ...duplicates("consultants", consultants.consultants, (c) => c.slug, ["slug"], "slug", ["consultants"]),
    );
  }
  if (approach) {
    issues.push(...duplicates("approach", approach.phases, (p) => p.slug, ["slug"], "phase slug", ["phases"]));
  }
  if (clients) {
    issues.push(
      ...duplicates(
        "clients",
        clients.clients,
        (c) => c.name.trim().toLowerCase(),
        ["name"],
        "client name (ignoring case)",
        ["clients"],
      ),
    );
  }
  if (formOptions) {
    for (const select of ["role", "arr", "industry", "timeline"] as const) {
      issues.push(
        ...duplicates("formOptions", formOptions[select], (o) => o.value, ["value"], "option value", [select]),
      );
    }
  }

  if (consultants && formOptions) issues.push(...consultantIndustriesExist(consultants, formOptions));
  if (formOptions) {
    // The consultant match compares these bands with the consultants' ARR ranges.
    formOptions.arr.forEach((option, index) => {
      const band = parseArrBand(option.value);
      if (!band || band.low >= band.high) {
        issues.push({
          key: "formOptions",
          path: ["arr", index, "value"],
          severity: "error",
          message: `the ARR option value "${option.value}" does not read as a band of ARR`,
          hint: ARR_BAND_HINT,
        });
      }
    });
  }

  if (stats) {
    const target = stats.stats.targetArr;
    const targetRange = target ? parseArrRange(target.value) : null;
    if (!target) {
      issues.push({
        key: "stats",
        path: ["stats"],
        severity: "error",
        message: "missing the figure `targetArr`, the ARR range the firm serves",
        hint: 'add `targetArr: { value: "1M-50M", label: … }`',
      });
    } else if (!targetRange || targetRange.low >= targetRange.high) {
      issues.push({
        key: "stats",
        path: ["stats", "targetArr", "value"],
        severity: "error",
        message: `expected a range like "1M-50M", got "${target.value}"`,
        hint: ARR_RANGE_HINT,
      });
    } else if (consultants) {
      consultants.consultants.forEach((consultant, index) => {
        const range = parseArrRange(consultant.arrRange);
        if (range && (range.low < targetRange.low || range.high > targetRange.high)) {
          issues.push({
            key: "consultants",
            path: ["consultants", index, "arrRange"],
            severity: "error",
            message: `"${consultant.arrRange}" lies outside the firm's target range ${target.value}`,
            hint: `keep both ends within ${target.value} (stats.yaml, targetArr)`,
          });
        }
      });
    }
  }

  if (site) {
    const paths = site.pages.map((page) => page.path);
    issues.push(...duplicates("site", site.pages, (p) => p.path, ["path"], "route", ["pages"]));
    for (const route of ROUTES) {
      if (!paths.includes(route)) {
        issues.push({
          key: "site",
          path: ["pages"],
          severity: "error",
          message: `the page ${route} has no entry`,
          hint: `add \`- path: ${route}\` with its title and description`,
        });
      }
    }
    for (const required of LEGAL_ROUTES) {
      if (!site.footer.legalLinks.some((link) => link.href === required)) {
        issues.push({
          key: "site",
          path: ["footer", "legalLinks"],
          severity: "error",
          message: `the footer does not link to ${required}`,
          hint: `every page must link to the imprint and the privacy notice: add \`- { label: …, href: ${required} }\``,
        });
      }
    }
    site.pages.forEach((page, index) => {
      if (!(ROUTES as readonly string[]).includes(page.path)) {
        issues.push({
          key: "site",
          path: ["pages", index, "path"],
          severity: "error",
          message: `the site has no page at ${page.path}`,
          hint: `the pages are ${ROUTES.join(", ")}`,
          needle: page.path,
        });
      }
    });
  }

  if (legal) issues.push(...checkLegal(legal, site));

  // Anchors a link may point at, per route.
  const anchors: Record<string, string[]> = {
    "/consultants": consultants?.consultants.map((c) => c.slug) ?? [],
    "/approach": approach?.phases.map((p) => p.slug) ?? [],
  };

  for (const { key } of DATA_FILES) {
    const value = data[key];
    if (value === undefined) continue;
    walk(value, [], (text, path) => {
      if (path.at(-1) === "href") issues.push(...checkHref(key, path, text, anchors));
      if (stats && site) issues.push(...checkTokens(key, path, text, stats.stats, legal?.retention));
    });
  }

  if (stats) {
    const refs: Array<[DataKey, PathSegment[], readonly string[] | undefined]> = [
      ["home", ["results", "stats"], home?.results.stats],
      ["approach", ["statsStrip", "stats"], approach?.statsStrip.stats],
    ];
    for (const [key, base, ids] of refs) {
      ids?.forEach((id, index) => {
        if (!Object.hasOwn(stats.stats, id)) {
          issues.push({
            key,
            path: [...base, index],
            severity: "error",
            message: `unknown figure \`${id}\``,
            hint: suggestion(id, Object.keys(stats.stats), "figures in stats.yaml"),
          });
        }
      });
    }
  }

  return issues;
}

/**
 * A consultant's industries are values of the inquiry form's industry
 * options: that is what lets an inquiry be matched to a consultant
 * (inquiries/match.ts), and what the card shows the label of.
 */
export function consultantIndustriesExist(
  consultants: DataSet["consultants"],
  formOptions: DataSet["formOptions"],
): RuleIssue[] {
  const options = formOptions.industry;
  const values = options.map((option) => option.value);
  const issues: RuleIssue[] = [];
  consultants.consultants.forEach((consultant, index) => {
    consultant.industries.forEach((industry, position) => {
      if (values.includes(industry)) return;
      // Someone who wrote the label ("FinTech") meant its value.
      const byLabel = closest(
        industry,
        options.map((option) => option.label),
      );
      const meant = options.find((option) => option.label === byLabel)?.value;
      issues.push({
        key: "consultants",
        path: ["consultants", index, "industries", position],
        severity: "error",
        message: `unknown industry "${industry}": not a value of the inquiry form's industry options`,
        hint: meant
          ? `did you mean \`${meant}\`? (the value of the option "${byLabel}" in form-options.yaml)`
          : suggestion(industry, values, "industry values in form-options.yaml"),
      });
    });
  });
  return issues;
}

function duplicates<T>(
  key: DataKey,
  items: readonly T[],
  identity: (item: T) => string,
  field: PathSegment[],
  what: string,
  base: PathSegment[],
): RuleIssue[] {
  const seen = new Map<string, number>();
  const issues: RuleIssue[] = [];
  items.forEach((item, index) => {
    const id = identity(item);
    const first = seen.get(id);
    if (first === undefined) {
      seen.set(id, index);
      return;
    }
    const path = [...base, index, ...field];
    issues.push({
      key,
      path,
      severity: "error",
      message: `duplicate ${what} "${id}": already used by ${formatPath([...base, first])}`,
      hint: `each ${what} must be unique; remove the duplicate or change one of them`,
    });
  });
  return issues;
}

function checkHref(key: DataKey, path: PathSegment[], href: string, anchors: Record<string, string[]>): RuleIssue[] {
  if (href === "#") {
    return [
      {
        key,
        path,
        severity: "warning",
        message: 'placeholder link "#" leads nowhere',
        hint: "point it at a page when one exists; until then it is shown as a placeholder",
      },
    ];
  }
  if (!href.startsWith("/")) return [];
  const [route = "", fragment] = href.split("#");
  if (route === "/insights" || route.startsWith("/insights/")) {
    return [{ key, path, severity: "error", message: "", deferredHref: href }];
  }
  if (!(ROUTES as readonly string[]).includes(route)) {
    return [
      {
        key,
        path,
        severity: "error",
        message: `link to "${href}", but the site has no page at ${route}`,
        hint: suggestion(route, ROUTES, "pages"),
      },
    ];
  }
  if (fragment !== undefined) {
    const known = anchors[route] ?? [];
    if (!known.includes(fragment)) {
      return [
        {
          key,
          path,
          severity: "error",
          message: `link to "${href}", but ${route} has no section #${fragment}`,
          hint: known.length
            ? suggestion(fragment, known, `sections of ${route}`)
            : `${route} has no linkable sections`,
        },
      ];
    }
  }
  return [];
}

const TOKEN_SCOPES = {
  firm: { what: "firm field", list: "firm fields" },
  stats: { what: "figure", list: "figures in stats.yaml" },
  retention: { what: "retention period", list: "retention periods in legal.yaml" },
} as const;

function checkTokens(
  key: DataKey,
  path: PathSegment[],
  text: string,
  stats: Record<string, unknown>,
  retention: Record<string, unknown> | undefined,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  for (const use of findTokens(text)) {
    // legal.yaml failed its own schema: its errors are reported; its keys are unknown.
    if (use.scope === "retention" && !retention) continue;
    const known =
      use.scope === "firm" ? [...FIRM_TOKENS] : Object.keys(use.scope === "stats" ? stats : (retention ?? {}));
    if (!known.includes(use.key)) {
      const scope = TOKEN_SCOPES[use.scope];
      issues.push({
        key,
        path,
        severity: "error",
        message: `unknown ${scope.what} in ${use.token}`,
        hint: suggestion(use.key, known, scope.list, `{${use.scope}.`, "}"),
        needle: use.token,
      });
    }
  }
  return issues;
}

/**
 * The legal entity is the firm of site.yaml, and the privacy notice states
 * every retention period the server enforces (through its token, so the
 * number shown is the number enforced).
 */
function checkLegal(legal: DataSet["legal"], site: DataSet["site"] | undefined): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (site && !legal.entity.legalName.startsWith(site.firm.legalName)) {
    issues.push({
      key: "legal",
      path: ["entity", "legalName"],
      severity: "error",
      message: `"${legal.entity.legalName}" is not the firm of site.yaml ("${site.firm.legalName}")`,
      hint: `start the registered name with "${site.firm.legalName}" and add the legal form, like "${site.firm.legalName} GmbH"`,
    });
  }
  const domain = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  if (site && domain(legal.entity.email) !== domain(site.firm.email)) {
    issues.push({
      key: "legal",
      path: ["entity", "email"],
      severity: "error",
      message: `${legal.entity.email} is not at the firm's domain ${domain(site.firm.email)}`,
      hint: `use an address at ${domain(site.firm.email)}, like the partners' ${site.firm.email}`,
    });
  }
  const used = new Set<string>();
  walk(legal.privacy, [], (text) => {
    for (const use of findTokens(text)) if (use.scope === "retention") used.add(use.key);
  });
  for (const [period, value] of Object.entries(legal.retention)) {
    if (value > 0 && !used.has(period)) {
      issues.push({
        key: "legal",
        path: ["retention", period],
        severity: "error",
        message: `the privacy notice does not state the period \`${period}\``,
        hint: `say it in a text under \`privacy:\` with {retention.${period}}, so the page shows the number the server enforces`,
      });
    }
  }
  return issues;
}

function walk(value: unknown, path: PathSegment[], visit: (text: string, path: PathSegment[]) => void): void {
  if (typeof value === "string") visit(value, path);
  else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      walk(item, [...path, index], visit);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) walk(v, [...path, k], visit);
  }
}

export { closest, formatPath, suggestion } from "./suggest.ts";
