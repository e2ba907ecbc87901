// A view's count key for the tests: none of the optional parts unless given.
import type { ViewCount, ViewKey } from "../../visits/key.ts";

export const viewKey = (over: Partial<ViewKey> = {}): ViewKey => ({
  day: "2026-11-28",
  page: "/about",
  language: "en",
  landing: false,
  referrerHost: "",
  utmSource: "",
  utmMedium: "",
  utmCampaign: "",
  ...over,
});

export const viewCount = (over: Partial<ViewCount> = {}): ViewCount => ({ ...viewKey(over), views: over.views ?? 1 });
