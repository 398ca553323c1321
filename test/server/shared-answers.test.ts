/**
 * The answer relay of `serve --workers N` (src/server/shared-answers.ts): a worker that misses its response cache is
 * given, through the primary, the bytes of the worker that holds the answer; no holder, a holder that lost it, left
 * or never answers, and foreign or malformed messages all give a miss.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { factsOf, hasBody, type KeptAnswer, type RenderedSearch } from '../../src/server/response-cache.js';

/** The body of a kept answer as text, undefined without one. */
const bodyText = (kept: KeptAnswer | undefined): string | undefined => (kept !== undefined && hasBody(kept) ? kept.body.toString() : undefined);
import { answerRelay, workerAnswerExchange, type Channel } from '../../src/server/shared-answers.js';

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
  bodyLength: Buffer.byteLength(text),
});

/** A relay with `n` workers; each worker's response cache is a plain map. */
function pool(n: number, waitMs?: number) {
  const relay = answerRelay(4);
  const members = Array.from({ length: n }, () => {
    const [primarySide, workerSide] = channelPair();
    relay.join(primarySide);
    const exchange = workerAnswerExchange(workerSide, waitMs);
    const cache = new Map<string, KeptAnswer>();
    exchange.serveFrom((key) => cache.get(key));
    return { primarySide, workerSide, exchange, cache };
  });
  return { relay, members };
}

type Member = ReturnType<typeof pool>['members'][number];

/** Worker `w` asks for `key` and keeps what it is given, as the search step does. */
async function ask(w: Member, key: string): Promise<KeptAnswer | undefined> {
  const got = await w.exchange.fetch(key);
  if (got !== undefined) w.cache.set(key, got);
  return got;
}

/** Worker `w` holds `key`: it asked (nobody had it), then searched and kept `value`. */
async function hold(w: Member, key: string, value: KeptAnswer): Promise<void> {
  await w.exchange.fetch(key);
  w.cache.set(key, value);
}

describe('shared answers between workers', () => {
  it('gives a worker the answer another worker holds, byte for byte, with its ETag and paging facts', async () => {
    const { members } = pool(3);
    const value = answer('{"total_count":3,"items":["\u00e9\n\u0000"]}');
    await hold(members[0]!, 'k', value);
    const got = await ask(members[2]!, 'k');
    expect(got).toEqual(value);
    expect(hasBody(got!) && Buffer.isBuffer(got.body)).toBe(true);
    const sent = members[0]!.workerSide.sent.find((m) => (m as { op?: string }).op === 'give');
    expect(JSON.parse(JSON.stringify(sent))).toEqual(sent); // what goes over the channel is plain JSON
  });

  it("gives an answer's facts alone when its holder keeps no body (a key seen once), and the body once it does", async () => {
    const { members } = pool(2);
    const value = answer('{"total_count":1}');
    await hold(members[0]!, 'k', factsOf(value));
    const got = await ask(members[1]!, 'k');
    expect(got).toEqual(factsOf(value));
    expect(hasBody(got!)).toBe(false);
    members[1]!.cache.set('k', value); // worker 1 searched (a second sight) and kept the body
    expect(await ask(members[0]!, 'k')).toEqual(value);
  });

  it('answers none when no worker holds the key, or only the asker does (no question relayed)', async () => {
    const { members } = pool(2);
    expect(await ask(members[0]!, 'nobody')).toBeUndefined();
    await hold(members[0]!, 'mine', answer('x'));
    expect(await ask(members[0]!, 'mine')).toBeUndefined();
    expect(members[1]!.workerSide.sent).toEqual([]); // worker 1 was never asked
  });

  it('asks the worker that asked last; one that no longer holds the answer gives none', async () => {
    const { members } = pool(3);
    await hold(members[0]!, 'k', answer('held'));
    expect(bodyText(await ask(members[1]!, 'k'))).toBe('held'); // worker 1 holds it now
    members[0]!.cache.delete('k');
    expect(bodyText(await ask(members[2]!, 'k'))).toBe('held'); // from worker 1
    members[1]!.cache.delete('k');
    members[2]!.cache.delete('k'); // evicted everywhere
    expect(await ask(members[0]!, 'k')).toBeUndefined();
  });

  it('remembers at most maxKeys holders, least recently asked out first', async () => {
    const { members } = pool(2);
    for (const key of ['a', 'b', 'c', 'd', 'e']) await hold(members[0]!, key, answer(key));
    expect(await ask(members[1]!, 'a')).toBeUndefined();
    expect(bodyText(await ask(members[1]!, 'e'))).toBe('e');
  });

  it('answers none when the holder leaves with the question in flight, and forgets what it held', async () => {
    const { relay, members } = pool(2);
    await hold(members[0]!, 'k', answer('x'));
    const asked = ask(members[1]!, 'k');
    relay.leave(members[0]!.primarySide);
    expect(await asked).toBeUndefined();
    expect(await ask(members[1]!, 'k')).toBeUndefined();
  });

  it('answers none after the wait when the primary never replies, and when the channel is gone', async () => {
    const silent: Channel = { send: () => undefined, on: () => undefined };
    expect(await workerAnswerExchange(silent, 20).fetch('k')).toBeUndefined();
    const gone: Channel = { send: () => { throw new Error('channel closed'); }, on: () => undefined };
    expect(await workerAnswerExchange(gone, 60_000).fetch('k')).toBeUndefined();
  });

  it('a question carried by another message: relayed → the holder\'s answer; not relayed → a miss at once', async () => {
    const { relay, members } = pool(2);
    await hold(members[0]!, 'k', answer('held'));
    // Worker 1's question rides on another message (the rate-limit count): the primary relays it from there.
    const question = members[1]!.exchange.question('k');
    const relayed = relay.ask(members[1]!.primarySide, question.carried);
    expect(relayed).toBe(true);
    question.settle(relayed);
    expect(bodyText(await question.answer)).toBe('held');
    expect(members[1]!.workerSide.sent).toEqual([]); // no question of its own was sent
    // Nobody else holds 'new': no relay, the asker is told at once (no reply follows) and holds it from now.
    const fresh = members[0]!.exchange.question('new');
    expect(relay.ask(members[0]!.primarySide, fresh.carried)).toBe(false);
    fresh.settle(false);
    expect(await fresh.answer).toBeUndefined();
    members[0]!.cache.set('new', answer('new'));
    expect(bodyText(await ask(members[1]!, 'new'))).toBe('new');
  });

  it('a carried question takes its relayed answer even when it arrives before the carrying reply is handled', async () => {
    const { relay, members } = pool(2);
    await hold(members[0]!, 'k', answer('early'));
    const question = members[1]!.exchange.question('k');
    const relayed = relay.ask(members[1]!.primarySide, question.carried);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the answer has come back meanwhile
    question.settle(relayed);
    expect(bodyText(await question.answer)).toBe('early');
  });

  it('a carried question whose relay never answers is a miss after the wait', async () => {
    const { relay, members } = pool(2, 20);
    members[0]!.exchange.serveFrom(() => undefined);
    members[0]!.primarySide.send = () => undefined; // the holder never hears the question
    await hold(members[0]!, 'k', answer('x'));
    const question = members[1]!.exchange.question('k');
    question.settle(relay.ask(members[1]!.primarySide, question.carried));
    expect(await question.answer).toBeUndefined();
  });

  it('refuses what is not an answer, and ignores messages that are not its own', async () => {
    const { relay, members } = pool(1);
    // A "worker" that answers every take with something that is no answer (a body of another length than it
    // states, then one whose length is missing).
    const [primarySide, rogue] = channelPair();
    relay.join(primarySide);
    const rogues: unknown[] = [
      { ...answer('x'), body: undefined, body64: Buffer.from('xyz').toString('base64') },
      { ...answer('x'), body: undefined, bodyLength: undefined },
    ];
    rogue.on('message', (m) => {
      const take = m as { op?: string; id?: number };
      if (take.op === 'take') rogue.send({ type: 'answer', op: 'give', id: take.id, answer: rogues.shift() });
    });
    rogue.send({ type: 'answer', op: 'fetch', id: 0, key: 'k' }); // the rogue asked last: it is taken to hold k
    await new Promise((resolve) => setImmediate(resolve));
    expect(await ask(members[0]!, 'k')).toBeUndefined();
    rogue.send({ type: 'answer', op: 'fetch', id: 1, key: 'k' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await ask(members[0]!, 'k')).toBeUndefined();
    members[0]!.workerSide.send({ type: 'rate', id: 0, op: 'take' });
    members[0]!.workerSide.send({ type: 'answer', op: 'give', id: 12345, answer: null });
    expect(await ask(members[0]!, 'other')).toBeUndefined();
  });
});
