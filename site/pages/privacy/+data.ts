// Environment: server (build time). The notice's texts reach the browser in
// the page's HTML, not in its JavaScript (see site/pages/index/+data.ts).
import type { PageContextServer } from "vike/types";
import { content } from "../../lib/content.ts";

export function data(pageContext: PageContextServer) {
  const { entity, imprint, privacy } = content(pageContext.locale).legal;
  return {
    privacy,
    entity: { legalName: entity.legalName, address: entity.address, email: entity.email, phone: entity.phone },
    contactLabels: { email: imprint.labels.email, phone: imprint.labels.phone },
  };
}

export type Data = ReturnType<typeof data>;
