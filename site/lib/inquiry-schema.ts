import { fieldErrors, makeInquirySchema } from "../../schemas/inquiry.ts";
import { form } from "../generated/contact.ts";
import { arr, industry, role, timeline } from "../generated/form-options.ts";
import { contact } from "../generated/home.ts";
import { errors } from "../generated/inquiry.ts";

/** The inquiry schema with this site's options, labels and messages: the browser and the server use this one. */
export const inquirySchema = makeInquirySchema({
  options: { role, arr, industry, timeline },
  labels: {
    full: {
      name: form.fields.name.label,
      email: form.fields.email.label,
      company: form.fields.company.label,
      role: form.fields.role.label,
      arr: form.fields.arr.label,
      industry: form.fields.industry.label,
      challenges: form.fields.challenges.label,
      objectives: form.fields.objectives.label,
      timeline: form.fields.timeline.label,
    },
    quick: {
      name: contact.fields.name.label,
      email: contact.fields.email.label,
      company: contact.fields.company.label,
      message: contact.fields.message.label,
    },
  },
  messages: errors,
});

export { fieldErrors };
