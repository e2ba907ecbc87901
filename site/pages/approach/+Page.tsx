import { CtaBanner } from "../../components/CtaBanner.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { approachByLocale } from "../../lib/content/approach.ts";
import { useTexts } from "../../lib/useLocale.ts";
import { GuaranteeSection } from "./GuaranteeSection.tsx";
import { PhasesSection } from "./PhasesSection.tsx";
import { StatsStrip } from "./StatsStrip.tsx";

export default function Page() {
  const { cta, hero } = useTexts(approachByLocale);
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} heading={hero.heading} lead={hero.lead} />
      <PhasesSection />
      <StatsStrip />
      <GuaranteeSection />
      <CtaBanner id="approach-cta" cta={cta} />
    </>
  );
}
