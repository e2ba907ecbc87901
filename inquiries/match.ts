import { parseArrBand, parseArrRange } from "../schemas/arr-range.ts";

/** What the match needs of an inquiry: a quick one has neither field. */
export interface MatchInquiry {
  industry: string | null | undefined;
  arr: string | null | undefined;
}

/** What the match needs of a consultant (data/consultants.yaml). */
export interface MatchConsultant {
  slug: string;
  name: string;
  /** Industry option values of data/form-options.yaml. */
  industries: readonly string[];
  /** Like "2M-25M". */
  arrRange: string;
}

export type Fit = "industry-and-stage" | "industry" | "stage";

export interface Suggestion {
  slug: string;
  name: string;
  fit: Fit;
}

/** How a fit reads in the notification mail and the CLI. */
export const FIT_LABELS: Record<Fit, string> = {
  "industry-and-stage": "industry and ARR stage",
  industry: "industry",
  stage: "ARR stage",
};

const TIER: Record<Fit, number> = { "industry-and-stage": 0, industry: 1, stage: 2 };

export const MAX_SUGGESTIONS = 3;

/**
 * Up to three consultants a partner might hand an inquiry to.
 *
 * - Industry fits when the inquiry's industry value is one of the
 *   consultant's industries.
 * - Stage fits when the inquiry's ARR band ("5-10m", "50m+") overlaps the
 *   consultant's ARR focus ("2M-25M") by more than a point: 25-50m and
 *   5M-25M touch at 25 and do not fit.
 * - Ranked: both fit, then industry only, then stage only; a consultant
 *   with neither is not suggested.
 * - Ties: within a rank, the consultant who lists the industry earlier
 *   (their first industry is their main one) comes first; then the order of
 *   data/consultants.yaml, which is the firm's own order.
 *
 * A quick inquiry (home page) has no industry and no ARR: no suggestions.
 */
export function suggestMatches(inquiry: MatchInquiry, consultants: readonly MatchConsultant[]): Suggestion[] {
  const { industry, arr } = inquiry;
  if (!industry && !arr) return [];
  const band = arr ? parseArrBand(arr) : null;

  const ranked: { suggestion: Suggestion; tier: number; industryAt: number; order: number }[] = [];
  consultants.forEach((consultant, order) => {
    const industryAt = industry ? consultant.industries.indexOf(industry) : -1;
    const range = parseArrRange(consultant.arrRange);
    const stage = band !== null && range !== null && band.low < range.high && band.high > range.low;
    const fit: Fit | null =
      industryAt >= 0 && stage ? "industry-and-stage" : industryAt >= 0 ? "industry" : stage ? "stage" : null;
    if (fit === null) return;
    ranked.push({
      suggestion: { slug: consultant.slug, name: consultant.name, fit },
      tier: TIER[fit],
      industryAt: industryAt >= 0 ? industryAt : Number.MAX_SAFE_INTEGER,
      order,
    });
  });
  return ranked
    .sort((a, b) => a.tier - b.tier || a.industryAt - b.industryAt || a.order - b.order)
    .slice(0, MAX_SUGGESTIONS)
    .map((entry) => entry.suggestion);
}

/** "Name (fit); Name (fit)": one line, for the CLI's table and CSV. */
export function suggestionsText(suggestions: readonly Suggestion[]): string {
  return suggestions.map((s) => `${s.name} (${FIT_LABELS[s.fit]})`).join("; ");
}
