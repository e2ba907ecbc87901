import { ButtonLink } from "../../../components/Button.tsx";
import SentPanel from "../../../components/form/SentPanel.tsx";
import { inquiryByLocale } from "../../../lib/content/inquiry.ts";
import { useTexts } from "../../../lib/useLocale.ts";

/** Where a form sent without JavaScript lands once its inquiry is stored. */
export default function Page() {
  const { sent } = useTexts(inquiryByLocale);
  return (
    <section aria-labelledby="page-title" className="bg-paper py-16 sm:py-24">
      <div className="mx-auto max-w-3xl px-5 sm:px-8">
        <SentPanel headingLevel="h1" />
        <ButtonLink href={sent.link.href} variant="secondary" className="mt-8">
          {sent.link.label}
        </ButtonLink>
      </div>
    </section>
  );
}
