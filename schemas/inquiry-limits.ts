// Kept free of zod: the forms import these limits into every page's first-load script.

/** Longest accepted values, in characters. */
export const INQUIRY_LIMITS = { short: 200, long: 5_000 } as const;
