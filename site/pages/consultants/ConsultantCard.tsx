import { useData } from "vike-react/useData";
import { ArrowLink } from "../../components/ArrowLink.tsx";
import { Badge, BadgeList } from "../../components/Card.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import type { consultants } from "../../generated/consultants.ts";
import { initials } from "../../lib/initials.ts";
import type { Data } from "./+data.ts";

type Consultant = (typeof consultants)[number];

/** The label of an industry option value (validate guarantees the value exists). */
function industryLabel(industry: readonly { value: string; label: string }[], value: string): string {
  return industry.find((option) => option.value === value)?.label ?? value;
}

/** A consultant's full card; its id is the slug, so /consultants#slug lands on it. */
export function ConsultantCard({
  consultant,
  articles,
}: {
  consultant: Consultant;
  /** Their published articles, when they have any. */
  articles?: { href: string; label: string } | undefined;
}) {
  const { industry } = useData<Data>();
  const { card } = useData<Data>().people;
  const { slug } = consultant;
  return (
    <article
      id={slug}
      tabIndex={-1}
      aria-labelledby={`${slug}-name`}
      className="flex w-full flex-col rounded-card border border-line bg-white p-6 shadow-card target:border-brass target:ring-2 target:ring-brass/40 sm:p-8"
    >
      <div className="flex items-start justify-between gap-4">
        <span
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-ink font-serif text-2xl text-white"
        >
          {initials(consultant.name)}
        </span>
        <Badge tone="brass">
          {consultant.arrRange}
          <Phrased text={card.arrFocusSuffix} />
        </Badge>
      </div>
      <h2 id={`${slug}-name`} className="mt-6 text-2xl">
        {consultant.name}
      </h2>
      <p className="mt-1 font-semibold text-ink-soft">
        <Phrased text={consultant.role} />
      </p>
      <p className="mt-3">
        <Badge tone="ink">{consultant.specialization}</Badge>
      </p>
      <p className="mt-5 leading-relaxed text-muted">
        <Phrased text={consultant.background} />
      </p>
      <div className="mt-6 space-y-6">
        <BadgeList id={`${slug}-expertise`} heading={card.expertise} items={consultant.expertise} />
        <div>
          <h3 className="mb-2 font-sans text-xs font-semibold uppercase tracking-[0.14em] text-muted">
            <Phrased text={card.achievements} />
          </h3>
          <ul className="list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-ink marker:text-brass">
            {consultant.achievements.map((achievement) => (
              <li key={achievement}>
                <Phrased text={achievement} />
              </li>
            ))}
          </ul>
        </div>
        <BadgeList
          id={`${slug}-industries`}
          heading={card.industries}
          items={consultant.industries.map((value) => industryLabel(industry, value))}
        />
      </div>
      {articles && (
        <p className="mt-auto pt-6">
          <ArrowLink href={articles.href}>{articles.label}</ArrowLink>
        </p>
      )}
    </article>
  );
}
