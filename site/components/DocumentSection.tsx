import { Phrased } from "./Phrased.tsx";
/**
 * One titled part of a long text page (privacy notice, imprint): an h2 with
 * an id that links can point at, then paragraphs or whatever `children` holds.
 */
export function DocumentSection({
  id,
  heading,
  paragraphs = [],
  className,
  children,
}: {
  id: string;
  heading: string;
  paragraphs?: readonly string[];
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className={className}>
      <h2 id={`${id}-heading`} className="font-serif text-2xl leading-tight text-ink sm:text-3xl">
        <Phrased text={heading} />
      </h2>
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-4 leading-relaxed text-ink-soft">
          <Phrased text={paragraph} />
        </p>
      ))}
      {children}
    </section>
  );
}
