/**
 * The law's demands on the data: the imprint and privacy notice one click
 * from every page (§ 5 DDG, GDPR Art. 13), the legal entity is the firm, and
 * the notice states every retention period the server enforces.
 */
import { findTokens } from "../templates.ts";
import { type RuleIssue, rule, walkTexts } from "./types.ts";

/** Pages the law wants one click away from every page (§ 5 DDG, GDPR Art. 13). */
export const LEGAL_ROUTES = ["/imprint", "/privacy"] as const;

export const footerLinksLegalPages = rule("footerLinksLegalPages", ["site"], ({ site }) =>
  LEGAL_ROUTES.filter((required) => !site.footer.legalLinks.some((link) => link.href === required)).map(
    (required): RuleIssue => ({
      key: "site",
      path: ["footer", "legalLinks"],
      severity: "error",
      message: `the footer does not link to ${required}`,
      hint: `every page must link to the imprint and the privacy notice: add \`- { label: …, href: ${required} }\``,
    }),
  ),
);

export const legalEntityIsFirm = rule("legalEntityIsFirm", ["legal", "site"], ({ legal, site }): RuleIssue[] =>
  legal.entity.legalName.startsWith(site.firm.legalName)
    ? []
    : [
        {
          key: "legal",
          path: ["entity", "legalName"],
          severity: "error",
          message: `"${legal.entity.legalName}" is not the firm of site.yaml ("${site.firm.legalName}")`,
          hint: `start the registered name with "${site.firm.legalName}" and add the legal form, like "${site.firm.legalName} GmbH"`,
        },
      ],
);

const domain = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

export const legalEmailAtFirmDomain = rule(
  "legalEmailAtFirmDomain",
  ["legal", "site"],
  ({ legal, site }): RuleIssue[] =>
    domain(legal.entity.email) === domain(site.firm.email)
      ? []
      : [
          {
            key: "legal",
            path: ["entity", "email"],
            severity: "error",
            message: `${legal.entity.email} is not at the firm's domain ${domain(site.firm.email)}`,
            hint: `use an address at ${domain(site.firm.email)}, like the partners' ${site.firm.email}`,
          },
        ],
);

/** The retention periods the privacy notice states through {retention.<key>}. */
export function statedPeriods(privacy: unknown): Set<string> {
  const used = new Set<string>();
  walkTexts(privacy, (text) => {
    for (const use of findTokens(text)) if (use.scope === "retention") used.add(use.key);
  });
  return used;
}

export const retentionPeriodsStated = rule("retentionPeriodsStated", ["legal"], ({ legal }) => {
  const used = statedPeriods(legal.privacy);
  return Object.entries(legal.retention)
    .filter(([period, value]) => value > 0 && !used.has(period))
    .map(
      ([period]): RuleIssue => ({
        key: "legal",
        path: ["retention", period],
        severity: "error",
        message: `the privacy notice does not state the period \`${period}\``,
        hint: `say it in a text under \`privacy:\` with {retention.${period}}, so the page shows the number the server enforces`,
      }),
    );
});

export const LEGAL_RULES = [
  footerLinksLegalPages,
  legalEntityIsFirm,
  legalEmailAtFirmDomain,
  retentionPeriodsStated,
] as const;
