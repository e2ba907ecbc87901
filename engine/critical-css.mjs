// @ts-check
// The part of the stylesheet a page needs for its first paint: every rule
// with at least one selector whose classes all occur in the page's HTML and
// whose element names all occur as elements in it (inside :is()/:where() one
// alternative must; :not() and the rest are kept as written). At-rules
// (@layer, @media, @supports, @property, @keyframes) stay, with the rules
// inside them filtered the same way. What the page shows only after script
// runs (the menu dialog, hover hints, form errors, the scrolled header)
// comes with the whole stylesheet, which site/after-paint.js enables after
// the first paint; a client-side navigation waits for it
// (site/pages/+onPageTransitionStart.ts).
//
// Pages of one template share their classes and elements: the subset is
// computed once per distinct set (lightningcss, about 0.1 s) and reused.
import { transform } from "lightningcss";

/**
 * The class names and element names used in `html`.
 * @param {string} html
 */
function vocabulary(html) {
  /** @type {Set<string>} */
  const classes = new Set();
  for (const match of html.matchAll(/\bclass(?:Name)?="([^"]*)"/g)) {
    for (const name of (match[1] ?? "").split(/\s+/)) if (name) classes.add(name);
  }
  /** @type {Set<string>} */
  const elements = new Set();
  for (const match of html.matchAll(/<([a-zA-Z][\w-]*)/g)) elements.add((match[1] ?? "").toLowerCase());
  return { classes, elements };
}

/** @type {Map<string, string>} */
const subsets = new Map();

/**
 * The rules of `css` (a minified stylesheet) the page `html` uses.
 * @param {string} css
 * @param {string} html
 */
export function criticalCss(css, html) {
  const { classes, elements } = vocabulary(html);
  const key = `${[...classes].sort().join(" ")}\n${[...elements].sort().join(" ")}`;
  let subset = subsets.get(key);
  if (subset === undefined) {
    /** @param {import("lightningcss").Selector} selector @returns {boolean} */
    const matches = (selector) =>
      selector.every((part) => {
        if (part.type === "class") return classes.has(part.name);
        if (part.type === "type") return elements.has(part.name.toLowerCase());
        if (part.type === "pseudo-class" && (part.kind === "is" || part.kind === "where")) {
          return part.selectors.some(matches);
        }
        return true;
      });
    const { code } = transform({
      filename: "critical.css",
      code: Buffer.from(css),
      minify: true,
      visitor: { Rule: { style: (rule) => (rule.value.selectors.some(matches) ? undefined : []) } },
    });
    subset = code.toString();
    subsets.set(key, subset);
  }
  return subset;
}
