import type { Data } from "./+data.ts";

type Privacy = Data["privacy"];

/** The notice's parts in page order: each becomes an h2 with this id, and an entry in the contents. */
export const SECTIONS = [
  "glance",
  "controller",
  "inquiries",
  "abuse",
  "visits",
  "browser",
  "transfers",
  "rights",
  "complaint",
  "automated",
] as const satisfies ReadonlyArray<keyof Privacy>;

export type SectionId = (typeof SECTIONS)[number];

export function sectionHeading(privacy: Privacy, id: SectionId): string {
  return privacy[id].heading;
}
