import type { z } from "zod";
import { AboutSchema } from "./about.ts";
import { ApproachSchema } from "./approach.ts";
import { BehaviourSchema } from "./behaviour.ts";
import { ClientsSchema } from "./clients.ts";
import { ConsultantsSchema } from "./consultants.ts";
import { ContactSchema } from "./contact.ts";
import { FormOptionsSchema } from "./form-options.ts";
import { HomeSchema } from "./home.ts";
import { InquiryTextsSchema } from "./inquiry-texts.ts";
import { InsightsSchema } from "./insights.ts";
import { LegalSchema } from "./legal.ts";
import { LocalesSchema } from "./locales.ts";
import { PeopleSchema } from "./people.ts";
import { SiteSchema } from "./site.ts";
import { StatsSchema } from "./stats.ts";

/**
 * Every data file, the schema it must satisfy and the name of the module
 * `npm run generate` writes for it. Order is the order of reports.
 */
export const DATA_FILES = [
  { key: "locales", file: "locales.yaml", schema: LocalesSchema },
  { key: "site", file: "site.yaml", schema: SiteSchema },
  { key: "stats", file: "stats.yaml", schema: StatsSchema },
  { key: "behaviour", file: "behaviour.yaml", schema: BehaviourSchema },
  { key: "consultants", file: "consultants.yaml", schema: ConsultantsSchema },
  { key: "clients", file: "clients.yaml", schema: ClientsSchema },
  { key: "formOptions", file: "form-options.yaml", schema: FormOptionsSchema },
  { key: "home", file: "home.yaml", schema: HomeSchema },
  { key: "about", file: "about.yaml", schema: AboutSchema },
  { key: "approach", file: "approach.yaml", schema: ApproachSchema },
  { key: "people", file: "people.yaml", schema: PeopleSchema },
  { key: "contact", file: "contact.yaml", schema: ContactSchema },
  { key: "inquiry", file: "inquiry.yaml", schema: InquiryTextsSchema },
  { key: "legal", file: "legal.yaml", schema: LegalSchema },
  { key: "insights", file: "insights.yaml", schema: InsightsSchema },
] as const;

export type DataFile = (typeof DATA_FILES)[number];
export type DataKey = DataFile["key"];
export type DataSet = { [F in DataFile as F["key"]]: z.infer<F["schema"]> };

/** The routes the site has pages for; site.yaml must describe exactly these. */
export const ROUTES = [
  "/",
  "/about",
  "/approach",
  "/consultants",
  "/contact",
  "/contact/sent",
  "/imprint",
  "/privacy",
] as const;
export type Route = (typeof ROUTES)[number];

export * from "./about.ts";
export * from "./approach.ts";
export * from "./arr-range.ts";
export * from "./behaviour.ts";
export * from "./clients.ts";
export * from "./consultants.ts";
export * from "./contact.ts";
export * from "./form-options.ts";
export * from "./home.ts";
export * from "./inquiry-texts.ts";
export * from "./insights.ts";
export * from "./legal.ts";
export * from "./locales.ts";
export * from "./people.ts";
export * from "./site.ts";
export * from "./stats.ts";
