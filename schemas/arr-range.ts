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

/**
 * The inquiry form's ARR option value as a band in millions: "2-5m" is
 * { low: 2, high: 5 }, "50m+" is { low: 50, high: Infinity }; null otherwise.
 */
export function parseArrBand(value: string): ArrRange | null {
  const closed = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)m$/.exec(value);
  if (closed) return { low: Number(closed[1]), high: Number(closed[2]) };
  const open = /^(\d+(?:\.\d+)?)m\+$/.exec(value);
  return open ? { low: Number(open[1]), high: Number.POSITIVE_INFINITY } : null;
}

export const ARR_BAND_HINT = 'write the band in millions, like "2-5m", or open-ended like "50m+"';
