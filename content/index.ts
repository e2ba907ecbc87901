// The content core's one public entry: loading and reading text (BOM, CRLF),
// positions, validation with every rule, translations and locks, articles,
// generation, the editor's warm session. The CLI (commands and printing),
// the Vite plugin, the editor and the build import this file and nothing else
// of content/ (biome.json's noRestrictedImports); tests may reach further in.

export { acceptTranslations } from "./accept.ts";
export { bodyHtml } from "./articles/article-file.ts";
export { EarlyBodies } from "./articles/early-bodies.ts";
export { COVER_MAX_BYTES, COVER_MIN, checkCoverImage, IMAGES_PATH } from "./articles/images.ts";
export { tokenContext } from "./articles/index.ts";
export { ARTICLE_FIELDS, englishOf } from "./articles/staleness.ts";
export { validateContent } from "./content.ts";
export { countBySeverity, type Diagnostic, UsageError } from "./diagnostic.ts";
export { FORMATS, type Format, formatDiagnostics } from "./format.ts";
export { renderJsonSchemas } from "./json-schema.ts";
export { MAX_FILE_BYTES } from "./load.ts";
export { translationLocales } from "./load-translations.ts";
export { GENERATE_DEFAULTS, generateMemory } from "./quiet-generate.ts";
export { displayPath, formatBytes } from "./read-text.ts";
export type { ContentResult } from "./results.ts";
export { type DiskSnapshot, inSession, isRacy, newMemo, stampOf } from "./session.ts";
export { noWorkflowCommands, terminalSafe, terminalSafeJson } from "./terminal-safe.ts";
export { articlesStatus, lockText } from "./translation-locks.ts";
export { validateDataDir } from "./validate.ts";
export { writeIfChanged } from "./write.ts";
export { writeGenerated } from "./write-generated.ts";
export { MAX_NESTING, nestingOffset } from "./yaml-problems.ts";
