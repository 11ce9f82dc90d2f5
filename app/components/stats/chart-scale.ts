/** A value axis that starts at zero and ends on a round figure, with four or five round steps. */
export function chartScale(largest: number): { max: number; ticks: number[] } {
  if (largest <= 0) return { max: 1, ticks: [0, 1] };
  const rough = largest / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10]
    .map((factor) => factor * magnitude)
    .find((candidate) => candidate >= rough)!;
  const max = Math.ceil(largest / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= max + step / 2; tick += step) ticks.push(Math.round(tick * 1000) / 1000);
  return { max, ticks };
}
