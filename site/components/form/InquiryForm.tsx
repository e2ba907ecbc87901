import { form } from "../../generated/contact.ts";
import { arr, industry, role, timeline } from "../../generated/form-options.ts";
import { Button } from "../Button.tsx";
import { SelectField, TextAreaField, TextField } from "./Field.tsx";

/** The contact page's inquiry form: nine fields, all but the timeline required. */
export function InquiryForm() {
  const { fields } = form;
  return (
    <form method="post" action="/api/inquiries" aria-describedby="inquiry-required-note">
      <input type="hidden" name="kind" value="full" />
      <p id="inquiry-required-note" className="mb-6 text-sm text-muted">
        {form.requiredNote}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="inquiry-name"
          name="name"
          label={fields.name.label}
          placeholder={fields.name.placeholder}
          autoComplete="name"
          required
        />
        <TextField
          id="inquiry-email"
          name="email"
          type="email"
          label={fields.email.label}
          placeholder={fields.email.placeholder}
          autoComplete="email"
          required
        />
        <TextField
          id="inquiry-company"
          name="company"
          label={fields.company.label}
          placeholder={fields.company.placeholder}
          autoComplete="organization"
          required
        />
        <SelectField
          id="inquiry-role"
          name="role"
          label={fields.role.label}
          options={role}
          placeholder={form.selectPlaceholder}
          required
        />
        <SelectField
          id="inquiry-arr"
          name="arr"
          label={fields.arr.label}
          options={arr}
          placeholder={form.selectPlaceholder}
          required
        />
        <SelectField
          id="inquiry-industry"
          name="industry"
          label={fields.industry.label}
          options={industry}
          placeholder={form.selectPlaceholder}
          required
        />
        <TextAreaField
          id="inquiry-challenges"
          name="challenges"
          label={fields.challenges.label}
          placeholder={fields.challenges.placeholder}
          required
          className="sm:col-span-2"
        />
        <TextAreaField
          id="inquiry-objectives"
          name="objectives"
          label={fields.objectives.label}
          placeholder={fields.objectives.placeholder}
          required
          className="sm:col-span-2"
        />
        <SelectField
          id="inquiry-timeline"
          name="timeline"
          label={fields.timeline.label}
          options={timeline}
          placeholder={form.selectPlaceholder}
          className="sm:col-span-2"
        />
      </div>
      <Button type="submit" arrow className="mt-8 w-full sm:w-auto">
        {form.submit}
      </Button>
    </form>
  );
}
