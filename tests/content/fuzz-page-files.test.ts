// Fuzzes each page's own data file (and any data file added later); see fuzz.ts for the property.
import { fuzzCli, PAGE_FILES } from "./fuzz.ts";

fuzzCli(PAGE_FILES);
