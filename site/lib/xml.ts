// Environment: build. Text into XML (the Atom feed, the sitemap), whatever it holds.

/**
 * What XML 1.0 forbids in a document (§2.2 Char: C0 controls but tab, LF and
 * CR; lone surrogates; U+FFFE, U+FFFF) and the controls it discourages (DEL,
 * C1): replaced by U+FFFD, so one stray character in the data cannot make a
 * feed reader drop the whole feed.
 */
export const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it matches
  /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for an XML element's content or a double- or single-quoted attribute value. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\r/g, "&#13;");
}
