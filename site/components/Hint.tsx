import * as Tooltip from "@radix-ui/react-tooltip";
import { tooltip } from "../generated/behaviour.ts";

/** Provides the hint timings from data/behaviour.yaml (open delay, skip delay) to every Hint. */
export function HintProvider({ children }: { children: React.ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={tooltip.openDelayMs} skipDelayDuration={tooltip.skipDelayMs}>
      {children}
    </Tooltip.Provider>
  );
}

/**
 * A hover hint (Radix Tooltip): opens after the hover delay or at once on
 * keyboard focus; closes on pointer leave, press, scroll or Escape.
 */
export function Hint({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          sideOffset={tooltip.sideOffsetPx}
          className="z-50 rounded-full bg-ink px-3 py-1.5 text-xs font-semibold text-white shadow-header"
        >
          {label}
          <Tooltip.Arrow className="fill-ink" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
