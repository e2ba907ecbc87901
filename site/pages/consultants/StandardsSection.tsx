import CircleCheck from "lucide-react/icons/circle-check";
import { useData } from "vike-react/useData";
import { Phrased } from "../../components/Phrased.tsx";
import { Section, SectionHeading } from "../../components/Section.tsx";
import type { Data } from "./+data.ts";

/** Selection standards and the partnership approach. */
export function StandardsSection() {
  const { standards } = useData<Data>().people;
  return (
    <Section tone="paper" aria-labelledby="standards-heading">
      <div className="grid gap-12 md:grid-cols-2 md:gap-16">
        <div>
          <SectionHeading id="standards-heading" heading={standards.heading} lead={standards.lead} flush />
          <ul className="mt-8 space-y-4">
            {standards.items.map((item) => (
              <li key={item} className="flex gap-3 text-lg text-ink">
                <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0 text-brass-strong" />
                <Phrased text={item} />
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-card border border-line bg-white p-6 shadow-card sm:p-8">
          <h2 className="text-3xl">
            <Phrased text={standards.partnership.heading} />
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-muted">
            {standards.partnership.paragraphs.map((paragraph) => (
              <p key={paragraph}>
                <Phrased text={paragraph} />
              </p>
            ))}
          </div>
        </div>
      </div>
    </Section>
  );
}
