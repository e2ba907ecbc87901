// Environment: server (build time). The imprint reaches the browser in the
// page's HTML, not in its JavaScript (see site/pages/index/+data.ts).
import type { PageContextServer } from "vike/types";
import { content } from "../../lib/content.ts";

export function data(pageContext: PageContextServer) {
  const { entity, imprint } = content(pageContext.locale).legal;
  return { entity, imprint };
}

export type Data = ReturnType<typeof data>;
