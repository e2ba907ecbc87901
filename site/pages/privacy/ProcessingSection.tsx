import { DocumentSection } from "../../components/DocumentSection.tsx";
import { Fact, FactItems, FactList } from "../../components/FactList.tsx";
import type { Data } from "./+data.ts";

type Privacy = Data["privacy"];

/** One processing of personal data, with each fact GDPR Art. 13 asks for in its own row. */
export function ProcessingSection({
  id,
  processing,
  labels,
}: {
  id: string;
  processing: Privacy["inquiries"] | Privacy["abuse"];
  labels: Privacy["labels"];
}) {
  return (
    <DocumentSection id={id} heading={processing.heading} paragraphs={[processing.lead]}>
      <FactList className="mt-6">
        <Fact label={labels.data}>
          <FactItems items={processing.data} />
        </Fact>
        <Fact label={labels.purpose}>{processing.purpose}</Fact>
        <Fact label={labels.legalBasis}>{processing.legalBasis}</Fact>
        {"legitimateInterest" in processing && (
          <Fact label={labels.legitimateInterest}>{processing.legitimateInterest}</Fact>
        )}
        <Fact label={labels.recipients}>
          <FactItems items={processing.recipients} />
        </Fact>
        <Fact label={labels.retention}>{processing.retention}</Fact>
        <Fact label={labels.required}>{processing.required}</Fact>
      </FactList>
    </DocumentSection>
  );
}
