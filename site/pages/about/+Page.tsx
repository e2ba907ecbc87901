import { useData } from "vike-react/useData";
import { CtaBanner } from "../../components/CtaBanner.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import type { Data } from "./+data.ts";
import { IntroSection } from "./IntroSection.tsx";
import { StandardsSection } from "./StandardsSection.tsx";
import { WhySection } from "./WhySection.tsx";

export default function Page() {
  const { cta, hero } = useData<Data>();
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} heading={hero.heading} lead={hero.lead} />
      <IntroSection />
      <StandardsSection />
      <WhySection />
      <CtaBanner id="about-cta" cta={cta} />
    </>
  );
}
