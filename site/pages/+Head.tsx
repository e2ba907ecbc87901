import { usePageContext } from "vike-react/usePageContext";
import { insightsTexts } from "../generated/insights.ts";
import { firm } from "../generated/site.ts";
import { FEED_PATH } from "../lib/feed.ts";
import { pageMeta } from "../lib/page-meta.ts";

/** Head tags beyond title and description (which +title and +description set). */
export function Head() {
  const pageContext = usePageContext();
  const meta = pageMeta(pageContext);
  const card = pageContext.card;
  const url = meta.path === null ? null : `${firm.baseUrl}${meta.path === "/" ? "/" : meta.path}`;
  const structuredData = {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: firm.legalName,
    alternateName: firm.name,
    description: firm.description,
    email: firm.email,
    url: `${firm.baseUrl}/`,
    logo: `${firm.baseUrl}/favicon.svg`,
  };
  return (
    <>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta name="theme-color" content="#faf8f4" />
      {url && <link rel="canonical" href={url} />}
      {!meta.index && <meta name="robots" content="noindex" />}
      {url && <meta property="og:url" content={url} />}
      <meta property="og:type" content={meta.type} />
      <meta property="og:site_name" content={firm.name} />
      <meta property="og:locale" content="en_GB" />
      {meta.path?.startsWith("/insights") && (
        <link rel="alternate" type="application/atom+xml" href={FEED_PATH} title={insightsTexts.feed.linkTitle} />
      )}
      {card && (
        <>
          <meta property="og:image" content={card.url} />
          <meta property="og:image:width" content={String(card.width)} />
          <meta property="og:image:height" content={String(card.height)} />
          <meta property="og:image:alt" content={card.alt} />
        </>
      )}
      {/* X reads og:title, og:description and og:image where its own tags are missing: not repeated. */}
      <meta name="twitter:card" content={card ? "summary_large_image" : "summary"} />
      {meta.path === "/" && (
        <script
          type="application/ld+json"
          // JSON-LD is data, not script: the JSON is escaped so "</script>" cannot end the tag.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: serialised from our own data
          dangerouslySetInnerHTML={{ __html: JSON.stringify(structuredData).replace(/</g, "\\u003c") }}
        />
      )}
    </>
  );
}
