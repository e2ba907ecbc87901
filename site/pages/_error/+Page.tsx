import { useEffect } from "react";
import { usePageContext } from "vike-react/usePageContext";
import { ButtonLink } from "../../components/Button.tsx";
import { Phrased } from "../../components/Phrased.tsx";
import { Eyebrow } from "../../components/Section.tsx";
import { siteByLocale } from "../../lib/content/site.ts";
import { useTexts } from "../../lib/useLocale.ts";

/** The not-found page (also pre-rendered as 404.html) and the page for any other error. */
export default function Page() {
  const pageContext = usePageContext();
  const is404 = pageContext.is404 === true;
  const { notFound, unexpectedError } = useTexts(siteByLocale);

  useEffect(() => {
    if (is404) console.error("404 Error: User attempted to access non-existent route:", window.location.pathname);
  }, [is404]);

  if (is404) {
    return (
      <section
        aria-labelledby="page-title"
        className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-5 py-24 text-center"
      >
        <p className="font-serif text-8xl text-brass-strong" aria-hidden="true">
          {notFound.code}
        </p>
        <h1 id="page-title" tabIndex={-1} className="mt-4 text-title">
          <span className="sr-only">{notFound.code}: </span>
          <Phrased text={notFound.heading} />
        </h1>
        <p className="mt-4 text-lg text-muted">
          <Phrased text={notFound.text} />
        </p>
        <ButtonLink href={notFound.link.href} className="mt-10">
          {notFound.link.label}
        </ButtonLink>
      </section>
    );
  }

  const reason = errorText(pageContext.abortReason, pageContext.abortStatusCode);
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex min-h-[60vh] max-w-3xl flex-col justify-center px-5 py-24"
    >
      <Eyebrow>{pageContext.abortStatusCode ?? "Error"}</Eyebrow>
      <h1 id="page-title" tabIndex={-1} className="text-title">
        <Phrased text={unexpectedError.heading} />
      </h1>
      {reason && (
        <p className="mt-4 text-lg text-muted">
          <i>{reason}</i>
        </p>
      )}
      <ButtonLink href={unexpectedError.link.href} className="mt-10 self-start">
        {unexpectedError.link.label}
      </ButtonLink>
    </section>
  );
}

/** The error's status text or message, as the spec's error catalogue says. */
function errorText(reason: unknown, status: number | undefined): string | null {
  if (typeof reason === "string") return reason;
  if (reason instanceof Error) return reason.message;
  if (reason && typeof reason === "object" && "message" in reason) return String(reason.message);
  if (status) return statusText[status] ?? `Status ${status}`;
  return null;
}

const statusText: Record<number, string> = {
  401: "Unauthorized",
  403: "Forbidden",
  410: "Gone",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};
