// Environment: server (build time). What the home page renders, and no more:
// it reaches the browser inside the page's HTML instead of its JavaScript,
// which keeps the first-load script within budget.
import type { PageContextServer } from "vike/types";
import { content } from "../../lib/content.ts";

export function data(pageContext: PageContextServer) {
  const c = content(pageContext.locale);
  const { clients, heading } = c.clients;
  const { consultants } = c.consultants;
  const { about, approach, clients: clientsSection, contact, hero, people, results } = c.home;
  const { stats } = c.stats;
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
