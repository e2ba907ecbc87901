import { cloneElement, createContext, startTransition, useContext, useEffect, useRef, useState } from "react";
import { tooltip } from "../generated/behaviour.ts";
import { Phrased } from "./Phrased.tsx";

type TooltipModule = typeof import("@radix-ui/react-tooltip");

const TooltipContext = createContext<TooltipModule | null>(null);

/** The attribute every hinted element carries, so that HintGroup can tell when one has focus. */
const hinted = "data-hint";

/**
 * Runs `then` once no hinted element has focus: at once, or when focus leaves
 * them. Returns a function that cancels the wait.
 */
function whenNoHintFocused(then: () => void): () => void {
  const check = () => {
    if (document.activeElement?.closest(`[${hinted}]`)) return false;
    document.removeEventListener("focusout", onFocusOut);
    then();
    return true;
  };
  // During focusout the focus is still moving: look once it has landed.
  const onFocusOut = () => window.setTimeout(check, 0);
  if (!check()) document.addEventListener("focusout", onFocusOut);
  return () => document.removeEventListener("focusout", onFocusOut);
}

/**
 * Groups hover hints and gives them the timings from data/behaviour.yaml
 * (open delay, skip delay). Radix Tooltip is loaded when the browser is idle
 * after hydration, so it is not part of the page's first-load JavaScript;
 * until then the hinted elements render as they are, fully usable. Mounting
 * it replaces the hinted elements' DOM nodes, so it waits while one of them
 * has keyboard focus (a fast Tab after the page loads), or the focus would be lost.
 */
export function HintGroup({ children }: { children: React.ReactNode }) {
  const [module, setModule] = useState<TooltipModule | null>(null);
  useEffect(() => {
    let cancelled = false;
    let stopWaiting: (() => void) | undefined;
    const load = () => {
      void import("@radix-ui/react-tooltip").then((loaded) => {
        if (cancelled) return;
        // A transition: mounting the hints renders in slices, never one long task.
        stopWaiting = whenNoHintFocused(() => startTransition(() => setModule(loaded)));
      });
    };
    const idle = window.requestIdleCallback?.(load, { timeout: 1500 });
    const timer = idle === undefined ? window.setTimeout(load, 300) : undefined;
    return () => {
      cancelled = true;
      stopWaiting?.();
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
  if (!module) return <TooltipContext.Provider value={null}>{children}</TooltipContext.Provider>;
  return (
    <TooltipContext.Provider value={module}>
      <module.Provider delayDuration={tooltip.openDelayMs} skipDelayDuration={tooltip.skipDelayMs}>
        {children}
      </module.Provider>
    </TooltipContext.Provider>
  );
}

/**
 * A hover hint (Radix Tooltip): opens after the hover delay or at once on
 * keyboard focus; closes on pointer leave, press, scroll or Escape.
 */
export function Hint({ label, children }: { label: string; children: React.ReactElement }) {
  const Tooltip = useContext(TooltipContext);
  const marked = cloneElement(children as React.ReactElement<Record<string, unknown>>, { [hinted]: "" });
  if (!Tooltip) return marked;
  return (
    <LoadedHint Tooltip={Tooltip} label={label}>
      {marked}
    </LoadedHint>
  );
}

function LoadedHint({
  Tooltip,
  label,
  children,
}: {
  Tooltip: TooltipModule;
  label: string;
  children: React.ReactElement;
}) {
  const [open, setOpen] = useState(false);
  // Tabbing to an element below the fold scrolls it into view, and Radix closes
  // a hint on scroll: while the element has keyboard focus, only Escape, a
  // press or leaving it closes the hint.
  const keyboardFocus = useRef(false);
  const release = () => {
    keyboardFocus.current = false;
    setOpen(false);
  };
  return (
    <Tooltip.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && keyboardFocus.current) return;
        setOpen(next);
      }}
    >
      <Tooltip.Trigger
        asChild
        onFocus={(event) => {
          keyboardFocus.current = event.currentTarget.matches(":focus-visible");
        }}
        onBlur={release}
        onPointerDown={release}
        onKeyDown={(event) => {
          if (event.key === "Escape") release();
        }}
      >
        {children}
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          sideOffset={tooltip.sideOffsetPx}
          className="z-50 rounded-full bg-ink px-3 py-1.5 text-xs font-semibold text-white shadow-header"
        >
          <Phrased text={label} />
          <Tooltip.Arrow className="fill-ink" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
