// Environment: server (build time). Every list page is pre-rendered.
import { listPaths } from "../../lib/insights.ts";

export function onBeforePrerenderStart(): string[] {
  return listPaths();
}
