import { usePageContext } from "vike-react/usePageContext";
import { plainText } from "../../schemas/phrases.ts";
import { content } from "../lib/content.ts";
import { FEED_PATH } from "../lib/feed.ts";
import { defaultLocale, localeInfo, localePath } from "../lib/locale.ts";
import { pageMeta } from "../lib/page-meta.ts";

/** Head tags beyond title and description (which +title and +description set). */
export function Head() {
  const pageContext = usePageContext();
  const locale = pageContext.locale ?? defaultLocale;
  const { site, insights } = content(locale);
  const { firm } = site;
  const meta = pageMeta(pageContext);
  const absolute = (path: string) => `${firm.baseUrl}${path}`;
  const url = meta.path === null ? null : absolute(localePath(locale, meta.path));
  // The page in each language that has it (itself included), from the one translation map.
  const alternates = meta.path === null || !meta.index ? [] : (pageContext.alternates ?? []);
  const xDefault = alternates.find((alternate) => alternate.locale === defaultLocale);
  const card = pageContext.card;
  const structuredData = {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: firm.legalName,
    alternateName: firm.name,
    description: plainText(firm.description),
    email: firm.email,
    url: absolute(localePath(locale, "/")),
    logo: `${firm.baseUrl}/favicon.svg`,
    inLanguage: locale,
  };
  return (
    <>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta name="theme-color" content="#faf8f4" />
      {url && <link rel="canonical" href={url} />}
      {alternates.map((alternate) => (
        <link key={alternate.locale} rel="alternate" hrefLang={alternate.locale} href={absolute(alternate.path)} />
      ))}
      {xDefault && <link rel="alternate" hrefLang="x-default" href={absolute(xDefault.path)} />}
      {!meta.index && <meta name="robots" content="noindex" />}
      {url && <meta property="og:url" content={url} />}
      <meta property="og:type" content={meta.type} />
      <meta property="og:site_name" content={firm.name} />
      <meta property="og:locale" content={localeInfo(locale).ogLocale} />
      {alternates
        .filter((alternate) => alternate.locale !== locale)
        .map((alternate) => (
          <meta key={alternate.locale} property="og:locale:alternate" content={localeInfo(alternate.locale).ogLocale} />
        ))}
      {meta.path?.startsWith("/insights") && (
        <link
          rel="alternate"
          type="application/atom+xml"
          href={localePath(locale, FEED_PATH)}
          title={plainText(insights.insightsTexts.feed.linkTitle)}
        />
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
