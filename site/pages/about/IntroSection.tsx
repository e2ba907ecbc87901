import { Check } from "lucide-react";
import { Card } from "../../components/Card.tsx";
import { Section } from "../../components/Section.tsx";
import { intro, partnership } from "../../generated/about.ts";

/** The introduction and the Premium Partnership Model. */
export function IntroSection() {
  return (
    <Section tone="white" aria-labelledby="partnership-heading">
      <div className="grid gap-12 md:grid-cols-2 md:gap-16">
        <div className="space-y-5 text-lg leading-relaxed text-ink-soft">
          {intro.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <Card className="bg-paper">
          <h2 id="partnership-heading" className="text-3xl">
            {partnership.heading}
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-muted">
            {partnership.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <ul className="mt-6 space-y-3">
            {partnership.points.map((point) => (
              <li key={point} className="flex gap-3 text-ink">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brass" />
                {point}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </Section>
  );
}
