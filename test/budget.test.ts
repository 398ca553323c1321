/**
 * The search budget paces its clock reads by measured work: cheap units read the clock rarely, expensive ones
 * often, and a deadline is overshot by about one check interval whatever the units cost. A fake clock stands in
 * for time (no timing is asserted, only the budget's behaviour against the clock it is given).
 */
import { describe, expect, it } from 'vitest';
import { Budget, CHECK_EVERY_MS, YIELD_EVERY_MS } from '../src/budget.js';

/** A budget over a fake clock that advances by each unit's cost when spent. */
function fakeBudget(timeoutMs: number) {
  let now = 1000;
  const budget = new Budget(Date.now() + timeoutMs, () => now);
  const deadline = 1000 + timeoutMs;
  /** Spend units of `costMs` each until the budget says stop (or `max` units); returns the units spent. */
  const spendUntilExpired = (costMs: (i: number) => number, max = 10_000_000): number => {
    let i = 0;
    while (i < max) {
      now += costMs(i);
      i++;
      if (!budget.spend()) break;
    }
    return i;
  };
  return { budget, spendUntilExpired, overshoot: () => now - deadline, elapsed: () => now - 1000 };
}

describe('Budget', () => {
  it('reads the clock rarely for cheap units and stops within a check interval of the deadline', () => {
    const { budget, spendUntilExpired, overshoot } = fakeBudget(50);
    const spent = spendUntilExpired(() => 0.0005); // 0.5 µs per unit
    expect(budget.expired).toBe(true);
    expect(spent).toBeGreaterThan(90_000);
    expect(budget.reads).toBeLessThan(spent / 100);
    expect(overshoot()).toBeLessThanOrEqual(2 * CHECK_EVERY_MS);
  });

  it('reads the clock at every expensive unit', () => {
    const { budget, spendUntilExpired, overshoot } = fakeBudget(50);
    const spent = spendUntilExpired(() => 3);
    expect(spent).toBe(17); // 51 ms: the first unit past the deadline
    expect(budget.reads).toBe(spent);
    expect(overshoot()).toBeLessThanOrEqual(3);
  });

  it('overshoots by less than one slice when units turn expensive after a cheap stretch', () => {
    const { budget, spendUntilExpired, overshoot } = fakeBudget(50);
    // 40 ms of 0.5 µs units, then units of 90 µs (a record parsed on first access) the budget cannot weigh.
    spendUntilExpired((i) => (i < 80_000 ? 0.0005 : 0.09));
    expect(budget.expired).toBe(true);
    expect(overshoot()).toBeLessThan(25);
  });

  it('weighs units it is told about: one spend of many units reads the clock at once', () => {
    let now = 0;
    const budget = new Budget(undefined, () => now);
    for (let i = 0; i < 1000; i++) budget.spend(); // cheap work: the stride grows
    const before = budget.reads;
    now += 5;
    budget.spend(1_000_000); // a phrase check over a long text
    expect(budget.reads).toBe(before + 1);
  });

  it('never expires without a deadline, but asks scans to yield every slice', () => {
    let now = 0;
    const budget = new Budget(undefined, () => now);
    let yields = 0;
    for (let i = 0; i < 10_000; i++) {
      now += 0.01;
      expect(budget.spend()).toBe(true);
      if (budget.yieldDue) {
        yields++;
        budget.yielded();
      }
    }
    expect(budget.expired).toBe(false);
    expect(yields).toBeGreaterThanOrEqual(Math.floor(100 / YIELD_EVERY_MS) - 1); // 100 ms of work
    expect(budget.limited).toBe(false);
  });
});

describe('a search past its deadline keeps what it found', () => {
  it('scores what time allows and leaves the rest found, with score 0', async () => {
    const { store } = await import('./helpers/small-dump.js');
    const { Executor } = await import('../src/execute/execute.js');
    const { compileSearch, planSearch } = await import('../src/plan/search-plan.js');
    const { normalizeRequest } = await import('../src/search-request.js');
    const c = await store.collection('issues');
    const plan = compileSearch(await planSearch(normalizeRequest({ kind: 'issues', q: 'crash' })), c);
    const open = new Executor(c, new Budget(undefined));
    const matched = await open.evaluate(plan.expr);
    expect(matched.length).toBeGreaterThan(1);
    const full = open.score(open.queryTerms(plan.keywords), matched);
    expect(full.count).toBe(matched.length);
    // A deadline already passed when scoring starts: nothing is scored, nothing is lost.
    let now = 0;
    const late = new Budget(Date.now() + 5, () => now);
    now = 10;
    const lateExecutor = new Executor(c, late);
    const partial = lateExecutor.score(lateExecutor.queryTerms(plan.keywords), matched);
    expect(partial.count).toBe(0);
    expect([...partial.scores]).toEqual(new Array(matched.length).fill(0));
    expect(late.expired).toBe(true);
  });
});
