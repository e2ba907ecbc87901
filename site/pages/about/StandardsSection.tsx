import { useData } from "vike-react/useData";
import { Phrased } from "../../components/Phrased.tsx";
import { Section, SectionHeading } from "../../components/Section.tsx";
import type { Data } from "./+data.ts";

export function StandardsSection() {
  const { standards } = useData<Data>();
  return (
    <Section tone="paper" aria-labelledby="standards-heading">
      <SectionHeading id="standards-heading" heading={standards.heading} />
      <ol className="grid gap-px overflow-hidden rounded-card border border-line bg-line sm:grid-cols-2">
        {standards.items.map((item, index) => (
          <li key={item.title} className="flex gap-5 bg-white p-6 sm:p-8">
            <span aria-hidden="true" className="font-serif text-4xl leading-none text-brass-strong">
              {index + 1}
            </span>
            <div>
              <h3 className="text-xl">
                <Phrased text={item.title} />
              </h3>
              <p className="mt-2 leading-relaxed text-muted">
                <Phrased text={item.text} />
              </p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}
