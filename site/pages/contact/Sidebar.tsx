import Clock from "lucide-react/icons/clock";
import Lock from "lucide-react/icons/lock";
import Mail from "lucide-react/icons/mail";
import { useData } from "vike-react/useData";
import { plainText } from "../../../schemas/phrases.ts";
import { Card } from "../../components/Card.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import { Quote } from "../../components/Quote.tsx";
import { StepList } from "../../components/StepList.tsx";
import { siteByLocale } from "../../lib/content/site.ts";
import { useTexts } from "../../lib/useLocale.ts";
import type { Data } from "./+data.ts";

export function Sidebar() {
  const { firm } = useTexts(siteByLocale);
  const { next48, successStory, direct } = useData<Data>().sidebar;
  return (
    <aside aria-label={plainText(next48.heading)} className="flex flex-col gap-6">
      <Card tone="paper">
        <h2 className="text-2xl">
          <Phrased text={next48.heading} />
        </h2>
        <StepList steps={next48.steps} compact className="mt-6" />
      </Card>
      <Card>
        <h2 className="font-sans text-xs font-semibold uppercase tracking-[0.16em] text-ink-soft">
          <Phrased text={successStory.heading} />
        </h2>
        <p className="mt-3 font-serif text-2xl leading-snug">
          <Phrased text={successStory.result} />
        </p>
        <Quote
          quote={successStory.quote}
          author={successStory.author}
          role={successStory.role}
          company={successStory.company}
          className="mt-4"
        />
      </Card>
      <Card tone="night">
        <h2 className="text-2xl text-white">
          <Phrased text={direct.heading} />
        </h2>
        <ul className="mt-5 space-y-4 text-sm">
          <li className="flex items-start gap-3">
            <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-soft" />
            <span>
              <Phrased text={direct.emailLabel} />:{" "}
              <a href={`mailto:${firm.email}`} className="font-semibold text-white underline underline-offset-4">
                {firm.email}
              </a>
            </span>
          </li>
          <li className="flex items-start gap-3">
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-soft" />
            <Phrased text={direct.response} />
          </li>
          <li className="flex items-start gap-3">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-soft" />
            <Phrased text={direct.confidentiality} />
          </li>
        </ul>
      </Card>
    </aside>
  );
}
