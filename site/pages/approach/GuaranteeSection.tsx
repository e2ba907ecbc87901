import ShieldCheck from "lucide-react/icons/shield-check";
import { useData } from "vike-react/useData";
import { Phrased } from "../../components/Phrased.tsx";
import { Section } from "../../components/Section.tsx";
import type { Data } from "./+data.ts";

export function GuaranteeSection() {
  const { guarantee } = useData<Data>();
  return (
    <Section tone="paper" aria-labelledby="guarantee-heading">
      <div className="flex flex-col gap-6 rounded-card border-2 border-brass bg-white p-8 shadow-card sm:flex-row sm:items-start sm:p-12">
        <ShieldCheck aria-hidden="true" className="size-12 shrink-0 text-brass-strong" />
        <div>
          <h2 id="guarantee-heading" className="text-title">
            <Phrased text={guarantee.heading} />
          </h2>
          <p className="mt-4 max-w-3xl text-lg leading-relaxed text-ink-soft">
            <Phrased text={guarantee.text} />
          </p>
        </div>
      </div>
    </Section>
  );
}
