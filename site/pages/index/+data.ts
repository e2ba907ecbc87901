// Environment: server (build time). What the home page renders, and no more:
// it reaches the browser inside the page's HTML instead of its JavaScript,
// which keeps the first-load script within budget.
import { clients, heading } from "../../generated/clients.ts";
import { consultants } from "../../generated/consultants.ts";
import { about, approach, clients as clientsSection, contact, hero, people, results } from "../../generated/home.ts";
import { stats } from "../../generated/stats.ts";

export function data() {
  return {
    hero,
    about,
    people: {
      ...people,
      cards: consultants.map(({ slug, name, role, focus }) => ({ slug, name, role, focus })),
    },
    clients: { ...clientsSection, heading, names: clients.map((client) => client.name) },
    approach,
    results: { ...results, stats: results.stats.map((id) => stats[id]) },
    contact,
  };
}

export type Data = ReturnType<typeof data>;
