import type { z } from "zod";
import { AboutSchema } from "./about";
import { ApproachSchema } from "./approach";
import { BehaviourSchema } from "./behaviour";
import { ClientsSchema } from "./clients";
import { ConsultantsSchema } from "./consultants";
import { ContactSchema } from "./contact";
import { FormOptionsSchema } from "./form-options";
import { HomeSchema } from "./home";
import { PeopleSchema } from "./people";
import { SiteSchema } from "./site";
import { StatsSchema } from "./stats";

/**
 * Every data file, the schema it must satisfy and the name of the module
 * `npm run generate` writes for it. Order is the order of reports.
 */
export const DATA_FILES = [
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
] as const;

export type DataFile = (typeof DATA_FILES)[number];
export type DataKey = DataFile["key"];
export type DataSet = { [F in DataFile as F["key"]]: z.infer<F["schema"]> };

/** The routes the site has pages for; site.yaml must describe exactly these. */
export const ROUTES = ["/", "/about", "/approach", "/consultants", "/contact"] as const;
export type Route = (typeof ROUTES)[number];

export * from "./about";
export * from "./approach";
export * from "./arr-range";
export * from "./behaviour";
export * from "./clients";
export * from "./consultants";
export * from "./contact";
export * from "./form-options";
export * from "./home";
export * from "./people";
export * from "./site";
export * from "./stats";
