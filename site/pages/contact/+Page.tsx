import { useData } from "vike-react/useData";
import { Card } from "../../components/Card.tsx";
import { InquiryForm } from "../../components/form/LazyForms.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import type { Data } from "./+data.ts";
import { Sidebar } from "./Sidebar.tsx";

export default function Page() {
  const { hero, form, options } = useData<Data>();
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} heading={hero.heading} lead={hero.lead}>
        <ol className="mt-8 flex flex-wrap gap-3">
          {hero.flow.map((step, index) => (
            <li
              key={step}
              className="flex items-center gap-2 rounded-full border border-line bg-white py-2 pr-4 pl-2 text-sm font-semibold text-ink"
            >
              <span
                aria-hidden="true"
                className="flex size-6 items-center justify-center rounded-full bg-ink text-xs text-white"
              >
                {index + 1}
              </span>
              <Phrased text={step} />
            </li>
          ))}
        </ol>
      </PageHero>
      <div className="bg-white py-16 sm:py-24">
        <div className="mx-auto grid max-w-6xl gap-8 px-5 sm:px-8 lg:grid-cols-[1.6fr_1fr]">
          <section aria-labelledby="form-heading">
            <Card>
              <h2 id="form-heading" className="text-title">
                <Phrased text={form.heading} />
              </h2>
              <p className="mt-3 mb-8 leading-relaxed text-muted">
                <Phrased text={form.lead} />
              </p>
              <InquiryForm texts={form} options={options} />
            </Card>
          </section>
          <Sidebar />
        </div>
      </div>
    </>
  );
}
