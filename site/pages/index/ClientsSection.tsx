import { useData } from "vike-react/useData";
import { Section, SectionHeading } from "../../components/Section.tsx";
import { initials } from "../../lib/initials.ts";
import type { Data } from "./+data.ts";

export function ClientsSection() {
  const { clients: section } = useData<Data>();
  return (
    <Section tone="white" aria-labelledby="clients-heading">
      <SectionHeading id="clients-heading" eyebrow={section.eyebrow} heading={section.heading} lead={section.lead} />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {section.names.map((name) => (
          <li key={name} className="flex items-center gap-3 rounded-xl border border-line bg-paper px-4 py-3">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-paper-deep font-serif text-base font-semibold text-ink"
            >
              {initials(name, 1)}
            </span>
            <span className="truncate text-sm font-semibold text-ink-soft">{name}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
