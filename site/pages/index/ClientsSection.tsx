import { Section, SectionHeading } from "../../components/Section.tsx";
import { clients, heading } from "../../generated/clients.ts";
import { clients as section } from "../../generated/home.ts";
import { initials } from "../../lib/initials.ts";

export function ClientsSection() {
  return (
    <Section tone="white" aria-labelledby="clients-heading">
      <SectionHeading id="clients-heading" eyebrow={section.eyebrow} heading={heading} lead={section.lead} />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {clients.map((client) => (
          <li key={client.name} className="flex items-center gap-3 rounded-xl border border-line bg-paper px-4 py-3">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-paper-deep font-serif text-base font-semibold text-ink"
            >
              {initials(client.name, 1)}
            </span>
            <span className="truncate text-sm font-semibold text-ink-soft">{client.name}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
