import { Section, SectionHeading } from "../../components/Section.tsx";
import { StatList } from "../../components/Stat.tsx";
import { results } from "../../generated/home.ts";

export function ResultsSection() {
  return (
    <Section tone="night" aria-labelledby="results-heading">
      <SectionHeading id="results-heading" eyebrow={results.eyebrow} heading={results.heading} inverse />
      <StatList ids={results.stats} inverse />
    </Section>
  );
}
