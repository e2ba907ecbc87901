import CircleAlert from "lucide-react/icons/circle-alert";
import Mail from "lucide-react/icons/mail";
import { inquiryByLocale } from "../../lib/content/inquiry.ts";
import { siteByLocale } from "../../lib/content/site.ts";
import { useTexts } from "../../lib/useLocale.ts";
import { Button } from "../Button.tsx";
import { Phrased } from "../Phrased.tsx";

/** What went wrong, a retry button, and the partners' e-mail as a way around. Loaded when needed. */
export default function FailedNotice({
  reason,
  onRetry,
}: {
  reason: "network" | "server" | "rateLimited";
  onRetry: () => void;
}) {
  const { failed } = useTexts(inquiryByLocale);
  const { firm } = useTexts(siteByLocale);
  return (
    <div role="alert" className="mb-6 rounded-xl border border-red-800/40 bg-red-50 p-5 text-red-950">
      <h3 className="flex items-center gap-2 font-sans text-base font-semibold">
        <CircleAlert aria-hidden="true" className="size-5" />
        <Phrased text={failed.heading} />
      </h3>
      <p className="mt-2 text-sm leading-relaxed">
        <Phrased text={failed[reason]} />
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button variant="secondary" onClick={onRetry}>
          {failed.retry}
        </Button>
        <p className="text-sm">
          <Phrased text={failed.fallback} />{" "}
          <a
            href={`mailto:${firm.email}`}
            className="inline-flex items-center gap-1 font-semibold underline underline-offset-2"
          >
            <Mail aria-hidden="true" className="size-4" />
            {firm.email}
          </a>
        </p>
      </div>
    </div>
  );
}
