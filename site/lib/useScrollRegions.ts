import { type RefObject, useEffect } from "react";

/**
 * A table wider than its column scrolls in its wrapper, which the build
 * renders as a named, focusable region (a `<section>` with an `aria-label`
 * and `tabindex="0"`) so
 * that a keyboard reaches what overflows, even without JavaScript. Once the
 * page runs, a wrapper is a tab stop only while it actually scrolls: a table
 * that fits is no focusable region without a purpose (IBM Equal Access:
 * element_tabbable_role_valid), and a window resized narrower makes it one
 * again.
 */
export function useScrollRegions(container: RefObject<HTMLElement | null>, selector: string, content: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the body's HTML changes (client-side navigation)
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const wrappers = [...root.querySelectorAll<HTMLElement>(selector)];
    const label = new Map(wrappers.map((wrapper) => [wrapper, wrapper.getAttribute("aria-label")]));
    const update = (wrapper: HTMLElement) => {
      const scrolls = wrapper.scrollWidth > wrapper.clientWidth;
      if (scrolls) {
        wrapper.setAttribute("tabindex", "0");
        wrapper.setAttribute("aria-label", label.get(wrapper) ?? "");
      } else {
        // Without its name a <section> is no region, only a box.
        wrapper.removeAttribute("tabindex");
        wrapper.removeAttribute("aria-label");
      }
    };
    wrappers.forEach(update);
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) update(entry.target as HTMLElement);
    });
    for (const wrapper of wrappers) observer.observe(wrapper);
    return () => observer.disconnect();
  }, [container, selector, content]);
}
