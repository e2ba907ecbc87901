/** `html` without scripts, module preloads and templates; everything else as parsed. */
export function withoutScripts(html: string): string;
