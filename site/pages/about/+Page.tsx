import { CtaBanner } from "../../components/CtaBanner.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { cta, hero } from "../../generated/about.ts";
import { IntroSection } from "./IntroSection.tsx";
import { StandardsSection } from "./StandardsSection.tsx";
import { WhySection } from "./WhySection.tsx";

export default function Page() {
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
