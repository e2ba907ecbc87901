// Environment: browser, as is (not bundled). Every pre-rendered page loads
// this one small script; the build (scripts/build/index.mjs) copies it into
// dist/client/assets with a content hash. The page paints from its own HTML
// and the inline CSS it uses; after that first frame, this enables the whole
// stylesheet (kept as a disabled <link> until then: what script shows later
// and the other pages need it) and starts what adds behaviour, kept inert in
// <template id="after-paint"> until then: the page's module preloads and
// Vike's client entry (docs/architecture.md, "Site").
//
// A module graph is evaluated in one task: React, Vike's client and the page
// together would be one long task that keeps the page from answering input.
// So the modules are fetched at once, in parallel, but evaluated one per
// task, each after the modules it imports (the template lists them in that
// order); the client entry then finds them all evaluated and only starts.
const template = document.getElementById("after-paint");

/** A macrotask boundary: the browser may paint or handle input in between. */
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start() {
  for (const link of document.querySelectorAll("link[rel=stylesheet][disabled]")) {
    if (link instanceof HTMLLinkElement) link.disabled = false;
  }
  if (!(template instanceof HTMLTemplateElement) || !template.isConnected) return;
  const elements = [...template.content.children].map((element) => document.importNode(element, true));
  template.remove();
  const preloads = elements.filter((element) => element.matches("link[rel=modulepreload]"));
  // Imported out of a template, a link loads and a script runs once inserted.
  document.head.append(...preloads);
  for (const link of preloads) {
    try {
      await import(link.href);
    } catch {
      // The client entry imports it again and reports the failure its own way.
      break;
    }
    await yieldToBrowser();
  }
  document.body.append(...elements.filter((element) => !preloads.includes(element)));
}

// A requestAnimationFrame callback runs just before the next frame, a 0 ms
// timeout just after it. A page opened in the background gets no frames: start at once.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(start, 0));
else void start();
