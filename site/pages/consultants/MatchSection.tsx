import { Section, SectionHeading } from "../../components/Section.tsx";
import { StepList } from "../../components/StepList.tsx";
import { peopleByLocale } from "../../lib/content/people.ts";
import { useTexts } from "../../lib/useLocale.ts";

export function MatchSection() {
  const { match } = useTexts(peopleByLocale);
  return (
    <Section tone="white" aria-labelledby="match-heading">
      <SectionHeading id="match-heading" heading={match.heading} />
      <StepList steps={match.steps} className="md:grid-cols-3" />
    </Section>
  );
}
