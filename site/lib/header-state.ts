/**
 * The header's "scrolled" look (spec §4): on when the visitor scrolls up
 * while the page is more than `threshold` px down; off at or above the
 * threshold, or when scrolling down. Without movement it keeps its state.
 */
export interface ScrollSample {
  previousY: number;
  y: number;
  scrolled: boolean;
}

export function nextScrolled({ previousY, y, scrolled }: ScrollSample, threshold: number): boolean {
  if (y <= threshold) return false;
  if (y < previousY) return true;
  if (y > previousY) return false;
  return scrolled;
}
