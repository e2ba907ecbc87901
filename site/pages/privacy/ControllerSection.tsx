import { DocumentSection } from "../../components/DocumentSection.tsx";
import { EmailLink, LegalAddress, PhoneLink } from "../../components/LegalAddress.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import type { Data } from "./+data.ts";

/** Who the controller is and how to reach them (Art. 13(1)(a), (b)). */
export function ControllerSection({ id, data }: { id: string; data: Data }) {
  const { privacy, entity, contactLabels } = data;
  return (
    <DocumentSection id={id} heading={privacy.controller.heading} paragraphs={[privacy.controller.text]}>
      <LegalAddress entity={entity} className="mt-4 rounded-card border border-line bg-paper p-6 text-ink-soft">
        <span className="mt-3 block">
          <Phrased text={contactLabels.email} />: <EmailLink email={entity.email} />
        </span>
        <span className="block">
          <Phrased text={contactLabels.phone} />: <PhoneLink phone={entity.phone} />
        </span>
      </LegalAddress>
      <p className="mt-4 leading-relaxed text-ink-soft">
        <Phrased text={privacy.controller.dpo} />
      </p>
    </DocumentSection>
  );
}
