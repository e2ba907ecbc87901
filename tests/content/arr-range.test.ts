import { describe, expect, it } from "vitest";
import { parseArrRange } from "../../schemas/arr-range.ts";
import { ArrRangeText } from "../../schemas/consultants.ts";

describe("parseArrRange", () => {
  it.each([
    ["both ends whole", "2M-25M", { low: 2, high: 25 }],
    ["decimal ends", "1.5M-20M", { low: 1.5, high: 20 }],
    ["the target range", "1M-50M", { low: 1, high: 50 }],
    // Ordering is the schema's job (below); the parser only reads.
    ["low above high still parses", "50M-5M", { low: 50, high: 5 }],
  ])("%s: %s", (_name, text, expected) => {
    expect(parseArrRange(text)).toEqual(expected);
  });

  it.each([
    ["no M", "2-25"],
    ["M on one end only", "2-25M"],
    ["lower-case m", "2m-25m"],
    ["spaces around the dash", "2M - 25M"],
    ["leading space", " 2M-25M"],
    ["an en dash", "2M–25M"],
    ["missing low end", "M-25M"],
    ["one number", "25M"],
    ["a plus instead of a high end", "50M+"],
    ["empty", ""],
  ])("%s: %j is not a range", (_name, text) => {
    expect(parseArrRange(text)).toBeNull();
  });
});

describe("ArrRangeText (the consultant's arrRange field)", () => {
  it.each([
    ["low below high", "2M-25M", []],
    ["not a range", "2-25", ['must be a range like "2M-25M"']],
    ["low above high", "50M-5M", ["the low end must be below the high end"]],
    ["low equal to high", "5M-5M", ["the low end must be below the high end"]],
  ])("%s: %s", (_name, text, messages) => {
    const result = ArrRangeText.safeParse(text);
    expect(result.error?.issues.map((issue) => issue.message) ?? []).toEqual(messages);
  });
});
