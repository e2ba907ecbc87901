import { useData } from "vike-react/useData";
import { plainText } from "../../../schemas/phrases.ts";
import { CheckList } from "../../components/CheckList.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import { Quote } from "../../components/Quote.tsx";
import type { Data } from "./+data.ts";

export function PhasesSection() {
  const { labels, phases } = useData<Data>();
  return (
    <section aria-label={plainText(labels.phases)} className="bg-white py-16 sm:py-24">
      <ol className="mx-auto max-w-6xl space-y-16 px-5 sm:space-y-24 sm:px-8">
        {phases.map((phase, index) => (
          <li
            key={phase.slug}
            id={phase.slug}
            aria-labelledby={`${phase.slug}-title`}
            className="grid gap-8 md:grid-cols-[1fr_1.1fr] md:gap-14"
          >
            <div>
              <p className="font-serif text-5xl leading-none text-brass-strong" aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </p>
              <h2 id={`${phase.slug}-title`} className="mt-4 text-title">
                <span className="sr-only">
                  <Phrased text={labels.phase} /> {index + 1}:{" "}
                </span>
                <Phrased text={phase.title} />
              </h2>
              <p className="mt-4 text-lg leading-relaxed text-muted">
                <Phrased text={phase.summary} />
              </p>
              <CheckList items={phase.items} className="mt-6" />
              {"claim" in phase && (
                <p className="mt-6 inline-flex rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white">
                  <Phrased text={phase.claim} />
                </p>
              )}
            </div>
            {/* biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this is a named group of text */}
            <div
              role="group"
              aria-labelledby={`${phase.slug}-outcome ${phase.slug}-title`}
              className="self-start rounded-card border border-line bg-paper p-6 sm:p-8"
            >
              <h3
                id={`${phase.slug}-outcome`}
                className="font-sans text-xs font-semibold uppercase tracking-[0.16em] text-ink-soft"
              >
                <Phrased text={labels.outcome} />
              </h3>
              <p className="mt-3 font-serif text-2xl leading-snug">
                <Phrased text={phase.outcome.text} />
              </p>
              <Quote {...phase.outcome.testimonial} className="mt-6" />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
