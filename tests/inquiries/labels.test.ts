// An inquiry as people read it: option values shown by the labels of
// data/form-options.yaml, fields by the labels of the form the visitor used.
import { describe, expect, it } from "vitest";
import { optionLabels, readableFields } from "../../inquiries/labels.ts";
import { languageName } from "../../inquiries/language.ts";
import { formVocabulary } from "../../inquiries/schema.ts";
import type { StoredInquiry } from "../../inquiries/store.ts";
import { arr, industry, role, timeline } from "../../site/generated/form-options.ts";
import { defaultLocale, locales } from "../../site/generated/locales.ts";
import { fullInquiry, labels, quickInquiry } from "../server/fixtures.ts";

function stored(fields: Record<string, unknown>): StoredInquiry {
  const empty = { role: null, arr: null, industry: null, challenges: null, objectives: null, timeline: null };
  return { id: "i-1", receivedAt: "2026-03-01T10:00:00.000Z", ...empty, message: null, ...fields } as StoredInquiry;
}

describe("optionLabels", () => {
  it("names each chosen option by its label", () => {
    const inquiry = stored(fullInquiry({ role: role[1].value, arr: arr[3].value, industry: industry[7].value }));
    expect(optionLabels(inquiry, formVocabulary.options)).toEqual({
      role: role[1].label,
      arr: arr[3].label,
      industry: industry[7].label,
      timeline: timeline[0].label,
    });
  });

  it("leaves out options not chosen; a home-page message has none", () => {
    expect(optionLabels(stored(fullInquiry({ timeline: null })), formVocabulary.options)).not.toHaveProperty(
      "timeline",
    );
    expect(optionLabels(stored(quickInquiry()), formVocabulary.options)).toEqual({});
  });

  it("shows the stored value of an option removed from the data since", () => {
    expect(optionLabels(stored(fullInquiry({ industry: "quantum" })), formVocabulary.options).industry).toBe("quantum");
  });
});

describe("readableFields", () => {
  it("every filled field of the full form, in the form's order, by its label", () => {
    const fields = readableFields(stored(fullInquiry()), formVocabulary);
    expect(fields.map((f) => f.label)).toEqual(Object.values(labels.full));
    expect(fields.find((f) => f.field === "arr")?.text).toBe(arr[1].label);
    expect(fields.find((f) => f.field === "challenges")?.text).toBe(fullInquiry().challenges);
  });

  it("a home-page message by the home form's labels", () => {
    const fields = readableFields(stored(quickInquiry()), formVocabulary);
    expect(fields.map((f) => [f.label, f.text])).toEqual(
      Object.entries(labels.quick).map(([field, label]) => [label, quickInquiry()[field]]),
    );
  });
});

describe("languageName: the language to answer in, as the partners read it", () => {
  it("each language of the data by its name in the default language, its own name (data/locales.yaml) and its code", () => {
    for (const locale of locales) {
      const name = languageName(locale.code);
      expect(name).toContain(locale.name);
      expect(name).toMatch(new RegExp(`\\((?:.+, )?${locale.code}\\)$`));
    }
    const german = locales.find((locale) => locale.code === "de");
    if (german) expect(languageName("de")).toBe(`German (${german.name}, de)`);
    expect(languageName(defaultLocale)).toBe(`${locales[0].name} (${defaultLocale})`);
  });

  it("a language removed from the data since the inquiry arrived: by Intl's name, or the code as stored", () => {
    expect(languageName("fr")).toBe("French (fr)");
    expect(languageName("qq")).toBe("qq");
    expect(languageName("not a tag")).toBe("not a tag");
  });
});
