// html-validate's configuration for the pre-rendered pages: checked by
// tests/site/html-validity.spec.ts, or by hand after a build with
// `npx html-validate "dist/client/**/*.html"`.
export default {
  extends: ["html-validate:recommended"],
  rules: {
    // The long text fields' minimum height is a figure from data/behaviour.yaml,
    // so React writes it as an inline style; every other inline style stays an error.
    "no-inline-style": ["error", { allowedProperties: ["display", "min-height"] }],
    // Lists are named by the heading above them (a consultant's "Core Expertise",
    // an approach phase) on purpose: ARIA allows naming these roles, and screen
    // readers and tests/site/routes.spec.ts find them by that name.
    "aria-label-misuse": ["error", { allowAnyNamable: true }],
    // An article's <title> is its title, which data may make up to 90 characters
    // long (TITLE_MAX in schemas/insights.ts); the rule's default is 70.
    "long-title": ["error", { maxlength: 90 }],
  },
};
