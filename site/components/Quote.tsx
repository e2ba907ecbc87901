import { cn } from "../lib/cn.ts";
import { Phrased } from "./Phrased.tsx";

export interface QuoteProps {
  quote: string;
  author: string;
  role: string;
  company: string;
  className?: string;
}

/** A client's words, with who said them. */
export function Quote({ quote, author, role, company, className }: QuoteProps) {
  return (
    <figure className={cn("border-l-2 border-brass pl-5", className)}>
      <blockquote className="font-serif text-lg leading-relaxed text-ink">
        <p>
          “<Phrased text={quote} />”
        </p>
      </blockquote>
      <figcaption className="mt-3 text-sm text-muted">
        <span className="font-semibold text-ink">{author}</span>, <Phrased text={role} />, {company}
      </figcaption>
    </figure>
  );
}
