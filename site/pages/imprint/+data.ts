// Environment: server (build time). The imprint reaches the browser in the
// page's HTML, not in its JavaScript (see site/pages/index/+data.ts).
import { entity, imprint } from "../../generated/legal.ts";

export function data() {
  return { entity, imprint };
}

export type Data = ReturnType<typeof data>;
