import { useData } from "vike-react/useData";
import { Card } from "../../components/Card.tsx";
import { CheckList } from "../../components/CheckList.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import { Section } from "../../components/Section.tsx";
import type { Data } from "./+data.ts";

/** The introduction and the Premium Partnership Model. */
export function IntroSection() {
  const { intro, partnership } = useData<Data>();
  return (
    <Section tone="white" aria-labelledby="partnership-heading">
      <div className="grid gap-12 md:grid-cols-2 md:gap-16">
        <div className="space-y-5 text-lg leading-relaxed text-ink-soft">
          {intro.paragraphs.map((paragraph) => (
            <p key={paragraph}>
              <Phrased text={paragraph} />
            </p>
          ))}
        </div>
        <Card tone="paper">
          <h2 id="partnership-heading" className="text-3xl">
            <Phrased text={partnership.heading} />
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-muted">
            {partnership.paragraphs.map((paragraph) => (
              <p key={paragraph}>
                <Phrased text={paragraph} />
              </p>
            ))}
          </div>
          <CheckList items={partnership.points} className="mt-6" />
        </Card>
      </div>
    </Section>
  );
}
