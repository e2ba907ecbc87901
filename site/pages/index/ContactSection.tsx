import { useData } from "vike-react/useData";
import { QuickInquiryForm } from "../../components/form/LazyForms.tsx";
import { Section, SectionHeading } from "../../components/Section.tsx";
import type { Data } from "./+data.ts";

export function ContactSection() {
  const { contact } = useData<Data>();
  return (
    <Section tone="paper" id="contact" aria-labelledby="contact-heading">
      <div className="grid gap-10 md:grid-cols-[1fr_1.3fr] md:gap-16">
        <SectionHeading id="contact-heading" eyebrow={contact.eyebrow} heading={contact.heading} lead={contact.lead} />
        <QuickInquiryForm texts={contact} />
      </div>
    </Section>
  );
}
