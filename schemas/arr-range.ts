/** An ARR range written like "2M-25M": both ends in millions, low before high. */
export interface ArrRange {
  low: number;
  high: number;
}

export const ARR_RANGE = /^(\d+(?:\.\d+)?)M-(\d+(?:\.\d+)?)M$/;

/** Parses "2M-25M" into { low: 2, high: 25 }; null when it does not read as a range. */
export function parseArrRange(text: string): ArrRange | null {
  const match = ARR_RANGE.exec(text);
  if (!match) return null;
  return { low: Number(match[1]), high: Number(match[2]) };
}

export const ARR_RANGE_HINT = 'write both ends in millions with an M, low before high, like "2M-25M"';
