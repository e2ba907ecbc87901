// The whole stylesheet, enabled and loaded: the pre-rendered page links it
// `disabled` (only its own rules are inline) until after its first paint.

/** Resolves once every stylesheet <link> of the page is enabled and loaded (or failed: nothing better to wait for). */
export function wholeStylesheet(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")];
  return Promise.all(
    links.map((link) => {
      link.disabled = false;
      if (link.sheet) return undefined;
      return new Promise<void>((resolve) => {
        link.addEventListener("load", () => resolve(), { once: true });
        link.addEventListener("error", () => resolve(), { once: true });
      });
    }),
  ).then(() => undefined);
}
