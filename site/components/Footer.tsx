import { firm, footer } from "../generated/site.ts";
import { LogoMark } from "./Logo.tsx";

export function Footer() {
  return (
    <footer className="bg-night text-white/80">
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 sm:px-8 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm">
          <p className="flex items-center gap-3 font-serif text-xl font-semibold text-white">
            <LogoMark className="ring-1 ring-white/20 rounded-[7px]" />
            {firm.name}
          </p>
          <p className="mt-4 text-sm leading-relaxed">{firm.description}</p>
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
          <nav key={column.title} aria-labelledby={`footer-${slug(column.title)}`}>
            <h2
              id={`footer-${slug(column.title)}`}
              className="font-sans text-sm font-semibold uppercase tracking-[0.16em] text-white"
            >
              {column.title}
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className="hover:text-white hover:underline underline-offset-4">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-5 py-6 text-xs text-white/70 sm:px-8">
          © {firm.copyrightYear} {firm.legalName}. {footer.legal}
        </p>
      </div>
    </footer>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
