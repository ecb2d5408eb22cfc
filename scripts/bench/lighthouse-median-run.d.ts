// Lighthouse's median run, typed with its public result type (the module's own declaration names a
// global `LH` namespace that only Lighthouse's sources have).
declare module 'lighthouse/core/lib/median-run.js' {
  import type { Result } from 'lighthouse';

  export function computeMedianRun(runs: Result[]): Result;
}
