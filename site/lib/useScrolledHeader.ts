import { useEffect, useState } from "react";
import { header } from "../generated/behaviour.ts";
import { nextScrolled } from "./header-state.ts";

/** Thin hook around nextScrolled: one passive scroll listener, one update per frame. */
export function useScrolledHeader(threshold: number = header.scrollThresholdPx): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    let previousY = window.scrollY;
    let current = false;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        current = nextScrolled({ previousY, y, scrolled: current }, threshold);
        previousY = y;
        setScrolled(current);
      });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return scrolled;
}
