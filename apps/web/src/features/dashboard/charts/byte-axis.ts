const KIB = 1024;
/** Steps a person counts in, times a power of ten. */
const NICE_STEPS = [1, 2, 2.5, 5, 10];
/** About how many gaps between the labels of a value axis. */
const AXIS_GAPS = 5;

/**
 * The labels of a bytes axis, as its step and its top. ECharts picks steps in powers of ten of
 * bytes, which the binary units then print as 9.5 MB, 19.1 MB, 28.6 MB; here the step is a round
 * number of the unit the top is shown in (10 MB, 200 MB), and the top a whole number of steps.
 * Nothing for an empty axis, where ECharts' own 0 to 1 is right.
 */
export function byteAxisScale(largest: number): { interval: number; max: number } | undefined {
  if (!(largest > 0)) return undefined;
  let unit = 1;
  while (largest / unit >= KIB) unit *= KIB;
  const raw = largest / unit / AXIS_GAPS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const nice = NICE_STEPS.find((step) => step * power >= raw) ?? 10;
  // A byte does not split: an axis of a few bytes steps by whole ones.
  const interval = Math.max(1, nice * power * unit);
  return { interval, max: Math.ceil(largest / interval) * interval };
}
