import { Phrased } from "./Phrased.tsx";
import { Eyebrow } from "./Section.tsx";

/** The opening of an inner page: eyebrow, the page's only h1, and a lead. */
export function PageHero({
  eyebrow,
  heading,
  lead,
  children,
}: {
  eyebrow: string;
  heading: string;
  lead: string;
  children?: React.ReactNode;
}) {
  return (
    <section aria-labelledby="page-title" className="border-b border-line bg-paper">
      <div className="mx-auto max-w-6xl px-5 pt-14 pb-16 sm:px-8 sm:pt-20 sm:pb-24">
        <Eyebrow>{eyebrow}</Eyebrow>
        <h1 id="page-title" tabIndex={-1} className="max-w-4xl text-display tracking-tight">
          <Phrased text={heading} />
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted sm:text-xl">
          <Phrased text={lead} />
        </p>
        {children}
      </div>
    </section>
  );
}
