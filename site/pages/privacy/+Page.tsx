import { Suspense } from "react";
import { useData } from "vike-react/useData";
import { Card } from "../../components/Card.tsx";
import { CheckList } from "../../components/CheckList.tsx";
import { DocumentSection } from "../../components/DocumentSection.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import { formatDate } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import type { Data } from "./+data.ts";
import { Contents } from "./Contents.tsx";
import { ControllerSection } from "./ControllerSection.tsx";
import { ProcessingSection } from "./ProcessingSection.tsx";
import { RightsSection } from "./RightsSection.tsx";
import { SECTIONS, type SectionId } from "./sections.ts";

/** The privacy notice: every item GDPR Art. 13 asks for, in the order of sections.ts. */
export default function Page() {
  const data = useData<Data>();
  const { privacy } = data;
  const locale = useLocale();
  const part: Record<SectionId, React.ReactNode> = {
    glance: (
      <DocumentSection id="glance" heading={privacy.glance.heading}>
        <Card tone="paper" className="mt-6 shadow-none">
          <CheckList items={privacy.glance.items} />
        </Card>
      </DocumentSection>
    ),
    controller: <ControllerSection id="controller" data={data} />,
    inquiries: <ProcessingSection id="inquiries" processing={privacy.inquiries} labels={privacy.labels} />,
    abuse: <ProcessingSection id="abuse" processing={privacy.abuse} labels={privacy.labels} />,
    visits: <DocumentSection id="visits" heading={privacy.visits.heading} paragraphs={privacy.visits.paragraphs} />,
    browser: <DocumentSection id="browser" heading={privacy.browser.heading} paragraphs={privacy.browser.paragraphs} />,
    transfers: (
      <DocumentSection id="transfers" heading={privacy.transfers.heading} paragraphs={privacy.transfers.paragraphs} />
    ),
    rights: <RightsSection id="rights" rights={privacy.rights} />,
    complaint: (
      <DocumentSection id="complaint" heading={privacy.complaint.heading} paragraphs={[privacy.complaint.text]}>
        <p className="mt-4 font-semibold leading-relaxed text-ink">
          <Phrased text={privacy.complaint.authority} />
        </p>
      </DocumentSection>
    ),
    automated: (
      <DocumentSection id="automated" heading={privacy.automated.heading} paragraphs={privacy.automated.paragraphs} />
    ),
  };
  return (
    <>
      <PageHero eyebrow={privacy.hero.eyebrow} heading={privacy.hero.heading} lead={privacy.hero.lead}>
        <p className="mt-6 text-sm text-muted">
          <Phrased text={privacy.updatedLabel} />:{" "}
          <time dateTime={privacy.updated}>{formatDate(privacy.updated, locale)}</time>
        </p>
      </PageHero>
      <div className="bg-white py-16 sm:py-24">
        <div className="mx-auto grid max-w-6xl gap-12 px-5 sm:px-8 lg:grid-cols-[15rem_minmax(0,48rem)] lg:gap-16">
          <Contents privacy={privacy} />
          <div className="space-y-14">
            {SECTIONS.map((id) => (
              // Each part hydrates on its own, in short slices (see +Layout.tsx).
              <Suspense key={id}>{part[id]}</Suspense>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
