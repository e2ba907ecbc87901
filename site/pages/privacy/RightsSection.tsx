import { DocumentSection } from "../../components/DocumentSection.tsx";
import { Fact, FactList } from "../../components/FactList.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import type { Data } from "./+data.ts";

/** The visitor's rights (Art. 15-18, 20, 21) and the right to complain (Art. 77). */
export function RightsSection({ id, rights }: { id: string; rights: Data["privacy"]["rights"] }) {
  return (
    <DocumentSection id={id} heading={rights.heading} paragraphs={[rights.lead]}>
      <FactList className="mt-6">
        {rights.items.map((right) => (
          <Fact key={right.name} label={`${right.name} (${right.article})`}>
            {right.text}
          </Fact>
        ))}
      </FactList>
      <p className="mt-6 leading-relaxed text-ink-soft">
        <Phrased text={rights.how} />
      </p>
    </DocumentSection>
  );
}
