import { resolve } from "node:path";
import { displayPath, validateDataDir } from "../../content/index.ts";
import type { FormVocabulary } from "../../inquiries/labels.ts";
import type { MatchConsultant } from "../../inquiries/match.ts";
import { inquirySchemaInput } from "../../schemas/inquiry.ts";
import type { CliIO } from "../io.ts";

/** What the inquiry commands read from the data as it is now: the consultants to suggest, the forms' labels. */
export interface FormData {
  consultants: readonly MatchConsultant[];
  /** The forms' field labels and the select options' labels; absent when the data has errors. */
  vocabulary?: FormVocabulary;
}

/**
 * The data folder's consultants and form vocabulary; none (with a note on
 * stderr naming `without`, what the output goes without) when the data has
 * errors: the inquiries are still shown.
 */
export async function formDataIn(dir: string, io: CliIO, without: string): Promise<FormData> {
  const { data, diagnostics } = await validateDataDir(resolve(dir));
  const { consultants, formOptions, contact, home, inquiry, locales } = data;
  if (
    !consultants ||
    !formOptions ||
    !contact ||
    !home ||
    !inquiry ||
    !locales ||
    diagnostics.some((d) => d.severity === "error")
  ) {
    io.stderr.write(`note: ${without}: ${displayPath(resolve(dir))} has errors (run \`npm run validate\`)\n`);
    return { consultants: [] };
  }
  const { labels } = inquirySchemaInput({ formOptions, contact, home, inquiry, locales });
  return { consultants: consultants.consultants, vocabulary: { fields: labels, options: formOptions } };
}
