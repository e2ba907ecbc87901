import { z } from "zod";
import { figure, line, value } from "./common.ts";

export const Stat = z
  .strictObject({
    value: figure({ words: true })
      .describe(
        'The figure as shown, like "50+", "€100M+" or "90 days"; a translation gives its words and units ("90 Tage")',
      )
      .meta({ title: "Value" }),
    label: line("caption").describe("What the figure counts, shown under or after it").meta({ title: "Label" }),
  })
  .describe("One figure the site claims");

export const StatsSchema = z
  .strictObject({
    stats: z
      .record(
        value("id", (s) =>
          s.regex(/^[a-z][a-zA-Z0-9]*$/, {
            error: "a figure's id must be camelCase letters and digits, like `meetingsLift`",
          }),
        ),
        Stat,
      )
      .describe("Every figure, by id; texts refer to one as {stats.<id>}")
      .meta({ title: "Figures" }),
  })
  .describe("Every figure the site claims, once");

export type Stats = z.infer<typeof StatsSchema>;
