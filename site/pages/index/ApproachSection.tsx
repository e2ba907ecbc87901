import { useData } from "vike-react/useData";
import { ArrowLink } from "../../components/ArrowLink.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import { Section, SectionHeading } from "../../components/Section.tsx";
import type { Data } from "./+data.ts";

export function ApproachSection() {
  const { approach } = useData<Data>();
  return (
    <Section tone="deep" aria-labelledby="approach-heading">
      <SectionHeading id="approach-heading" eyebrow={approach.eyebrow} heading={approach.heading} />
      <ol className="grid gap-5 md:grid-cols-3">
        {approach.columns.map((column, index) => (
          <li key={column.title} className="rounded-card border border-line bg-white p-6 shadow-card sm:p-8">
            <span aria-hidden="true" className="font-serif text-3xl text-brass-strong">
              {String(index + 1).padStart(2, "0")}
            </span>
            <h3 className="mt-4 text-2xl">
              <Phrased text={column.title} />
            </h3>
            <p className="mt-3 leading-relaxed text-muted">
              <Phrased text={column.text} />
            </p>
          </li>
        ))}
      </ol>
      <p className="mt-10">
        <ArrowLink href={approach.link.href}>{approach.link.label}</ArrowLink>
      </p>
    </Section>
  );
}
