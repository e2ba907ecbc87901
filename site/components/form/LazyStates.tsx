import { lazy } from "react";
import { withPageTexts } from "../../lib/content/by-locale.ts";

// These appear only after a visitor sends a form, so they are not part of the first-load script;
// their texts in the page's language (site/lib/content/by-locale.ts) come before they render.
const loadFailedNotice = () => import("./FailedNotice.tsx").then(withPageTexts);
const loadSentPanel = () => import("./SentPanel.tsx").then(withPageTexts);

export const FailedNotice = lazy(loadFailedNotice);
export const SentPanel = lazy(loadSentPanel);

/** Fetches both while an inquiry is on its way, so the outcome shows without a wait. */
export function preloadStates(): void {
  void loadFailedNotice();
  void loadSentPanel();
}
