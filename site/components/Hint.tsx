import { cloneElement, createContext, startTransition, useContext, useEffect, useId, useState } from "react";
import type { HintedElement } from "./HintTooltips.tsx";

type Tooltips = typeof import("./HintTooltips.tsx");

type Group = {
  /** Records (or, with null, forgets) the element of the Hint with this id. */
  register: (id: string, hinted: HintedElement | null) => void;
  /** Loads the hints now instead of when the browser is idle. */
  load: () => void;
};

const GroupContext = createContext<Group | null>(null);

/** A pointer resting on one of `hinted` or a keyboard focus on one: the hints are wanted now. */
function oneIsWanted(hinted: Iterable<HintedElement>): boolean {
  for (const { element } of hinted) if (element.matches(":hover, :focus-visible")) return true;
  return false;
}

/**
 * HintGroup's state outside React: the hinted elements, and the loading of
 * HintTooltips.tsx (once; `loaded` is told the module, in a transition, while
 * the group is mounted; `changed` is told of hinted elements that come or go
 * after that).
 */
function createGroup(loaded: (module: Tooltips) => void, changed: () => void) {
  const hinted = new Map<string, HintedElement>();
  let loading: Promise<Tooltips> | undefined;
  let isLoaded = false;
  // Whether HintGroup is on the page (an event may come before its effect has run).
  let mounted = true;
  return {
    hinted,
    load() {
      loading ??= import("./HintTooltips.tsx");
      void loading.then((module) => {
        if (!mounted || isLoaded) return;
        isLoaded = true;
        // A transition: mounting the hints renders in slices, never one long task.
        startTransition(() => loaded(module));
      });
    },
    register(id: string, element: HintedElement | null) {
      if (element) hinted.set(id, element);
      else hinted.delete(id);
      if (isLoaded && mounted) changed();
    },
    mount(on: boolean) {
      mounted = on;
    },
  };
}

/**
 * Groups hover hints and gives them the timings from data/behaviour.yaml
 * (open delay, skip delay). Radix Tooltip (HintTooltips.tsx) is loaded when
 * the browser is idle after hydration, or as soon as a pointer or the focus
 * enters a hinted element, so it is not part of the page's first-load
 * JavaScript; until then the hinted elements are plain, fully usable links.
 * Loading it leaves them as they are: HintTooltips is rendered beside the
 * children, not around them, and attaches each tooltip to its element's
 * existing DOM node, so nothing remounts (a focus or a hover on a card stays
 * where it is) and the cards are not rendered again. A pointer already on a
 * hinted element, or a keyboard focus, gets its hint once they load.
 */
export function HintGroup({ children }: { children: React.ReactNode }) {
  const [tooltips, setTooltips] = useState<Tooltips | null>(null);
  // Bumped when a hinted element comes or goes after the hints have loaded.
  const [, setVersion] = useState(0);
  const [group] = useState(() =>
    createGroup(
      (module) => setTooltips(module),
      () => setVersion((version) => version + 1),
    ),
  );
  useEffect(() => {
    group.mount(true);
    if (oneIsWanted(group.hinted.values())) group.load();
    const idle = window.requestIdleCallback?.(group.load, { timeout: 1500 });
    const timer = idle === undefined ? window.setTimeout(group.load, 300) : undefined;
    return () => {
      group.mount(false);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [group]);
  return (
    <GroupContext.Provider value={group}>
      {children}
      {tooltips && <tooltips.HintTooltips hinted={[...group.hinted]} />}
    </GroupContext.Provider>
  );
}

type Hintable = React.ReactElement<{
  ref?: React.Ref<HTMLElement>;
  onPointerEnter?: React.PointerEventHandler;
  onFocus?: React.FocusEventHandler;
}>;

/**
 * A hover hint (Radix Tooltip, see HintTooltips.tsx): opens after the hover
 * delay or at once on keyboard focus; closes on pointer leave, press, scroll
 * or Escape. `children` is one element that passes `ref` to its DOM node
 * (and has no ref of its own: Hint's replaces it).
 */
export function Hint({ label, children }: { label: string; children: Hintable }) {
  const group = useContext(GroupContext);
  const id = useId();
  const { onPointerEnter, onFocus } = children.props;
  if (!group) return children;
  return cloneElement(children, {
    ref: (element: HTMLElement) => {
      group.register(id, { label, element });
      return () => group.register(id, null);
    },
    onPointerEnter: (event: React.PointerEvent) => {
      onPointerEnter?.(event);
      group.load();
    },
    onFocus: (event: React.FocusEvent) => {
      onFocus?.(event);
      group.load();
    },
  });
}
