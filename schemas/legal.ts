import { z } from "zod";
import { Email, Link, line, name, Paragraphs, prose, value } from "./common.ts";

const days = (what: string) => z.int().min(0).max(3_650).describe(`${what}, in days`);

const Hero = z
  .strictObject({
    eyebrow: line("label").describe("Small label above the heading").meta({ title: "Eyebrow" }),
    heading: line("heading").describe("The page's h1").meta({ title: "Heading" }),
    lead: line("sentence").describe("Introductory sentence under the heading").meta({ title: "Lead" }),
  })
  .describe("The page's opening")
  .meta({ title: "Opening section" });

const Block = z
  .strictObject({
    heading: line("heading").describe("Section heading (h2)").meta({ title: "Heading" }),
    paragraphs: Paragraphs,
  })
  .describe("A section of prose");

/** One thing the site does with personal data, told as GDPR Art. 13 asks. */
const Processing = z
  .strictObject({
    heading: line("heading").describe("Section heading (h2)").meta({ title: "Heading" }),
    lead: line("sentence").describe("What happens, in one or two sentences").meta({ title: "Lead" }),
    data: z
      .array(line("sentence").describe("A kind of personal data"))
      .min(1)
      .describe("What personal data this is, one item each")
      .meta({ title: "Data" }),
    purpose: line("sentence").describe("Why the data is used (Art. 13(1)(c))").meta({ title: "Purpose" }),
    legalBasis: line("sentence")
      .describe("The legal basis, with its article (Art. 13(1)(c))")
      .meta({ title: "Legal basis" }),
    legitimateInterest: line("sentence")
      .optional()
      .describe("The legitimate interest pursued, when the basis is Art. 6(1)(f) (Art. 13(1)(d))")
      .meta({ title: "Legitimate interest" }),
    recipients: z
      .array(line("sentence").describe("A recipient"))
      .min(1)
      .describe("Who receives the data, one item each (Art. 13(1)(e))")
      .meta({ title: "Recipients" }),
    retention: prose()
      .describe("How long the data is kept; use {retention.<key>} for the number (Art. 13(2)(a))")
      .meta({ title: "Retention" }),
    required: line("sentence")
      .describe("Whether the visitor must provide the data, and what happens if not (Art. 13(2)(e))")
      .meta({ title: "Required" }),
  })
  .describe("One processing of personal data");

const Right = z
  .strictObject({
    name: line("label").describe("The right, in a few words").meta({ title: "Name" }),
    article: line("label").describe('The GDPR article that grants it, like "Art. 15"').meta({ title: "GDPR article" }),
    text: line("sentence").describe("What it means for the visitor").meta({ title: "Text" }),
  })
  .describe("One right of the data subject");

export const LegalSchema = z
  .strictObject({
    entity: z
      .strictObject({
        legalName: name()
          .describe("Registered name of the firm, with its legal form's abbreviation")
          .meta({ title: "Legal name" }),
        legalForm: line("sentence").describe("Legal form, written out").meta({ title: "Legal form" }),
        address: z
          .strictObject({
            street: name().describe("Street and number").meta({ title: "Street" }),
            postalCode: value("postal-code", (s) =>
              s.regex(/^[A-Z0-9][A-Z0-9 -]{2,9}$/, { error: 'must be a postal code like "10115"' }),
            )
              .describe("Postal code")
              .meta({ title: "Postal code" }),
            city: line("label").describe("City").meta({ title: "City" }),
            country: line("label").describe("Country, in English").meta({ title: "Country" }),
          })
          .describe("Postal address for service of documents")
          .meta({ title: "Address" }),
        managingDirectors: z
          .array(name().describe("A managing director"))
          .min(1)
          .describe("Names of the managing directors (the representatives)")
          .meta({ title: "Managing directors" }),
        register: z
          .strictObject({
            court: name().describe("Register court").meta({ title: "Register court" }),
            number: name().describe("Register number; fictional values say so").meta({ title: "Register number" }),
          })
          .describe("Entry in the commercial register")
          .meta({ title: "Register entry" }),
        vatId: name().describe("VAT identification number; fictional values say so").meta({ title: "VAT ID" }),
        email: Email("legal@example.com")
          .describe("Contact e-mail for legal and privacy matters; must be at the firm's domain")
          .meta({ title: "E-mail" }),
        phone: value("phone", (s) =>
          s.regex(/^\+[1-9][0-9 ]{6,20}$/, { error: 'must be an international number like "+49 30 1234567"' }),
        )
          .describe("Contact phone number, international format")
          .meta({ title: "Phone" }),
        contentResponsible: line("sentence")
          .describe("Person responsible for the content (§ 18(2) MStV)")
          .meta({ title: "Responsible for the content" }),
      })
      .describe("The firm's legal entity: what the imprint shows and who the controller is")
      .meta({ title: "Legal entity" }),
    retention: z
      .strictObject({
        inquiryDays: days("How long an inquiry is stored after it arrives; the server deletes older ones").meta({
          title: "Keep inquiries (days)",
        }),
        deadMessageDays: days(
          "How long a notification that could not be delivered stays in the outbox after its last attempt",
        ).meta({ title: "Keep undeliverable messages (days)" }),
        serverLogDays: days(
          "How long the server keeps log files: 0, it writes its log to standard output only and keeps no files",
        ).meta({ title: "Keep server logs (days)" }),
        visitCountDays: days(
          "How long the daily page-view counts are kept (they identify no one); the server deletes older days",
        ).meta({ title: "Keep visit counts (days)" }),
        rateLimitWindowSeconds: z
          .int()
          .min(1)
          .max(3_600)
          .describe("How long the abuse protection keeps a counter per IP address, in memory only, in seconds")
          .meta({ title: "Rate limit window (seconds)" }),
      })
      .describe("Retention periods: the privacy page shows them, the server enforces them")
      .meta({ title: "Retention" }),
    formNotice: z
      .strictObject({
        text: line("sentence").describe("One line next to both forms' submit buttons").meta({ title: "Text" }),
        link: Link.describe("Link to the privacy notice").meta({ title: "Link" }),
      })
      .describe("The notice at the forms")
      .meta({ title: "Form notice" }),
    imprint: z
      .strictObject({
        hero: Hero,
        labels: z
          .strictObject({
            company: line("label").describe("Label of the legal name and form").meta({ title: "Company" }),
            address: line("label").describe("Label of the postal address").meta({ title: "Address" }),
            directors: line("label")
              .describe("Label of the managing directors")
              .meta({ title: "Managing directors label" }),
            register: line("label").describe("Label of the register entry").meta({ title: "Register entry" }),
            vatId: line("label").describe("Label of the VAT ID").meta({ title: "VAT ID" }),
            email: line("label").describe("Label of the e-mail address").meta({ title: "E-mail" }),
            phone: line("label").describe("Label of the phone number").meta({ title: "Phone" }),
            contentResponsible: line("label")
              .describe("Label of the person responsible for the content")
              .meta({ title: "Responsible for the content" }),
          })
          .describe("Labels of the imprint's details")
          .meta({ title: "Labels" }),
        notes: z.array(Block).describe("Sections after the details").meta({ title: "Notes" }),
      })
      .describe("The imprint page")
      .meta({ title: "Imprint" }),
    privacy: z
      .strictObject({
        hero: Hero,
        updated: value("date", (s) => s.check(z.iso.date({ error: "must be a date like 2026-11-23" })))
          .describe("When the notice last changed")
          .meta({ title: "Updated" }),
        updatedLabel: line("label")
          .describe('Text before the date, like "Last updated"')
          .meta({ title: "Updated label" }),
        contentsLabel: line("label")
          .describe("Name of the list of the notice's sections (a navigation landmark)")
          .meta({ title: "Table of contents name" }),
        glance: z
          .strictObject({
            heading: line("heading").describe("Section heading (h2)").meta({ title: "Heading" }),
            items: z
              .array(line("sentence").describe("One fact"))
              .min(1)
              .describe("The short version, one fact each")
              .meta({ title: "Items" }),
          })
          .describe("The notice in brief: no cookies, no browser storage, no other hosts")
          .meta({ title: "At a glance" }),
        controller: z
          .strictObject({
            heading: line("heading").describe("Section heading (h2)").meta({ title: "Heading" }),
            text: line("sentence").describe("Before the controller's name and address").meta({ title: "Text" }),
            dpo: prose()
              .describe("Whether there is a data protection officer, and whom to write to")
              .meta({ title: "Data protection officer" }),
          })
          .describe("Who is responsible (Art. 13(1)(a), (b))")
          .meta({ title: "Controller" }),
        labels: z
          .strictObject({
            data: line("label").describe("Label of the data").meta({ title: "Data" }),
            purpose: line("label").describe("Label of the purpose").meta({ title: "Purpose" }),
            legalBasis: line("label").describe("Label of the legal basis").meta({ title: "Legal basis" }),
            legitimateInterest: line("label")
              .describe("Label of the legitimate interest")
              .meta({ title: "Legitimate interest" }),
            recipients: line("label").describe("Label of the recipients").meta({ title: "Recipients" }),
            retention: line("label").describe("Label of how long the data is kept").meta({ title: "Retention" }),
            required: line("label").describe("Label of whether the data is required").meta({ title: "Required" }),
          })
          .describe("Labels of each processing's details")
          .meta({ title: "Labels" }),
        inquiries: Processing.describe("Inquiries sent with either form").meta({ title: "Inquiries" }),
        abuse: Processing.describe("Abuse protection: per-address rate limit and the honeypot").meta({
          title: "Abuse protection",
        }),
        visits: Block.describe(
          "Page views counted by the site's own server: what is counted, that nothing identifies a visitor, the legal basis, how long the counts are kept",
        ).meta({ title: "Visits" }),
        browser: Block.describe("No cookies, no browser storage, no requests to other hosts, server logs").meta({
          title: "In the browser",
        }),
        transfers: Block.describe("Transfers to countries outside the EU/EEA (Art. 13(1)(f))").meta({
          title: "Transfers outside the EU",
        }),
        rights: z
          .strictObject({
            heading: line("heading").describe("Section heading (h2)").meta({ title: "Heading" }),
            lead: line("sentence").describe("Before the list of rights").meta({ title: "Lead" }),
            items: z
              .array(Right)
              .min(6)
              .describe("Access, rectification, erasure, restriction, portability, objection")
              .meta({ title: "Items" }),
            how: line("sentence")
              .describe("How to use them and how fast the firm answers")
              .meta({ title: "How to use them" }),
          })
          .describe("The visitor's rights (Art. 13(2)(b))")
          .meta({ title: "Your rights" }),
        complaint: z
          .strictObject({
            heading: line("heading").describe("Section heading (h2)").meta({ title: "Heading" }),
            text: prose().describe("The right to lodge a complaint (Art. 13(2)(d))").meta({ title: "Text" }),
            authority: line("sentence")
              .describe("The supervisory authority responsible for the firm")
              .meta({ title: "Supervisory authority" }),
          })
          .describe("Complaints to a supervisory authority")
          .meta({ title: "Right to complain" }),
        automated: Block.describe("No automated decision-making or profiling (Art. 13(2)(f))").meta({
          title: "Automated decisions",
        }),
      })
      .describe("The privacy notice")
      .meta({ title: "Privacy notice" }),
  })
  .describe("The legal entity, retention periods, imprint and privacy notice");

export type Legal = z.infer<typeof LegalSchema>;
