// Splitting and joining a language's path prefix (schemas/locale-paths.ts),
// the one place the site's routing, the inquiry domain and the server use.
import { describe, expect, it } from "vitest";
import { pageIn } from "../../inquiries/language.ts";
import { joinPrefix, splitPrefix, underPrefix } from "../../schemas/locale-paths.ts";
import { notFoundPageFor } from "../../server/static.ts";
import { locales } from "../../site/generated/locales.ts";
import { localePath, splitLocale } from "../../site/lib/locale.ts";

const LOCALES = [
  { code: "en", pathPrefix: "" },
  { code: "de", pathPrefix: "/de" },
] as const;

describe("splitPrefix", () => {
  it.each([
    ["a German page", "/de/about", "de", "/about"],
    ["the German home page", "/de", "de", "/"],
    ["the German home page with its slash", "/de/", "de", "/"],
    ["a nested German page", "/de/contact/sent", "de", "/contact/sent"],
    ["an English page", "/about", undefined, "/about"],
    ["the English home page", "/", undefined, "/"],
    ["a path that only starts like the prefix", "/deutsch", undefined, "/deutsch"],
    ["a path with the prefix later on", "/insights/de", undefined, "/insights/de"],
  ])("%s: %s → %s %s", (_name, pathname, code, path) => {
    const split = splitPrefix(LOCALES, pathname);
    expect(split.locale?.code).toBe(code);
    expect(split.path).toBe(path);
  });
});

describe("joinPrefix", () => {
  it.each([
    ["/de", "/about", "/de/about"],
    ["/de", "/", "/de"],
    ["/de", "/contact/sent", "/de/contact/sent"],
    ["", "/about", "/about"],
    ["", "/", "/"],
  ])("(%s, %s) → %s", (prefix, path, expected) => {
    expect(joinPrefix(prefix, path)).toBe(expected);
  });

  it("undoes splitPrefix for every page path in every language", () => {
    for (const locale of LOCALES) {
      for (const path of ["/", "/about", "/insights/tags/crm"]) {
        const split = splitPrefix(LOCALES, joinPrefix(locale.pathPrefix, path));
        expect(split.path).toBe(path);
        expect(split.locale?.code ?? "en").toBe(locale.code);
      }
    }
  });
});

describe("underPrefix", () => {
  it.each([
    ["/de", "/de", true],
    ["/de", "/de/about", true],
    ["/de", "/deutsch", false],
    ["/de", "/about", false],
    ["", "/about", false],
  ])("%s, %s → %s", (prefix, pathname, expected) => {
    expect(underPrefix(prefix, pathname)).toBe(expected);
  });
});

describe("its three users agree, with the locales of data/locales.yaml", () => {
  const german = locales.find((l) => l.pathPrefix !== "");
  if (!german) throw new Error("data/locales.yaml has no second language");

  it.each(["/", "/about", "/contact/sent"])("%s", (path) => {
    const address = localePath(german.code, path);
    expect(pageIn(german.code, path)).toBe(address);
    expect(splitLocale(address)).toEqual({ locale: german.code, path });
    const pages = new Map([
      ["", "default 404"],
      [german.pathPrefix, "German 404"],
    ]);
    expect(notFoundPageFor(`${address}/missing`.replace("//", "/"), pages)).toBe("German 404");
    expect(notFoundPageFor(`${path}missing`, pages)).toBe("default 404");
  });
});
