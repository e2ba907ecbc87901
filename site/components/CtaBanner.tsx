import { ButtonLink } from "./Button.tsx";
import { Phrased } from "./Phrased.tsx";

interface Cta {
  heading: string;
  text: string;
  primary: { label: string; href: string };
  secondary: { label: string; href: string };
}

/** The closing call to action of a page: a dark band with two buttons. */
export function CtaBanner({ cta, id }: { cta: Cta; id: string }) {
  return (
    <section aria-labelledby={id} className="bg-night">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-5 py-16 sm:px-8 sm:py-20 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id={id} className="text-title text-white">
            <Phrased text={cta.heading} />
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-white/80">
            <Phrased text={cta.text} />
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink href={cta.primary.href} variant="inverse" arrow>
            {cta.primary.label}
          </ButtonLink>
          <ButtonLink href={cta.secondary.href} variant="inverse-outline">
            {cta.secondary.label}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
