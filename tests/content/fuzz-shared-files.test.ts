// Fuzzes the data files every page reads; see fuzz.ts for the property.
import { fuzzCli, SHARED_FILES } from "./fuzz.ts";

fuzzCli(SHARED_FILES);
