/**
 * A link written in a text of another language (a translation of a data
 * file, a translated article): where it leads in that language, or why it
 * leaves it. One rule for both, so both say the same.
 */

export type InLanguage = { route: string } | { problem: { message: string; hint: string } };

/**
 * `/de/about#team` from a German text: the route `/about#team`. `/about`: an
 * English page, a problem (the switcher alone links across languages).
 */
export function inLanguage(href: string, code: string): InLanguage {
  const prefix = `/${code}`;
  if (href === prefix || href.startsWith(`${prefix}/`) || href.startsWith(`${prefix}#`)) {
    const rest = href.slice(prefix.length);
    return { route: rest === "" || rest.startsWith("#") ? `/${rest}` : rest };
  }
  return {
    problem: {
      message: `link to "${href}", an English page, from a text in language ${code}`,
      hint: `link the page in this language: \`${prefix}${href === "/" ? "" : href}\``,
    },
  };
}
