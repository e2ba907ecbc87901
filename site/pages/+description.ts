import type { PageContext } from "vike/types";
import { pageMeta } from "../lib/page-meta.ts";

export default (pageContext: PageContext) => pageMeta(pageContext).description;
