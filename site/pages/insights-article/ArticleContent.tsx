import { ButtonLink } from "../../components/Button.tsx";
import { ArticleFacts } from "../../components/insights/ArticleFacts.tsx";
import { TagLinks } from "../../components/insights/TagLinks.tsx";
import { Link } from "../../components/Link.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import { Eyebrow } from "../../components/Section.tsx";
import { Byline } from "./Byline.tsx";
import { Contents } from "./Contents.tsx";
import type { ArticleParts } from "./parts.ts";
import { Related } from "./Related.tsx";

/** One article: title, byline, facts, contents, the body, related articles and a call to action. */
export function ArticleContent({ parts }: { parts: ArticleParts }) {
  const { article, bodyHtml, author, related, eyebrow, labels, cta } = parts;
  return (
    <>
      <article aria-labelledby="page-title">
        <header className="border-b border-line bg-paper">
          <div className="mx-auto max-w-3xl px-5 pt-14 pb-12 sm:px-8 sm:pt-20">
            <Eyebrow>
              <Link href="/insights" className="rounded-sm hover:underline">
                {eyebrow}
              </Link>
            </Eyebrow>
            <h1 id="page-title" tabIndex={-1} className="text-title tracking-tight">
              <Phrased text={article.title} />
            </h1>
            <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
              <Byline author={author} />
              <ArticleFacts
                date={article.date}
                updated={article.updated}
                readingMinutes={article.readingMinutes}
                labels={labels}
              />
            </div>
            <div className="mt-6">
              <TagLinks tags={article.tags} label={labels.tags} />
            </div>
          </div>
        </header>
        <div className="bg-white py-12 sm:py-16">
          <div className="mx-auto max-w-3xl px-5 sm:px-8">
            <Contents heading={labels.contents} items={article.contents} />
            <div
              className="article-body mt-10"
              // The body is our own generated HTML (Markdown without raw HTML, validated).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: generated from validated Markdown
              dangerouslySetInnerHTML={{ __html: bodyHtml }}
            />
          </div>
        </div>
      </article>
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="border-t border-line bg-paper py-16 sm:py-20">
          <div className="mx-auto max-w-6xl px-5 sm:px-8">
            <h2 id="related-heading" className="mb-8 text-title">
              <Phrased text={labels.related} />
            </h2>
            <Related items={related} labels={labels} />
          </div>
        </section>
      )}
      <section aria-labelledby="article-cta" className="bg-night">
        <div className="mx-auto flex max-w-6xl flex-col gap-8 px-5 py-16 sm:px-8 sm:py-20 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="article-cta" className="text-title text-white">
              <Phrased text={cta.heading} />
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-white/80">
              <Phrased text={cta.text} />
            </p>
          </div>
          <ButtonLink href={cta.href} variant="inverse" arrow>
            {cta.label}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
