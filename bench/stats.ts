/** The p-th percentile (0–100) of `samples`, in their unit. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;
