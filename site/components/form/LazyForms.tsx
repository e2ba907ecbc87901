// Environment: server and browser. The two inquiry forms as their pages place
// them. The server renders each form whole (plain HTML that works without
// JavaScript); in the browser each is a chunk of its own, outside the page's
// first-load script, and React hydrates it by itself once the chunk is in:
// until then its pre-rendered HTML stays as it is behind the Suspense
// boundary while the rest of the page hydrates (selective hydration).
import { type ComponentProps, lazy, Suspense } from "react";
import { withPageTexts } from "../../lib/content/by-locale.ts";
import type * as Full from "./InquiryForm.tsx";
import type * as Quick from "./QuickInquiryForm.tsx";

// import.meta.env.SSR is a constant of each build. The server's build awaits
// the module once, when this module loads, and never suspends: renderToString
// would send a Suspense fallback instead of the form. The browser's build has
// no static import of the form: it is a chunk of its own.
// The chunk brings the forms' texts (site/lib/content/inquiry.ts): in the page's language before it renders.
const InquiryFormPart = import.meta.env.SSR
  ? (await import("./InquiryForm.tsx")).InquiryForm
  : lazy(() => import("./InquiryForm.tsx").then((module) => withPageTexts({ default: module.InquiryForm })));
const QuickInquiryFormPart = import.meta.env.SSR
  ? (await import("./QuickInquiryForm.tsx")).QuickInquiryForm
  : lazy(() => import("./QuickInquiryForm.tsx").then((module) => withPageTexts({ default: module.QuickInquiryForm })));

export function InquiryForm(props: ComponentProps<typeof Full.InquiryForm>) {
  return (
    <Suspense>
      <InquiryFormPart {...props} />
    </Suspense>
  );
}

export function QuickInquiryForm(props: ComponentProps<typeof Quick.QuickInquiryForm>) {
  return (
    <Suspense>
      <QuickInquiryFormPart {...props} />
    </Suspense>
  );
}
