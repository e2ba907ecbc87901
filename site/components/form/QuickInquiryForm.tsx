import { contact } from "../../generated/home.ts";
import { Button } from "../Button.tsx";
import { TextAreaField, TextField } from "./Field.tsx";

/** The home page's contact block: name, e-mail, company and a message. */
export function QuickInquiryForm() {
  const { fields } = contact;
  return (
    <form
      method="post"
      action="/api/inquiries"
      className="rounded-card border border-line bg-white p-6 shadow-card sm:p-8"
    >
      <input type="hidden" name="kind" value="quick" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="quick-name"
          name="name"
          label={fields.name.label}
          placeholder={fields.name.placeholder}
          autoComplete="name"
          required
        />
        <TextField
          id="quick-email"
          name="email"
          type="email"
          label={fields.email.label}
          placeholder={fields.email.placeholder}
          autoComplete="email"
          required
        />
        <TextField
          id="quick-company"
          name="company"
          label={fields.company.label}
          placeholder={fields.company.placeholder}
          autoComplete="organization"
          required
          className="sm:col-span-2"
        />
        <TextAreaField
          id="quick-message"
          name="message"
          label={fields.message.label}
          placeholder={fields.message.placeholder}
          required
          className="sm:col-span-2"
        />
      </div>
      <Button type="submit" arrow className="mt-6 w-full sm:w-auto">
        {contact.submit}
      </Button>
    </form>
  );
}
