import { Section, SectionHeading } from "../../components/Section.tsx";
import { StepList } from "../../components/StepList.tsx";
import { match } from "../../generated/people.ts";

export function MatchSection() {
  return (
    <Section tone="white" aria-labelledby="match-heading">
      <SectionHeading id="match-heading" heading={match.heading} />
      <StepList steps={match.steps} className="md:grid-cols-3" />
    </Section>
  );
}
