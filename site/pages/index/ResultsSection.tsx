import { useData } from "vike-react/useData";
import { Section, SectionHeading } from "../../components/Section.tsx";
import { StatList } from "../../components/Stat.tsx";
import type { Data } from "./+data.ts";

export function ResultsSection() {
  const { results } = useData<Data>();
  return (
    <Section tone="night" aria-labelledby="results-heading">
      <SectionHeading id="results-heading" eyebrow={results.eyebrow} heading={results.heading} inverse />
      <StatList stats={results.stats} inverse />
    </Section>
  );
}
