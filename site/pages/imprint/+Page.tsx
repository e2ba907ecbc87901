import { useData } from "vike-react/useData";
import { DocumentSection } from "../../components/DocumentSection.tsx";
import { Fact, FactItems, FactList } from "../../components/FactList.tsx";
import { EmailLink, LegalAddress, PhoneLink } from "../../components/LegalAddress.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import type { Data } from "./+data.ts";

/** The imprint (§ 5 DDG): who runs the site, from data/legal.yaml. */
export default function Page() {
  const { entity, imprint } = useData<Data>();
  const { labels } = imprint;
  return (
    <>
      <PageHero eyebrow={imprint.hero.eyebrow} heading={imprint.hero.heading} lead={imprint.hero.lead} />
      <div className="bg-white py-16 sm:py-24">
        <div className="mx-auto max-w-6xl px-5 sm:px-8">
          <div className="max-w-3xl space-y-14">
            <FactList>
              <Fact label={labels.company}>
                <span className="block text-ink">{entity.legalName}</span>
                <span className="block">
                  <Phrased text={entity.legalForm} />
                </span>
              </Fact>
              <Fact label={labels.address}>
                <LegalAddress entity={entity} withName={false} />
              </Fact>
              <Fact label={labels.directors}>
                <FactItems items={entity.managingDirectors} />
              </Fact>
              <Fact label={labels.register}>
                <span className="block">{entity.register.court}</span>
                <span className="block">{entity.register.number}</span>
              </Fact>
              <Fact label={labels.vatId}>{entity.vatId}</Fact>
              <Fact label={labels.email}>
                <EmailLink email={entity.email} />
              </Fact>
              <Fact label={labels.phone}>
                <PhoneLink phone={entity.phone} />
              </Fact>
              <Fact label={labels.contentResponsible}>{entity.contentResponsible}</Fact>
            </FactList>
            {imprint.notes.map((note, index) => (
              <DocumentSection
                key={note.heading}
                id={`note-${index + 1}`}
                heading={note.heading}
                paragraphs={note.paragraphs}
              />
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
