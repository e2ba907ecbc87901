import { useCallback, useEffect, useRef, useState } from "react";
import { usePageContext } from "vike-react/usePageContext";

export type InquiryKind = "full" | "quick";

export type FormStatus =
  | { state: "idle" }
  | { state: "invalid" }
  | { state: "sending" }
  | { state: "sent" }
  | { state: "failed"; reason: "network" | "server" | "rateLimited" };

/** What the server passes back when a form posted without JavaScript had errors. */
export interface InquiryFormState {
  kind: InquiryKind;
  errors: Record<string, string>;
  values: Record<string, string>;
}

declare global {
  namespace Vike {
    interface PageContext {
      inquiryForm?: InquiryFormState;
    }
  }
}

const loadSender = () => import("./send.ts");

/**
 * The state of one inquiry form. The form is a plain HTML form that works
 * without JavaScript; once hydrated, submit is taken over: validate with
 * the shared schema, send as JSON with retries, and show sending, sent and
 * failed states. One idempotency key per submission, so a double click or
 * a retry is stored once.
 */
export function useInquiryForm(kind: InquiryKind) {
  const { inquiryForm: fromServer, locale } = usePageContext();
  const initial = fromServer?.kind === kind ? fromServer : undefined;
  const [status, setStatus] = useState<FormStatus>(initial ? { state: "invalid" } : { state: "idle" });
  const [errors, setErrors] = useState<Record<string, string>>(initial?.errors ?? {});
  const form = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const pending = useRef<{ key: string; value: unknown } | null>(null);
  const busy = useRef(false);

  // With JavaScript, our own messages replace the browser's validation bubbles.
  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, []);

  useEffect(() => {
    if (status.state === "invalid") summary.current?.focus();
  }, [status]);

  const deliver = useCallback(async (key: string, value: unknown) => {
    busy.current = true;
    setStatus({ state: "sending" });
    // The sender is a separate script; when even that cannot load, the network is down.
    const result = await loadSender()
      .then(({ send }) => send(value, key))
      .catch(() => ({ ok: false as const, reason: "network" as const }));
    busy.current = false;
    if (result.ok) {
      pending.current = null;
      setStatus({ state: "sent" });
    } else if (result.reason === "invalid") {
      setErrors(result.errors);
      setStatus({ state: "invalid" });
    } else {
      setStatus({ state: "failed", reason: result.reason });
    }
  }, []);

  const onSubmit = useCallback(
    async (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return; // a double click sends once
      busy.current = true;
      const data = new FormData(event.currentTarget);
      const values: Record<string, string> = {};
      for (const [name, value] of data) if (typeof value === "string") values[name] = value;
      if (values.website === "") delete values.website; // the empty honeypot is not a field
      let validate: Awaited<ReturnType<typeof loadSender>>["validate"];
      try {
        ({ validate } = await loadSender());
      } catch {
        busy.current = false;
        setStatus({ state: "failed", reason: "network" });
        return;
      }
      const result = validate(values, locale);
      if (!result.ok) {
        busy.current = false;
        setErrors(result.errors);
        setStatus({ state: "invalid" });
        return;
      }
      setErrors({});
      pending.current = { key: crypto.randomUUID(), value: result.value };
      await deliver(pending.current.key, pending.current.value);
    },
    [deliver, locale],
  );

  const retry = useCallback(() => {
    if (pending.current && !busy.current) void deliver(pending.current.key, pending.current.value);
  }, [deliver]);

  return {
    status,
    errors,
    values: initial?.values ?? {},
    refs: { form, summary },
    onSubmit,
    retry,
    /** Starts loading the schema as soon as the visitor shows interest. */
    preload: () => void loadSender(),
  };
}
