import ArrowRight from "lucide-react/icons/arrow-right";
import { useData } from "vike-react/useData";
import { ArrowLink } from "../../components/ArrowLink.tsx";
import { Hint, HintGroup } from "../../components/Hint.tsx";
import { Link } from "../../components/Link.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import { Section, SectionHeading } from "../../components/Section.tsx";
import { initials } from "../../lib/initials.ts";
import type { Data } from "./+data.ts";

export function PeopleSection() {
  const { people } = useData<Data>();
  return (
    <Section tone="paper" aria-labelledby="people-heading">
      <SectionHeading id="people-heading" eyebrow={people.eyebrow} heading={people.heading} lead={people.lead} />
      <HintGroup>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {people.cards.map((consultant) => (
            <li key={consultant.slug}>
              <Hint label={people.hint}>
                <Link
                  href={`/consultants#${consultant.slug}`}
                  className="group flex h-full flex-col rounded-card border border-line bg-white p-6 shadow-card transition-colors hover:border-ink/30"
                >
                  <span
                    aria-hidden="true"
                    className="mb-5 flex size-12 items-center justify-center rounded-full bg-ink font-serif text-lg text-white"
                  >
                    {initials(consultant.name)}
                  </span>
                  <h3 className="text-xl">{consultant.name}</h3>
                  <p className="mt-1 text-sm font-semibold text-ink-soft">
                    <Phrased text={consultant.role} />
                  </p>
                  <p className="mt-3 text-sm leading-relaxed text-muted">
                    <Phrased text={consultant.focus} />
                  </p>
                  <ArrowRight
                    aria-hidden="true"
                    className="mt-auto size-4 self-end text-ink-soft transition-transform group-hover:translate-x-1"
                  />
                </Link>
              </Hint>
            </li>
          ))}
        </ul>
      </HintGroup>
      <p className="mt-10">
        <ArrowLink href={people.link.href}>{people.link.label}</ArrowLink>
      </p>
    </Section>
  );
}
