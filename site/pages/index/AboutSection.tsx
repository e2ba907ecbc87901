import { useData } from "vike-react/useData";
import { ArrowLink } from "../../components/ArrowLink.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import { Section, SectionHeading } from "../../components/Section.tsx";
import type { Data } from "./+data.ts";

export function AboutSection() {
  const { about } = useData<Data>();
  return (
    <Section tone="white" aria-labelledby="about-heading">
      <div className="grid gap-10 md:grid-cols-[1fr_1.2fr] md:gap-16">
        <SectionHeading id="about-heading" eyebrow={about.eyebrow} heading={about.heading} flush />
        <div className="space-y-5 text-lg leading-relaxed text-ink-soft">
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph}>
              <Phrased text={paragraph} />
            </p>
          ))}
          <p>
            <ArrowLink href={about.link.href}>{about.link.label}</ArrowLink>
          </p>
        </div>
      </div>
    </Section>
  );
}
