import { plainText } from "../../schemas/phrases.ts";
import { cn } from "../lib/cn.ts";
import { siteByLocale } from "../lib/content/site.ts";
import { useTexts } from "../lib/useLocale.ts";
import { Link } from "./Link.tsx";
import { LogoMark } from "./Logo.tsx";
import { Phrased } from "./Phrased.tsx";

export function Footer() {
  const { firm, footer } = useTexts(siteByLocale);
  return (
    <footer className="bg-night text-white/80">
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 sm:px-8 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm">
          <p className="flex items-center gap-3 font-serif text-xl font-semibold text-white">
            <LogoMark className="ring-1 ring-white/20 rounded-[7px]" />
            {firm.name}
          </p>
          <p className="mt-4 text-sm leading-relaxed">
            <Phrased text={firm.description} />
          </p>
          <p className="mt-4 text-sm">
            <a
              href={`mailto:${firm.email}`}
              className="text-white underline decoration-white/40 underline-offset-4 hover:decoration-white"
            >
              {firm.email}
            </a>
          </p>
        </div>
        {footer.columns.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${slug(plainText(column.title))}`}>
            <h2
              id={`footer-${slug(plainText(column.title))}`}
              className="font-sans text-sm font-semibold uppercase tracking-[0.16em] text-white"
            >
              <Phrased text={column.title} />
            </h2>
            <LinkList links={column.links} className="mt-4 space-y-3 text-sm" />
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-5 py-6 text-xs text-white/70 sm:flex-row sm:items-center sm:justify-between sm:px-8">
          <p>
            {/* One string, one text node: no "<!-- -->" separators in every page's HTML. */}
            <Phrased text={`© ${firm.copyrightYear} ${firm.legalName}. ${footer.legal}`} />
          </p>
          <nav aria-label={plainText(footer.legalLabel)}>
            {/* py-1: a 24 px tall target for the small text (WCAG 2.5.8). */}
            <LinkList links={footer.legalLinks} className="flex flex-wrap gap-x-6 gap-y-2" linkClassName="py-1" />
          </nav>
        </div>
      </div>
    </footer>
  );
}

function LinkList({
  links,
  className,
  linkClassName,
}: {
  links: readonly { label: string; href: string }[];
  className: string;
  linkClassName?: string;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.label}>
          <Link
            href={link.href}
            className={cn("inline-block underline-offset-4 hover:text-white hover:underline", linkClassName)}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
