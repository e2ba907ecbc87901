// Environment: browser, as is (not bundled). Every pre-rendered page loads
// this one small script; scripts/critical-path.mjs copies it into
// dist/client/assets with a content hash. The page paints from its own HTML
// and inline CSS; after that first frame, this inserts what adds behaviour,
// kept inert in <template id="after-paint"> until then: the page's module
// preloads and Vike's client entry. Script never competes with the first
// paint (docs/architecture.md, "Site").
const template = document.getElementById("after-paint");

function start() {
  if (!(template instanceof HTMLTemplateElement) || !template.isConnected) return;
  const elements = [...template.content.children];
  template.remove();
  // The preloads first, so the entry's imports are already on their way; imported
  // out of a template, a script runs and a link loads once inserted.
  const order = (element) => (element.matches("script") ? 1 : 0);
  const nodes = elements.sort((a, b) => order(a) - order(b)).map((element) => document.importNode(element, true));
  document.body.append(...nodes);
}

// A requestAnimationFrame callback runs just before the next frame, a 0 ms
// timeout just after it. A page opened in the background gets no frames: start at once.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(start, 0));
else start();
