import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { RenderedSearch } from '../../src/server/response-cache.js';
import { answerRelay, workerAnswerExchange, type AnswerExchange, type Channel } from '../../src/server/shared-answers.js';

/** Two ends of an IPC channel, delivering asynchronously and by copy (structured clone) as node's does. */
function channelPair(): [Channel, Channel & { readonly sent: unknown[] }] {
  const a = new EventEmitter();
  const b = new EventEmitter();
  const sent: unknown[] = [];
  const end = (self: EventEmitter, other: EventEmitter, log?: unknown[]): Channel => ({
    send: (message) => {
      log?.push(message);
      setImmediate(() => other.emit('message', structuredClone(message)));
    },
    on: (event, listener) => self.on(event, listener),
  });
  return [end(a, b), Object.assign(end(b, a, sent), { sent })];
}

const answer = (text: string): RenderedSearch => ({
  body: Buffer.from(text),
  etag: `W/"${text.length}"`,
  mediaType: 'github.v3; format=json',
  page: 2,
  lastPage: 7,
  appliedPerPage: undefined,
});

/** A relay with `n` workers; each worker's response cache is a plain map. */
function pool(n: number, waitMs?: number) {
  const relay = answerRelay(4);
  const members = Array.from({ length: n }, () => {
    const [primarySide, workerSide] = channelPair();
    relay.join(primarySide);
    const exchange = workerAnswerExchange(workerSide, waitMs);
    const cache = new Map<string, RenderedSearch>();
    exchange.serveFrom((key) => cache.get(key));
    return { primarySide, workerSide, exchange, cache };
  });
  return { relay, members };
}

/** Hold `key` in worker `w`'s cache and tell the primary so; resolves once the notice has arrived. */
async function hold(w: { exchange: AnswerExchange; cache: Map<string, RenderedSearch> }, key: string, value: RenderedSearch) {
  w.cache.set(key, value);
  w.exchange.holds(key);
  await new Promise((resolve) => setImmediate(resolve));
}

describe('shared answers between workers', () => {
  it("gives a worker the answer another worker holds, byte for byte, with its ETag and paging facts", async () => {
    const { members } = pool(3);
    const value = answer('{"total_count":3}');
    await hold(members[0]!, 'k', value);
    const got = await members[2]!.exchange.fetch('k');
    expect(got).toEqual(value);
    expect(Buffer.isBuffer(got!.body)).toBe(true);
  });

  it('answers none when no worker holds the key, or only the asker does (no question relayed)', async () => {
    const { members } = pool(2);
    expect(await members[0]!.exchange.fetch('nobody')).toBeUndefined();
    await hold(members[0]!, 'mine', answer('x'));
    expect(await members[0]!.exchange.fetch('mine')).toBeUndefined();
    expect(members[1]!.workerSide.sent).toEqual([]); // worker 1 was never asked
  });

  it('asks the most recent holder, and forgets a holder that no longer has the answer', async () => {
    const { members } = pool(3);
    await hold(members[0]!, 'k', answer('old holder'));
    await hold(members[1]!, 'k', answer('new holder'));
    expect((await members[2]!.exchange.fetch('k'))?.body.toString()).toBe('new holder');
    members[1]!.cache.delete('k'); // evicted from worker 1's cache
    expect(await members[2]!.exchange.fetch('k')).toBeUndefined();
    const gives = () => members[1]!.workerSide.sent.filter((m) => (m as { op?: string }).op === 'give').length;
    const before = gives();
    expect(await members[2]!.exchange.fetch('k')).toBeUndefined();
    expect(gives()).toBe(before); // forgotten: not asked again
  });

  it('remembers at most maxKeys holders, least recently reported out first', async () => {
    const { members } = pool(2);
    for (const key of ['a', 'b', 'c', 'd', 'e']) await hold(members[0]!, key, answer(key));
    expect(await members[1]!.exchange.fetch('a')).toBeUndefined();
    expect((await members[1]!.exchange.fetch('e'))?.body.toString()).toBe('e');
  });

  it('answers none when the holder leaves with the question in flight, and forgets what it held', async () => {
    const { relay, members } = pool(2);
    await hold(members[0]!, 'k', answer('x'));
    const asked = members[1]!.exchange.fetch('k');
    relay.leave(members[0]!.primarySide);
    expect(await asked).toBeUndefined();
    expect(await members[1]!.exchange.fetch('k')).toBeUndefined();
  });

  it('answers none after the wait when the primary never replies, and when the channel is gone', async () => {
    const silent: Channel = { send: () => undefined, on: () => undefined };
    expect(await workerAnswerExchange(silent, 20).fetch('k')).toBeUndefined();
    const gone: Channel = { send: () => { throw new Error('channel closed'); }, on: () => undefined };
    const exchange = workerAnswerExchange(gone, 60_000);
    expect(await exchange.fetch('k')).toBeUndefined();
    expect(() => exchange.holds('k')).not.toThrow();
  });

  it('refuses what is not an answer (a body that is no bytes) and ignores messages that are not its own', async () => {
    const { members } = pool(2);
    members[0]!.exchange.serveFrom(() => ({ ...answer('x'), body: 'text' as unknown as Buffer }));
    await hold(members[0]!, 'k', answer('x'));
    expect(await members[1]!.exchange.fetch('k')).toBeUndefined();
    members[1]!.workerSide.send({ type: 'rate', id: 0, op: 'take' });
    members[1]!.workerSide.send({ type: 'answer', op: 'give', id: 12345, answer: answer('forged') });
    expect(await members[1]!.exchange.fetch('other')).toBeUndefined();
  });
});
