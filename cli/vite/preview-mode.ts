/**
 * The Vite mode in which the editor's page preview (editor/server/preview-site.ts) loads the site's
 * vite.config.ts: the configuration then leaves out the content plugin that validates data/ and writes
 * site/generated/, as the preview brings its own (content-plugin.ts, `generated`), and loading the one
 * it replaces cost 0.35–0.45 s of the first preview.
 */
export const EDITOR_PREVIEW_MODE = "editor-preview";
