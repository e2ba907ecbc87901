import Cloud from "lucide-react/icons/cloud";
import Globe from "lucide-react/icons/globe";
import Handshake from "lucide-react/icons/handshake";
import Layers from "lucide-react/icons/layers";
import Network from "lucide-react/icons/network";
import Target from "lucide-react/icons/target";
import TrendingUp from "lucide-react/icons/trending-up";
import Users from "lucide-react/icons/users";
import { useData } from "vike-react/useData";
import type { CARD_ICONS } from "../../../schemas/about.ts";
import { Card } from "../../components/Card.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import { Section, SectionHeading } from "../../components/Section.tsx";
import type { Data } from "./+data.ts";

/** One lucide icon per icon name that data/about.yaml may use. */
const icons: Record<(typeof CARD_ICONS)[number], typeof Cloud> = {
  cloud: Cloud,
  "trending-up": TrendingUp,
  handshake: Handshake,
  layers: Layers,
  network: Network,
  globe: Globe,
  target: Target,
  users: Users,
};

export function WhySection() {
  const { why } = useData<Data>();
  return (
    <Section tone="white" aria-labelledby="why-heading">
      <SectionHeading id="why-heading" heading={why.heading} />
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {why.cards.map((card) => {
          const Icon = icons[card.icon];
          return (
            <li key={card.title}>
              <Card className="h-full">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brass-soft text-ink">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-5 text-xl">
                  <Phrased text={card.title} />
                </h3>
                <p className="mt-2 leading-relaxed text-muted">
                  <Phrased text={card.text} />
                </p>
              </Card>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
