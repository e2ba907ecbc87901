import nodemailer, { type Transporter } from "nodemailer";
import { type FormVocabulary, readableFields } from "../labels.ts";
import { languageName } from "../language.ts";
import { FIT_LABELS, type MatchConsultant, suggestMatches } from "../match.ts";
import type { DeliveryChannel } from "../outbox.ts";
import type { StoredInquiry } from "../store.ts";

export interface MailChannelOptions {
  smtpUrl: string;
  to: string;
  from: string;
  /** The firm's name, for the mail's first line. */
  firmName: string;
  /** The form's field and option labels: the mail shows what the visitor saw, not stored values. */
  vocabulary: FormVocabulary;
  /** The consultants, for the suggested match (none: no suggestions). */
  consultants?: readonly MatchConsultant[];
  /** How long connecting, the greeting and each SMTP step may take (shorter than the outbox's lease). */
  timeoutMs?: number;
}

/** The firm's notification mail, one per inquiry, sent with nodemailer; Reply-To is the visitor. */
export class MailChannel implements DeliveryChannel {
  readonly name = "mail";
  readonly label = "notifications";
  private readonly transport: Transporter;

  constructor(private readonly options: MailChannelOptions) {
    const timeout = options.timeoutMs;
    this.transport = nodemailer.createTransport({
      url: options.smtpUrl,
      // One connection kept open and reused: a backlog after an outage goes out without a
      // TCP and SMTP handshake per mail (the outbox sends one message at a time anyway).
      pool: true,
      maxConnections: 1,
      ...(timeout === undefined
        ? {}
        : { connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout }),
    });
  }

  async deliver(inquiry: StoredInquiry): Promise<void> {
    await this.transport.sendMail(this.message(inquiry));
  }

  close(): void {
    this.transport.close();
  }

  message(inquiry: StoredInquiry) {
    const fields = [
      `Received: ${inquiry.receivedAt}`,
      // The visitor wrote on the site in this language: the partners answer in it.
      `Answer in: ${languageName(inquiry.language)}`,
      ...readableFields(inquiry, this.options.vocabulary).map(({ label, text }) => `${label}: ${text}`),
    ].join("\n");
    const suggestions = suggestMatches(inquiry, this.options.consultants ?? []);
    const match =
      suggestions.length === 0
        ? ""
        : `\n\nSuggested consultants (by industry and ARR stage):\n${suggestions
            .map((s) => `- ${s.name} (${FIT_LABELS[s.fit]})`)
            .join("\n")}`;
    return {
      from: this.options.from,
      to: this.options.to,
      replyTo: inquiry.email,
      subject: `New inquiry from ${inquiry.name} (${inquiry.company})`,
      text: `A new ${inquiry.kind === "full" ? "inquiry (contact page)" : "message (home page)"} arrived on the ${this.options.firmName} website.\n\n${fields}${match}\n\nInquiry id: ${inquiry.id}\n`,
      headers: { "X-Inquiry-Id": inquiry.id },
    };
  }
}
