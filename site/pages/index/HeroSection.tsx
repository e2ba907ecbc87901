import { useData } from "vike-react/useData";
import { ButtonLink } from "../../components/Button.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import { Eyebrow } from "../../components/Section.tsx";
import type { Data } from "./+data.ts";

export function HeroSection() {
  const { hero } = useData<Data>();
  return (
    <section aria-labelledby="page-title" className="relative overflow-hidden border-b border-line bg-paper">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-0 right-[-14rem] size-[36rem] rounded-full bg-[radial-gradient(circle,var(--color-brass-soft),transparent_65%)]"
      />
      <div className="relative mx-auto max-w-6xl px-5 pt-16 pb-20 sm:px-8 sm:pt-28 sm:pb-32">
        <Eyebrow>{hero.eyebrow}</Eyebrow>
        <h1 id="page-title" tabIndex={-1} className="max-w-4xl text-display tracking-tight">
          <Phrased text={hero.heading} />
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted sm:text-xl">
          <Phrased text={hero.lead} />
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <ButtonLink href={hero.primary.href} arrow>
            {hero.primary.label}
          </ButtonLink>
          <ButtonLink href={hero.secondary.href} variant="secondary">
            {hero.secondary.label}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
