// Environment: build. The addresses of a page in every language, for the
// pages' +onBeforePrerenderStart hooks: how Vike (and any renderer that asks
// Vike for the site's URLs) learns the German pages.
import { localePath, locales } from "./locale.ts";

/** "/about" → ["/about", "/de/about"]: a page every language has. */
export function inEveryLocale(path: string): string[] {
  return locales.map((locale) => localePath(locale.code, path));
}
