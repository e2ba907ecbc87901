// Environment: browser, as is (not bundled). Every pre-rendered page carries
// this one small script inline, without its comment lines (security/after-paint.js,
// which also gives its hash to the Content-Security-Policy): no request
// before the first paint. It runs as a module. The page paints from its own HTML
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
const PRELOADS_PER_TASK = 4;

function enableStylesheet() {
  for (const link of document.querySelectorAll("link[rel=stylesheet][disabled]")) {
    if (link instanceof HTMLLinkElement) link.disabled = false;
  }
}

async function start() {
  if (!(template instanceof HTMLTemplateElement) || !template.isConnected) return enableStylesheet();
  const elements = [...template.content.children].map((element) => document.importNode(element, true));
  template.remove();
  const preloads = elements.filter((element) => element.matches("link[rel=modulepreload]"));
  // Imported out of a template, a link loads and a script runs once inserted.
  // A few per task: the first insertion costs up to 4 ms (measured, issue 33),
  // and everything here used to be one task of 11-17 ms on this machine.
  for (let i = 0; i < preloads.length; i += PRELOADS_PER_TASK) {
    document.head.append(...preloads.slice(i, i + PRELOADS_PER_TASK));
    await yieldToBrowser();
  }
  // Enabling parses the stylesheet at once (1-8 ms measured); the style
  // recalculation follows in a task of its own, while the modules load.
  enableStylesheet();
  await yieldToBrowser();
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

// After the first paint is on screen: the browser reports first-contentful-paint
// once the frame is presented. (A requestAnimationFrame callback and a 0 ms
// timeout run after the frame is produced, which on a busy device can be well
// before it is shown: what started then competed with the first paint, and
// Lighthouse counted it in the LCP.) Where paint timing is not reported, after
// the next frame. A page opened in the background gets no frames: start at once.
let started = false;
const startOnce = () => {
  if (started) return;
  started = true;
  void start();
};
if (document.visibilityState !== "visible") startOnce();
else if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    setTimeout(startOnce, 0);
  }).observe({ type: "paint", buffered: true });
  // Sent to the background before its first paint: no paint to wait for.
  document.addEventListener("visibilitychange", () => document.visibilityState !== "visible" && startOnce(), {
    once: true,
  });
} else requestAnimationFrame(() => setTimeout(startOnce, 0));
