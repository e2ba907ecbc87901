import { z } from "zod";
import { Email, Link, line, name, Paragraphs, prose, value } from "./common.ts";

const days = (what: string) => z.int().min(0).max(3_650).describe(`${what}, in days`);

const Hero = z
  .strictObject({
    eyebrow: line("label").describe("Small label above the heading"),
    heading: line("heading").describe("The page's h1"),
    lead: line("sentence").describe("Introductory sentence under the heading"),
  })
  .describe("The page's opening");

const Block = z
  .strictObject({
    heading: line("heading").describe("Section heading (h2)"),
    paragraphs: Paragraphs,
  })
  .describe("A section of prose");

/** One thing the site does with personal data, told as GDPR Art. 13 asks. */
const Processing = z
  .strictObject({
    heading: line("heading").describe("Section heading (h2)"),
    lead: line("sentence").describe("What happens, in one or two sentences"),
    data: z
      .array(line("sentence").describe("A kind of personal data"))
      .min(1)
      .describe("What personal data this is, one item each"),
    purpose: line("sentence").describe("Why the data is used (Art. 13(1)(c))"),
    legalBasis: line("sentence").describe("The legal basis, with its article (Art. 13(1)(c))"),
    legitimateInterest: line("sentence")
      .optional()
      .describe("The legitimate interest pursued, when the basis is Art. 6(1)(f) (Art. 13(1)(d))"),
    recipients: z
      .array(line("sentence").describe("A recipient"))
      .min(1)
      .describe("Who receives the data, one item each (Art. 13(1)(e))"),
    retention: prose().describe("How long the data is kept; use {retention.<key>} for the number (Art. 13(2)(a))"),
    required: line("sentence").describe(
      "Whether the visitor must provide the data, and what happens if not (Art. 13(2)(e))",
    ),
  })
  .describe("One processing of personal data");

const Right = z
  .strictObject({
    name: line("label").describe("The right, in a few words"),
    article: line("label").describe('The GDPR article that grants it, like "Art. 15"'),
    text: line("sentence").describe("What it means for the visitor"),
  })
  .describe("One right of the data subject");

export const LegalSchema = z
  .strictObject({
    entity: z
      .strictObject({
        legalName: name().describe("Registered name of the firm, with its legal form's abbreviation"),
        legalForm: line("sentence").describe("Legal form, written out"),
        address: z
          .strictObject({
            street: name().describe("Street and number"),
            postalCode: value("postal-code", (s) =>
              s.regex(/^[A-Z0-9][A-Z0-9 -]{2,9}$/, { error: 'must be a postal code like "10115"' }),
            ).describe("Postal code"),
            city: line("label").describe("City"),
            country: line("label").describe("Country, in English"),
          })
          .describe("Postal address for service of documents"),
        managingDirectors: z
          .array(name().describe("A managing director"))
          .min(1)
          .describe("Names of the managing directors (the representatives)"),
        register: z
          .strictObject({
            court: name().describe("Register court"),
            number: name().describe("Register number; fictional values say so"),
          })
          .describe("Entry in the commercial register"),
        vatId: name().describe("VAT identification number; fictional values say so"),
        email: Email("legal@example.com").describe(
          "Contact e-mail for legal and privacy matters; must be at the firm's domain",
        ),
        phone: value("phone", (s) =>
          s.regex(/^\+[1-9][0-9 ]{6,20}$/, { error: 'must be an international number like "+49 30 1234567"' }),
        ).describe("Contact phone number, international format"),
        contentResponsible: line("sentence").describe("Person responsible for the content (§ 18(2) MStV)"),
      })
      .describe("The firm's legal entity: what the imprint shows and who the controller is"),
    retention: z
      .strictObject({
        inquiryDays: days("How long an inquiry is stored after it arrives; the server deletes older ones"),
        deadMessageDays: days(
          "How long a notification that could not be delivered stays in the outbox after its last attempt",
        ),
        serverLogDays: days(
          "How long the server keeps log files: 0, it writes its log to standard output only and keeps no files",
        ),
        visitCountDays: days(
          "How long the daily page-view counts are kept (they identify no one); the server deletes older days",
        ),
        rateLimitWindowSeconds: z
          .int()
          .min(1)
          .max(3_600)
          .describe("How long the abuse protection keeps a counter per IP address, in memory only, in seconds"),
      })
      .describe("Retention periods: the privacy page shows them, the server enforces them"),
    formNotice: z
      .strictObject({
        text: line("sentence").describe("One line next to both forms' submit buttons"),
        link: Link.describe("Link to the privacy notice"),
      })
      .describe("The notice at the forms"),
    imprint: z
      .strictObject({
        hero: Hero,
        labels: z
          .strictObject({
            company: line("label").describe("Label of the legal name and form"),
            address: line("label").describe("Label of the postal address"),
            directors: line("label").describe("Label of the managing directors"),
            register: line("label").describe("Label of the register entry"),
            vatId: line("label").describe("Label of the VAT ID"),
            email: line("label").describe("Label of the e-mail address"),
            phone: line("label").describe("Label of the phone number"),
            contentResponsible: line("label").describe("Label of the person responsible for the content"),
          })
          .describe("Labels of the imprint's details"),
        notes: z.array(Block).describe("Sections after the details"),
      })
      .describe("The imprint page"),
    privacy: z
      .strictObject({
        hero: Hero,
        updated: value("date", (s) => s.check(z.iso.date({ error: "must be a date like 2026-11-23" }))).describe(
          "When the notice last changed",
        ),
        updatedLabel: line("label").describe('Text before the date, like "Last updated"'),
        contentsLabel: line("label").describe("Name of the list of the notice's sections (a navigation landmark)"),
        glance: z
          .strictObject({
            heading: line("heading").describe("Section heading (h2)"),
            items: z.array(line("sentence").describe("One fact")).min(1).describe("The short version, one fact each"),
          })
          .describe("The notice in brief: no cookies, no browser storage, no other hosts"),
        controller: z
          .strictObject({
            heading: line("heading").describe("Section heading (h2)"),
            text: line("sentence").describe("Before the controller's name and address"),
            dpo: prose().describe("Whether there is a data protection officer, and whom to write to"),
          })
          .describe("Who is responsible (Art. 13(1)(a), (b))"),
        labels: z
          .strictObject({
            data: line("label").describe("Label of the data"),
            purpose: line("label").describe("Label of the purpose"),
            legalBasis: line("label").describe("Label of the legal basis"),
            legitimateInterest: line("label").describe("Label of the legitimate interest"),
            recipients: line("label").describe("Label of the recipients"),
            retention: line("label").describe("Label of how long the data is kept"),
            required: line("label").describe("Label of whether the data is required"),
          })
          .describe("Labels of each processing's details"),
        inquiries: Processing.describe("Inquiries sent with either form"),
        abuse: Processing.describe("Abuse protection: per-address rate limit and the honeypot"),
        visits: Block.describe(
          "Page views counted by the site's own server: what is counted, that nothing identifies a visitor, the legal basis, how long the counts are kept",
        ),
        browser: Block.describe("No cookies, no browser storage, no requests to other hosts, server logs"),
        transfers: Block.describe("Transfers to countries outside the EU/EEA (Art. 13(1)(f))"),
        rights: z
          .strictObject({
            heading: line("heading").describe("Section heading (h2)"),
            lead: line("sentence").describe("Before the list of rights"),
            items: z
              .array(Right)
              .min(6)
              .describe("Access, rectification, erasure, restriction, portability, objection"),
            how: line("sentence").describe("How to use them and how fast the firm answers"),
          })
          .describe("The visitor's rights (Art. 13(2)(b))"),
        complaint: z
          .strictObject({
            heading: line("heading").describe("Section heading (h2)"),
            text: prose().describe("The right to lodge a complaint (Art. 13(2)(d))"),
            authority: line("sentence").describe("The supervisory authority responsible for the firm"),
          })
          .describe("Complaints to a supervisory authority"),
        automated: Block.describe("No automated decision-making or profiling (Art. 13(2)(f))"),
      })
      .describe("The privacy notice"),
  })
  .describe("The legal entity, retention periods, imprint and privacy notice");

export type Legal = z.infer<typeof LegalSchema>;
