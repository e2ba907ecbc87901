import * as Tooltip from "@radix-ui/react-tooltip";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { tooltip } from "../generated/behaviour.ts";
import { Phrased } from "./Phrased.tsx";

/** A hinted element as HintGroup (Hint.tsx) keeps it: its hint's text and its DOM node. */
export type HintedElement = { label: string; element: HTMLElement };

/**
 * The hover hints of one HintGroup, loaded when they are wanted (Hint.tsx):
 * a Radix Tooltip for each hinted element, with the timings from
 * data/behaviour.yaml (open delay, skip delay). It renders no DOM of its own
 * beside the tooltips' portals: each trigger is the element already on the page.
 */
export function HintTooltips({ hinted }: { hinted: [string, HintedElement][] }) {
  return (
    <Tooltip.Provider delayDuration={tooltip.openDelayMs} skipDelayDuration={tooltip.skipDelayMs}>
      {hinted.map(([id, { label, element }]) => (
        <ElementHint key={id} label={label} element={element} />
      ))}
    </Tooltip.Provider>
  );
}

function ElementHint({ label, element }: HintedElement) {
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
        <Existing element={element} />
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

/** The DOM event a React event prop stands for (React's onFocus and onBlur bubble, as focusin and focusout do). */
function domEvent(prop: string): string {
  const name = prop.slice(2).toLowerCase();
  return name === "focus" ? "focusin" : name === "blur" ? "focusout" : name;
}

type ExistingProps = { element: HTMLElement; ref?: React.Ref<HTMLElement> } & Record<string, unknown>;

/**
 * Stands in for `element` as the Tooltip trigger's child: what Radix would
 * render onto its child (the ref, `data-state`, `aria-describedby`, the event
 * handlers) it puts onto the element already on the page, whose React
 * component keeps rendering it. When it mounts, a keyboard focus already on
 * the element or a pointer already resting on it is told to Radix as if it had
 * just arrived: the focus opens the hint at once, the pointer after the open delay.
 */
function Existing({ element, ref, ...props }: ExistingProps) {
  const attributes = useRef(new Set<string>());
  useLayoutEffect(() => {
    if (typeof ref !== "function") {
      if (ref) ref.current = element;
      return;
    }
    const cleanup = ref(element);
    return () => {
      if (typeof cleanup === "function") cleanup();
      else ref(null);
    };
  }, [element, ref]);
  useLayoutEffect(() => {
    const listeners: [string, EventListener][] = [];
    for (const [name, value] of Object.entries(props)) {
      if (/^on[A-Z]/.test(name)) {
        if (typeof value === "function") listeners.push([domEvent(name), value as EventListener]);
      } else if (typeof value === "string") {
        element.setAttribute(name, value);
        attributes.current.add(name);
      } else {
        element.removeAttribute(name);
      }
    }
    for (const [type, listener] of listeners) element.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of listeners) element.removeEventListener(type, listener);
    };
  });
  useLayoutEffect(() => {
    const set = attributes.current;
    return () => {
      for (const name of set) element.removeAttribute(name);
    };
  }, [element]);
  useEffect(() => {
    if (element.matches(":focus-visible")) element.dispatchEvent(new FocusEvent("focusin"));
    else if (element.matches(":hover") && window.matchMedia("(hover: hover)").matches) {
      element.dispatchEvent(new PointerEvent("pointermove", { pointerType: "mouse" }));
    }
  }, [element]);
  return null;
}
