import { Phrased } from "../../components/Phrased.tsx";
import type { Data } from "./+data.ts";
import { SECTIONS, sectionHeading } from "./sections.ts";

/** Links to the notice's sections: a list on phones, a sticky column beside the text on wide screens. */
export function Contents({ privacy }: { privacy: Data["privacy"] }) {
  return (
    <nav aria-labelledby="contents-label" className="lg:sticky lg:top-28 lg:self-start">
      <p id="contents-label" className="text-xs font-semibold uppercase tracking-[0.18em] text-ink-soft">
        <Phrased text={privacy.contentsLabel} />
      </p>
      <ol className="mt-4 space-y-2 border-l border-line text-sm">
        {SECTIONS.map((id) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="-ml-px block border-l-2 border-transparent py-1 pl-4 text-ink-soft hover:border-brass hover:text-ink"
            >
              <Phrased text={sectionHeading(privacy, id)} />
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
