import { useData } from "vike-react/useData";
import { CtaBanner } from "../../components/CtaBanner.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import type { Data } from "./+data.ts";
import { GuaranteeSection } from "./GuaranteeSection.tsx";
import { PhasesSection } from "./PhasesSection.tsx";
import { StatsStrip } from "./StatsStrip.tsx";

export default function Page() {
  const { cta, hero } = useData<Data>();
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
