import { CtaBanner } from "../../components/CtaBanner.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { aboutByLocale } from "../../lib/content/about.ts";
import { useTexts } from "../../lib/useLocale.ts";
import { IntroSection } from "./IntroSection.tsx";
import { StandardsSection } from "./StandardsSection.tsx";
import { WhySection } from "./WhySection.tsx";

export default function Page() {
  const { cta, hero } = useTexts(aboutByLocale);
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
