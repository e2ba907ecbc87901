// The page as it is without JavaScript: every <script> (JSON included), every
// module preload and every <template> (the after-paint loader's) removed. The
// audit measures each route against this copy of itself in the same run
// (scripts/audit.mjs), a comparison that does not depend on the machine.
import { render } from "dom-serializer";
import { DomUtils, parseDocument } from "htmlparser2";

/** `html` without scripts, module preloads and templates; everything else byte for byte as parsed. */
export function withoutScripts(html) {
  const document = parseDocument(html, { decodeEntities: false });
  const removed = DomUtils.findAll(
    (element) =>
      element.name === "script" ||
      element.name === "template" ||
      (element.name === "link" && /(^|\s)modulepreload(\s|$)/i.test(element.attribs.rel ?? "")),
    document.children,
  );
  for (const element of removed) DomUtils.removeElement(element);
  return render(document, { decodeEntities: false });
}
