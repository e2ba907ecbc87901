// Fuzzes the Markdown articles (the samples of tests/fixtures/articles, in
// data/insights/): front matter and body mutated; see fuzz.ts for the property.
import { ARTICLE_FILES, fuzzCli } from "./fuzz.ts";

fuzzCli(ARTICLE_FILES);
