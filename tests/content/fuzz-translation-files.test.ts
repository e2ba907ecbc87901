// Fuzzes every other language's files, the translations and their lock files; see fuzz.ts for the property.
import { fuzzCli, TRANSLATION_FILES } from "./fuzz.ts";

fuzzCli(TRANSLATION_FILES);
