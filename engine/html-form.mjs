// @ts-check
// A page written out as HTML (page-html.mjs, step 2) without parsing it into
// a tree: one left-to-right pass over React's markup that writes what
// htmlparser2's parseDocument followed by dom-serializer's render (utf8
// entities) writes, byte for byte. That pair is the reference: it cost two
// thirds of a page's final-HTML time (a DOM node per tag and per text, then a
// string per node), this pass about a tenth of it.
//
// The pass knows the form React, Vike's template and the Markdown renderer
// write: double-quoted attributes, every element closed, <svg> with plain
// shapes. Where a page holds anything else, anything the reference parser
// would repair or treat in a way of its own (a <div> opened inside a <p>, an
// unclosed element, a MathML island, an attribute without quotes, a <title>
// inside an <svg>, ...), it returns null and the page is written by the
// reference instead. The build's HTML check (BUILD_HTML_CHECK=1, set by the
// engine's tests) writes every page both ways and fails on any difference or
// any page left to the reference.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { decodeHTML, decodeHTMLAttribute, encodeXML, escapeAttribute, escapeText } from "entities";

// dom-serializer's own tables of mixed-case SVG names (not in its exports map).
const serializerDir = dirname(createRequire(import.meta.url).resolve("dom-serializer"));
/** @type {{ attributeNames: Map<string, string>, elementNames: Map<string, string> }} */
const foreignNames = await import(pathToFileURL(join(serializerDir, "foreign-names.js")).href);

/** Elements without content or end tag (htmlparser2's and dom-serializer's list, which agree). */
const VOID = new Set(
  "area base basefont br col command embed frame hr img input isindex keygen link meta param source track wbr".split(
    " ",
  ),
);
/** Raw text: written as found, no entities decoded or encoded. */
const RAW = new Set(["script", "style"]);
/** Escapable raw text: entities decoded, then escaped as text; no tags inside. */
const RCDATA = new Set(["title", "textarea"]);
/** What the reference parser or serializer treats in ways this pass does not follow. */
const REFUSED = new Set(
  "math image xmp iframe noembed noframes plaintext noscript desc foreignobject mi mo mn ms mtext annotation-xml".split(
    " ",
  ),
);
/** SVG elements whose name the serializer writes as found (lower case, no mixed-case form). */
const PLAIN_SVG = new Set("svg path rect circle ellipse line polyline polygon g".split(" "));

// htmlparser2's openImpliesClose: opening the key while the innermost open element is in its set closes that one
// (tests/build/html-form.test.ts compares it with htmlparser2's own, read from its source: it is not exported).
const pTag = ["p"];
const headings = ["h1", "h2", "h3", "h4", "h5", "h6", "p"];
const formTags = ["input", "option", "optgroup", "select", "button", "datalist", "textarea"];
/** @type {Map<string, Set<string>>} */
export const IMPLIES_CLOSE = new Map(
  /** @type {[string, string[]][]} */ ([
    ["tr", ["tr", "th", "td"]],
    ["th", ["th"]],
    ["td", ["thead", "th", "td"]],
    ["body", ["head", "link", "script"]],
    ["a", ["a"]],
    ["li", ["li"]],
    ["p", pTag],
    ...["h1", "h2", "h3", "h4", "h5", "h6"].map((h) => /** @type {[string, string[]]} */ ([h, headings])),
    ...["select", "input", "output", "button", "datalist", "textarea"].map(
      (tag) => /** @type {[string, string[]]} */ ([tag, formTags]),
    ),
    ["option", ["option"]],
    ["optgroup", ["optgroup", "option"]],
    ["dd", ["dd", "dt"]],
    ["dt", ["dd", "dt"]],
    ..."address article aside blockquote details div dl fieldset figcaption figure footer form header hr main nav ol pre section table ul"
      .split(" ")
      .map((tag) => /** @type {[string, string[]]} */ ([tag, pTag])),
    ["rt", ["rt", "rp"]],
    ["rp", ["rt", "rp"]],
    ["tbody", ["thead", "tbody"]],
    ["tfoot", ["thead", "tbody"]],
  ]).map(([tag, closes]) => [tag, new Set(closes)]),
);

const TAG_NAME = /<([a-zA-Z][a-zA-Z0-9-]*)/y;
const ATTRIBUTE = /\s+([^\s"'>/=]+)(?:="([^"]*)")?/y;
const TAG_END = /\s*(\/?)>/y;
const END_TAG = /<\/([a-zA-Z][a-zA-Z0-9-]*)\s*>/y;

/** @param {string} text */
const decodeText = (text) => (text.includes("&") ? decodeHTML(text) : text);

/**
 * `html` as the reference would write it, or null where it holds what this pass does not follow.
 * @param {string} html
 * @returns {string | null}
 */
export function htmlForm(html) {
  if (html.includes("\r") || html.includes("\0")) return null;
  /** @type {{ name: string, foreign: boolean }[]} */
  const stack = [];
  let out = "";
  let at = 0;
  // An SVG element's start tag waits here until its first child: with none, it self-closes ("<path …/>").
  /** @type {string | null} */
  let pending = null;
  const flush = () => {
    if (pending !== null) out += `${pending}>`;
    pending = null;
  };
  while (at < html.length) {
    const lt = html.indexOf("<", at);
    const textEnd = lt < 0 ? html.length : lt;
    if (textEnd > at) {
      const text = decodeText(html.slice(at, textEnd));
      flush();
      out += stack.at(-1)?.foreign ? encodeXML(text) : escapeText(text);
      at = textEnd;
      continue;
    }
    if (html.startsWith("<!--", at)) {
      const end = html.indexOf("-->", at + 4);
      if (end < 0 || html.startsWith(">", at + 4) || html.startsWith("->", at + 4)) return null;
      flush();
      out += html.slice(at, end + 3);
      at = end + 3;
      continue;
    }
    if (html.startsWith("<!", at)) {
      if (!/^<!DOCTYPE html>/i.test(html.slice(at, at + 15)) || stack.length > 0) return null;
      out += html.slice(at, at + 15);
      at += 15;
      continue;
    }
    if (html.startsWith("</", at)) {
      END_TAG.lastIndex = at;
      const match = END_TAG.exec(html);
      const top = stack.pop();
      if (!match || !top || match[1]?.toLowerCase() !== top.name) return null;
      if (pending !== null) out += `${pending}/>`;
      else out += `</${top.name}>`;
      pending = null;
      at = END_TAG.lastIndex;
      continue;
    }
    TAG_NAME.lastIndex = at;
    const match = TAG_NAME.exec(html);
    if (!match) return null;
    const written = match[1] ?? "";
    const name = written.toLowerCase();
    const parent = stack.at(-1);
    const foreign = name === "svg" || parent?.foreign === true;
    if (REFUSED.has(name) || (foreign && (!PLAIN_SVG.has(name) || name !== written))) return null;
    if (!foreign && parent && IMPLIES_CLOSE.get(name)?.has(parent.name)) return null;
    if (name === "form" && stack.some((element) => element.name === "form")) return null;
    if (foreign && name === "svg" && parent?.foreign) return null;
    flush();
    /** @type {string[]} */
    const seen = [];
    let tag = `<${name}`;
    ATTRIBUTE.lastIndex = TAG_NAME.lastIndex;
    let end = ATTRIBUTE.lastIndex;
    for (let attribute = ATTRIBUTE.exec(html); attribute; attribute = ATTRIBUTE.exec(html)) {
      end = ATTRIBUTE.lastIndex;
      const key = (attribute[1] ?? "").toLowerCase();
      if (seen.includes(key)) return null;
      seen.push(key);
      const raw = attribute[2];
      const value = raw === undefined ? "" : raw.includes("&") ? decodeHTMLAttribute(raw) : raw;
      if (foreign) tag += ` ${foreignNames.attributeNames.get(key) ?? key}="${encodeXML(value)}"`;
      else tag += value === "" ? ` ${key}` : ` ${key}="${escapeAttribute(value)}"`;
    }
    TAG_END.lastIndex = end;
    const close = TAG_END.exec(html);
    if (!close) return null;
    at = TAG_END.lastIndex;
    if (!foreign && VOID.has(name)) {
      out += `${tag}>`;
      continue;
    }
    // Foreign elements self-close; anything else with "/>" stays open in HTML, which this pass leaves to the reference.
    if (close[1] === "/") {
      if (!foreign) return null;
      out += `${tag}/>`;
      continue;
    }
    if (RAW.has(name) || RCDATA.has(name)) {
      const ending = new RegExp(`</${name}`, "gi");
      ending.lastIndex = at;
      const close = ending.exec(html)?.index ?? -1;
      if (close < 0) return null;
      const content = html.slice(at, close);
      out += `${tag}>${RAW.has(name) ? content : escapeText(decodeText(content))}`;
      stack.push({ name, foreign });
      at = close;
      continue;
    }
    if (foreign) pending = tag;
    else out += `${tag}>`;
    stack.push({ name, foreign });
  }
  return stack.length === 0 ? out : null;
}
