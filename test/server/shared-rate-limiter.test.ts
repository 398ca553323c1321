import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, RateLimiter } from '../../src/server/rate-limiter.js';
import { answerRateQuestions, SharedRateCounter, type Channel } from '../../src/server/shared-rate-limiter.js';

/** Two ends of an IPC channel, delivering asynchronously as node's does. */
function channelPair(): [Channel, Channel] {
  const a = new EventEmitter();
  const b = new EventEmitter();
  const end = (self: EventEmitter, other: EventEmitter): Channel => ({
    send: (message) => setImmediate(() => other.emit('message', structuredClone(message))),
    on: (event, listener) => self.on(event, listener),
  });
  return [end(a, b), end(b, a)];
}

describe('one rate-limit count for several workers', () => {
  it('counts the requests of every worker in one window and refuses past the quota', async () => {
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, () => 1_700_000_000_000);
    const workers = [0, 1, 2].map(() => {
      const [primarySide, workerSide] = channelPair();
      answerRateQuestions(primarySide, limiter);
      return new SharedRateCounter(workerSide);
    });
    // 12 anonymous searches spread over three workers, at once: exactly 10 are allowed (GitHub's quota).
    const takes = await Promise.all(Array.from({ length: 12 }, (_, i) => workers[i % 3]!.take('ip:10.0.0.1', 'search', false)));
    expect(takes.filter((t) => t.allowed)).toHaveLength(10);
    expect(takes.map((t) => t.state.used).sort((x, y) => x - y).at(-1)).toBe(10);
    expect((await workers[1]!.peek('ip:10.0.0.1', 'search', false)).remaining).toBe(0);
    expect((await workers[2]!.refund('ip:10.0.0.1', 'search', false)).used).toBe(9);
    expect((await workers[0]!.take('ip:10.0.0.2', 'search', false)).state.used).toBe(1);
  });

  it('carries a question for another worker\'s answer on a take: relayed only when allowed and the relay took it', async () => {
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, () => 1_700_000_000_000);
    const [primarySide, workerSide] = channelPair();
    const asked: unknown[] = [];
    answerRateQuestions(primarySide, limiter, (question) => {
      asked.push(question);
      return question.key === 'held';
    });
    const counter = new SharedRateCounter(workerSide);
    expect((await counter.take('ip:1', 'search', false, { id: 1, key: 'held' })).relayed).toBe(true);
    expect((await counter.take('ip:1', 'search', false, { id: 2, key: 'nobody' })).relayed).toBe(false);
    expect((await counter.take('ip:1', 'search', false)).relayed).toBeUndefined(); // carried none
    for (let i = 0; i < 7; i++) await counter.take('ip:1', 'search', false);
    const refused = await counter.take('ip:1', 'search', false, { id: 3, key: 'held' });
    expect([refused.allowed, refused.relayed]).toEqual([false, false]); // past the quota: nothing relayed
    expect(asked).toEqual([{ id: 1, key: 'held' }, { id: 2, key: 'nobody' }]);
  });

  it('ignores messages that are not its own', async () => {
    const limiter = new RateLimiter();
    const [primarySide, workerSide] = channelPair();
    answerRateQuestions(primarySide, limiter);
    const counter = new SharedRateCounter(workerSide);
    workerSide.send({ type: 'stop' });
    workerSide.send({ type: 'rate', id: 99, op: 'constructor', key: 'k', resource: 'search', identified: false });
    expect((await counter.take('k', 'search', false)).state.used).toBe(1);
  });
});
