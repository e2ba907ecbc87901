import { lazy } from "react";

// These appear only after a visitor sends a form, so they are not part of the first-load script.
export const FailedNotice = lazy(() => import("./FailedNotice.tsx"));
export const SentPanel = lazy(() => import("./SentPanel.tsx"));
