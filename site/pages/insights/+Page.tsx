import { useData } from "vike-react/useData";
import { ArrowLink } from "../../components/ArrowLink.tsx";
import { ArticleList } from "../../components/insights/ArticleList.tsx";
import { Pagination } from "../../components/insights/Pagination.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import type { Data } from "./+data.ts";

/** /insights and each tag's page: article cards, newest first, 18 a page. */
export default function Page() {
  const { hero, allLink, empty, items, labels, pagination } = useData<Data>();
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} heading={hero.heading} lead={hero.lead}>
        {allLink && (
          <p className="mt-8">
            <ArrowLink href={allLink.href}>{allLink.label}</ArrowLink>
          </p>
        )}
      </PageHero>
      <div className="bg-white py-16 sm:py-24">
        <div className="mx-auto max-w-6xl px-5 sm:px-8">
          {items.length === 0 ? (
            <p className="text-lg text-muted">
              <Phrased text={empty} />
            </p>
          ) : (
            <ArticleList items={items} labels={labels} />
          )}
          <Pagination previous={pagination.previous} next={pagination.next} labels={pagination.labels} />
        </div>
      </div>
    </>
  );
}
