import { useData } from "vike-react/useData";
import { Section, SectionHeading } from "../../components/Section.tsx";
import { StepList } from "../../components/StepList.tsx";
import type { Data } from "./+data.ts";

export function MatchSection() {
  const { match } = useData<Data>().people;
  return (
    <Section tone="white" aria-labelledby="match-heading">
      <SectionHeading id="match-heading" heading={match.heading} />
      <StepList steps={match.steps} className="md:grid-cols-3" />
    </Section>
  );
}
