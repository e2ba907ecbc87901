import { useData } from "vike-react/useData";
import { usePageContext } from "vike-react/usePageContext";
import { plainText } from "../../../schemas/phrases.ts";
import { content } from "../../lib/content.ts";
import { localePath } from "../../lib/locale.ts";
import type { Data } from "./+data.ts";

/** An article's Open Graph article tags and its schema.org Article. */
export function Head() {
  const { meta } = useData<Data>();
  const pageContext = usePageContext();
  const { firm } = content(pageContext.locale).site;
  const { articleParts: parts, card } = pageContext;
  if (!parts) return null;
  const { article, author } = parts;
  const url = `${firm.baseUrl}${localePath(pageContext.locale, meta.path)}`;
  const modified = article.updated ?? article.date;
  const structuredData = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: meta.title,
    author: {
      "@type": "Person",
      name: author.name,
      url: `${firm.baseUrl}${localePath(pageContext.locale, "/consultants")}#${author.slug}`,
    },
    datePublished: article.date,
    dateModified: modified,
    url,
    ...(card && { image: card.url }),
  };
  return (
    <>
      <meta property="article:published_time" content={article.date} />
      <meta property="article:modified_time" content={modified} />
      <meta
        property="article:author"
        content={`${firm.baseUrl}${localePath(pageContext.locale, "/consultants")}#${author.slug}`}
      />
      {article.tags.map((tag) => (
        <meta key={tag.slug} property="article:tag" content={plainText(tag.label)} />
      ))}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: serialised from our own data, "<" escaped
        dangerouslySetInnerHTML={{ __html: JSON.stringify(structuredData).replace(/</g, "\\u003c") }}
      />
    </>
  );
}
