// The pure parts of counting a view (visits/key.ts, visits/bots.ts): what a
// referrer, a campaign tag and a path become in the count's key, and which
// user agents are programs. Tables of named cases.
import { describe, expect, it } from "vitest";
import { isAutomated } from "../../visits/bots.ts";
import { campaignValue, knownPage, pageAndLanguage, referrerHost } from "../../visits/key.ts";

describe("referrerHost", () => {
  it.each<[string, string | undefined, string]>([
    [
      "a whole URL: its host, lower case, no port, path or query",
      "https://WWW.LinkedIn.com:443/feed/?trk=1#x",
      "www.linkedin.com",
    ],
    ["a host as the page's script sends it", "news.ycombinator.com", "news.ycombinator.com"],
    ["none", undefined, ""],
    ["this site itself", "https://growth.example/about", ""],
    ["another scheme", "javascript:alert(1)", ""],
    ["an IP address (it may be a visitor's own machine)", "http://192.0.2.7:8080/", ""],
    ["an IPv6 address", "http://[2001:db8::1]/", ""],
    ["a label over 63 characters", `${"a".repeat(64)}.example`, ""],
    ["a name over 253 characters", `${"abcdefghi.".repeat(26)}example`, ""],
    ["control characters", "www.example.org\u001b[31m", ""],
    ["user and password: dropped with the rest", "https://user:secret@www.example.org/", "www.example.org"],
  ])("%s", (_name, text, expected) => {
    expect(referrerHost(text, "growth.example:3000")).toBe(expected);
  });
});

describe("campaignValue", () => {
  it.each<[string, string | undefined, string]>([
    ["lower case, kept as it is otherwise", "LinkedIn", "linkedin"],
    ["spaces and punctuation become one dash", "Q4 (EU)!", "q4-eu"],
    ["markup is only words", "<b>x</b>", "b-x-b"],
    ["control characters and bidi controls are gone", "a\u0000b\u202ec\u001b[2J", "a-b-c-2j"],
    ["letters of other scripts stay, composed (NFC)", "Fru\u0308hjahr", "frühjahr"],
    ["nothing but garbage is nothing", "\u0000\u0001 !!", ""],
    ["none", undefined, ""],
    ["cut to the limit, without a trailing dash", `${"ab".repeat(5)}-${"c".repeat(40)}`, "ababababab"],
  ])("%s", (_name, text, expected) => {
    expect(campaignValue(text, 10)).toBe(expected);
  });
});

describe("knownPage and pageAndLanguage", () => {
  const pages = new Set(["/", "/about", "/de", "/de/about"]);
  const locales = [
    { code: "en", pathPrefix: "" },
    { code: "de", pathPrefix: "/de" },
  ];
  it.each<[string, string, { page: string; language: string } | undefined]>([
    ["the home page", "/", { page: "/", language: "en" }],
    ["a page with a trailing slash", "/about/", { page: "/about", language: "en" }],
    ["a German page, under its English page", "/de/about", { page: "/about", language: "de" }],
    ["the German home page", "/de", { page: "/", language: "de" }],
    ["a path that is no page", "/nope", undefined],
    ["a file", "/assets/x.js", undefined],
    ["a path with a query is no path", "/about?x=1", undefined],
  ])("%s", (_name, path, expected) => {
    const page = knownPage(path, pages);
    expect(page && pageAndLanguage(page, locales, "en")).toEqual(expected);
  });
});

describe("isAutomated", () => {
  const chrome =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
  it.each<[string, string | undefined, boolean]>([
    ["Chrome", chrome, false],
    ["Firefox", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", false],
    [
      "Safari on an iPhone",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      false,
    ],
    ["Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true],
    ["Bingbot", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", true],
    [
      "LinkedIn's link preview",
      "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
      true,
    ],
    ["a headless browser", chrome.replace("Chrome/", "HeadlessChrome/"), true],
    ["Lighthouse", `${chrome} Chrome-Lighthouse`, true],
    ["curl", "curl/8.5.0", true],
    ["Python", "python-requests/2.32.3", true],
    ["no user agent", undefined, true],
    ["an empty one", " ", true],
  ])("%s", (_name, userAgent, expected) => {
    expect(isAutomated(userAgent)).toBe(expected);
  });
});
