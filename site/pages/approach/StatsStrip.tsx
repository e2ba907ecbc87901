import { useData } from "vike-react/useData";
import { Phrased } from "../../components/Phrased.tsx";
import { StatList } from "../../components/Stat.tsx";
import type { Data } from "./+data.ts";

export function StatsStrip() {
  const { statsStrip } = useData<Data>();
  const { stats } = useData<Data>();
  return (
    <section aria-labelledby="stats-heading" className="bg-night py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <h2 id="stats-heading" className="mb-10 text-title text-white">
          <Phrased text={statsStrip.heading} />
        </h2>
        <StatList stats={statsStrip.stats.map((id) => stats[id])} inverse />
      </div>
    </section>
  );
}
