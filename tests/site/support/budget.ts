// Byte budgets of the built site, read from dist/client (sizes are
// deterministic, so this never depends on timing). The measuring is shared
// with the bundle report that `npm run build` prints.
export * from "../../../scripts/lib/first-load.js";
