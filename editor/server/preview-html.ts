// A page the site rendered, made a static page of the editor: no script
// (the preview is a still image of the page, its response's CSP allows none),
// the stylesheets it links inlined (so they load from nothing but the
// response), and its own addresses led back into the preview, with the token.

/** `<script>…</script>`, JSON data and module scripts alike: none runs in the preview. */
const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*>/gi;
const PRELOAD = /<link\b[^>]*\brel="(?:modulepreload|preload|prefetch)"[^>]*>/gi;
const HREF = /\bhref="([^"]*)"/;
/** A root-relative address in an attribute (`href="/about"`, `src="/images/x.png"`), not `//host`. */
const LOCAL = /\b(href|src)="\/(?!\/)([^"]*)"/g;

/** `/de/about#team` → `/preview/de/about?token=…#team`. */
function previewAddress(path: string, token: string): string {
  const hash = path.indexOf("#");
  const [address, fragment] = hash < 0 ? [path, ""] : [path.slice(0, hash), path.slice(hash)];
  const joiner = address.includes("?") ? "&" : "?";
  return `/preview${address === "/" ? "" : address}${joiner}token=${encodeURIComponent(token)}${fragment}`;
}

const escapeAttribute = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

export async function staticPage(
  html: string,
  options: { token: string; stylesheet: (href: string) => Promise<string> },
): Promise<string> {
  const styles: string[] = [];
  for (const link of html.match(STYLESHEET) ?? []) {
    const href = HREF.exec(link)?.[1];
    if (href?.startsWith("/")) styles.push(await options.stylesheet(href.replaceAll("&amp;", "&")));
  }
  // `</style` inside the CSS would end the element early.
  const style = `<style>${styles.join("\n").replaceAll("</style", "<\\/style")}</style>`;
  return html
    .replace(SCRIPT, "")
    .replace(PRELOAD, "")
    .replace(STYLESHEET, "")
    .replace(/<head\b[^>]*>/i, (head) => `${head}${style}`)
    .replace(LOCAL, (_, attribute: string, path: string) => {
      const target = previewAddress(`/${path.replaceAll("&amp;", "&")}`, options.token);
      return `${attribute}="${escapeAttribute(target)}"`;
    });
}
