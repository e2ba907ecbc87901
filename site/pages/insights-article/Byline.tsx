import { Link } from "../../components/Link.tsx";
import { Phrased } from "../../components/Phrased.tsx";
/** The author: initials, name and role, linked to their card on /consultants. */
export function Byline({ author }: { author: { slug: string; name: string; role: string; initials: string } }) {
  return (
    <Link
      href={`/consultants#${author.slug}`}
      className="group inline-flex items-center gap-3 rounded-full pr-3 text-ink"
    >
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-ink font-serif text-lg text-white"
      >
        {author.initials}
      </span>
      <span className="flex flex-col leading-tight">
        <span className="font-semibold group-hover:underline">{author.name}</span>
        <span className="text-sm text-muted">
          <Phrased text={author.role} />
        </span>
      </span>
    </Link>
  );
}
