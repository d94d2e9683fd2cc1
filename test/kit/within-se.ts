import { expect } from 'vitest';

/**
 * The house check of a simulation against its exact answer: |estimate − exact| ≤ k standard errors
 * (k = 4 at a fixed seed: a correct simulator fails it about once in 16,000 checks). A failure says
 * by how many standard errors it missed, which tells a real bias from bad luck at a glance.
 * `what` names the figure in the message.
 */
export function expectWithinSE(estimate: number, exact: number, standardError: number, k = 4, what = 'estimate'): void {
  if (!Number.isFinite(estimate) || !Number.isFinite(exact)) {
    expect.fail(`${what}: estimate ${estimate} or exact ${exact} is not a finite number`);
  }
  if (!(standardError >= 0) || !Number.isFinite(standardError)) {
    expect.fail(`${what}: standard error ${standardError} is not a finite number ≥ 0`);
  }
  const miss = Math.abs(estimate - exact);
  if (miss <= k * standardError) return;
  const z = standardError > 0 ? (miss / standardError).toFixed(2) : '∞';
  expect.fail(`${what}: simulated ${estimate} vs exact ${exact} differ by ${miss.toPrecision(4)} = ${z} standard errors (se ${standardError.toPrecision(4)}); allowed ${k}`);
}
