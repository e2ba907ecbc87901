// Environment: client. The first page of a visit is on screen and working:
// count it (site/lib/visit.ts). A prefetch never gets here.
import { countView } from "../lib/visit.ts";

export function onHydrationEnd(): void {
  countView();
}
