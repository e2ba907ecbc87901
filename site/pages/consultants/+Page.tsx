import { Suspense } from "react";
import { useData } from "vike-react/useData";
import { plainText } from "../../../schemas/phrases.ts";
import { CtaBanner } from "../../components/CtaBanner.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import type { Data } from "./+data.ts";
import { ConsultantCard } from "./ConsultantCard.tsx";
import { MatchSection } from "./MatchSection.tsx";
import { StandardsSection } from "./StandardsSection.tsx";

export default function Page() {
  const { consultants } = useData<Data>();
  const { cta, hero } = useData<Data>().people;
  const { articles } = useData<Data>();
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} heading={hero.heading} lead={hero.lead} />
      <section aria-label={plainText(hero.eyebrow)} className="bg-white py-16 sm:py-24">
        <ul className="mx-auto grid max-w-6xl gap-6 px-5 sm:px-8 lg:grid-cols-2">
          {consultants.map((consultant) => (
            <li key={consultant.slug} className="flex">
              {/* A boundary per card, as Section gives its content: React hydrates each card on its own, yielding between them. */}
              <Suspense>
                <ConsultantCard consultant={consultant} articles={articles[consultant.slug]} />
              </Suspense>
            </li>
          ))}
        </ul>
      </section>
      <StandardsSection />
      <MatchSection />
      <CtaBanner id="consultants-cta" cta={cta} />
    </>
  );
}
