import { lazy } from "react";

// These appear only after a visitor sends a form, so they are not part of the first-load script.
const loadFailedNotice = () => import("./FailedNotice.tsx");
const loadSentPanel = () => import("./SentPanel.tsx");
export const FailedNotice = lazy(loadFailedNotice);
export const SentPanel = lazy(loadSentPanel);

/** Fetches both while an inquiry is on its way, so the outcome shows without a wait. */
export function preloadStates(): void {
  void loadFailedNotice();
  void loadSentPanel();
}
