/**
 * One response cache for every worker of `search serve --workers N`: each worker keeps its own (response-cache.ts),
 * and on a miss asks the primary whether another worker holds the answer; the primary relays the question to the
 * worker that asked for it last (and so holds it) and hands the answer back. The node cluster gives a connection
 * to whichever worker's turn it is, so without this a request repeated on another connection (gh starts one per
 * command, a pool of clients spreads over the workers) was searched again by each worker: at 1M issues a search
 * costs a worker 0.1–1 s of CPU, relaying a rendered answer about a millisecond.
 *
 * The primary keeps only which worker holds which key (bounded; the worker that asked last is taken to hold it, as
 * it is about to search or has just been given the answer), never a body. The question rides on the rate-limit
 * count every search already sends the primary ({@link AnswerExchange.question}, shared-rate-limiter.ts), so a
 * never-seen request costs no message of its own; {@link AnswerExchange.fetch} asks in one of its own. A relayed answer is what the holding worker keeps, byte for byte: its ETag, paging facts
 * and media type, and its body when held (response-cache.ts keeps a body from a key's second sight; the body travels as base64 in the channel's JSON, so the small messages of every request
 * keep node's cheaper JSON serialization); a worker that no longer holds it, does not answer within
 * {@link FETCH_WAIT_MS} or has gone counts as a miss, and the asking worker searches itself.
 */
import { hasBody, type AnswerFacts, type KeptAnswer } from './response-cache.js';

/** The IPC channel of a worker (`process`) or of the primary's view of one worker (`cluster.Worker`). */
export interface Channel {
  send(message: unknown): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

/** A worker's side: ask for an answer another worker holds, and give this one's. */
export interface AnswerExchange {
  /**
   * The answer another worker holds for `key` (a {@link ResponseCache} key), or undefined when none does, it has
   * gone, or no answer came within {@link FETCH_WAIT_MS}. Never rejects. The asker is then taken to hold `key`'s
   * answer (its cache keeps what it was given or is about to search): the primary sends `key`'s next question here.
   */
  fetch(key: string): Promise<KeptAnswer | undefined>;
  /**
   * {@link fetch} without a message of its own: the question rides on the message every search already sends the
   * primary (the rate-limit count, shared-rate-limiter.ts), which carries {@link AnswerQuestion.carried} and whose
   * reply says whether the primary relayed it. A never-seen request so costs no extra round trip.
   */
  question(key: string): AnswerQuestion;
  /** Answer the primary's requests for this worker's answers from `local` (its response cache); call once. */
  serveFrom(local: (key: string) => KeptAnswer | undefined): void;
}

/** What a question carried by another message tells the primary: the key, and the id its answer comes back under. */
export interface CarriedQuestion {
  readonly id: number;
  readonly key: string;
}

/** A question for another worker's answer, carried by another message ({@link AnswerExchange.question}). */
export interface AnswerQuestion {
  /** Goes in the carrying message. */
  readonly carried: CarriedQuestion;
  /**
   * Call once with the carrying message's reply: `relayed` false (nobody else holds the key, the request was
   * refused, or the primary does not relay) resolves {@link answer} as a miss at once; true waits for the relayed
   * answer, at most {@link FETCH_WAIT_MS}.
   */
  settle(relayed: boolean): void;
  /** The relayed answer, or undefined (as {@link AnswerExchange.fetch}); never rejects. */
  readonly answer: Promise<KeptAnswer | undefined>;
}

/** Is `value` a carried question (the primary checks what it is sent)? */
export function isCarriedQuestion(value: unknown): value is CarriedQuestion {
  if (typeof value !== 'object' || value === null) return false;
  const q = value as Record<string, unknown>;
  return typeof q['key'] === 'string' && typeof q['id'] === 'number';
}

/** How long (ms) a worker waits for a relayed answer before it searches itself. */
export const FETCH_WAIT_MS = 1000;

/** Keys whose holder the primary remembers: a worker's cache holds at most 1,024 answers (response-cache.ts). */
export const HOLDER_KEYS_PER_WORKER = 1024;

/** Worker → primary: is `key` held elsewhere? */
interface Fetch { readonly type: 'answer'; readonly op: 'fetch'; readonly id: number; readonly key: string }
/** Primary → worker: give your answer of `key` (request `id` of the primary's). */
interface Take { readonly type: 'answer'; readonly op: 'take'; readonly id: number; readonly key: string }
/** An answer as it travels: the body (when the holder keeps it) in base64 (JSON carries no bytes), the rest as rendered. */
interface WireAnswer extends AnswerFacts {
  readonly body64?: string | undefined;
}
/** Worker → primary (`give`, to a take) and primary → worker (`found`, to a fetch): the answer or null. */
interface Reply { readonly type: 'answer'; readonly op: 'give' | 'found'; readonly id: number; readonly answer: WireAnswer | null }

type Message = Fetch | Take | Reply;

function isAnswerMessage(message: unknown): message is Message {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'answer';
}

/** An answer as it is sent. */
function wireOf(answer: KeptAnswer): WireAnswer {
  if (!hasBody(answer)) return answer;
  const { body, ...facts } = answer;
  return { ...facts, body64: body.toString('base64') };
}

/** An answer as it came over the channel, or undefined when it is not one (the shape is checked, never trusted). */
function answerOf(value: unknown): KeptAnswer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const a = value as Record<string, unknown>;
  const body64 = a['body64'];
  if ((body64 !== undefined && typeof body64 !== 'string') || typeof a['etag'] !== 'string' || typeof a['mediaType'] !== 'string') return undefined;
  if (typeof a['page'] !== 'number' || typeof a['lastPage'] !== 'number' || typeof a['bodyLength'] !== 'number') return undefined;
  const perPage = a['appliedPerPage'];
  if (perPage !== undefined && perPage !== null && typeof perPage !== 'number') return undefined;
  const facts: AnswerFacts = {
    etag: a['etag'],
    mediaType: a['mediaType'],
    page: a['page'],
    lastPage: a['lastPage'],
    appliedPerPage: perPage ?? undefined,
    bodyLength: a['bodyLength'],
  };
  if (body64 === undefined) return facts;
  const body = Buffer.from(body64, 'base64');
  return body.length === facts.bodyLength ? { ...facts, body } : undefined;
}

/**
 * The worker's side over `channel` (the worker's `process`).
 * @param waitMs how long a fetch waits for the primary's reply @default FETCH_WAIT_MS
 */
export function workerAnswerExchange(channel: Channel, waitMs = FETCH_WAIT_MS): AnswerExchange {
  let nextId = 0;
  const pending = new Map<number, (answer: KeptAnswer | undefined) => void>();
  let local: (key: string) => KeptAnswer | undefined = () => undefined;
  channel.on('message', (message) => {
    if (!isAnswerMessage(message)) return;
    if (message.op === 'found') {
      const resolve = pending.get(message.id);
      pending.delete(message.id);
      resolve?.(answerOf(message.answer));
    } else if (message.op === 'take') {
      const held = local(message.key);
      const reply: Reply = { type: 'answer', op: 'give', id: message.id, answer: held === undefined ? null : wireOf(held) };
      channel.send(reply);
    }
  });
  /** Wait for the answer of question `id` (its message sent), at most `waitMs`. */
  const awaited = (id: number, resolve: (answer: KeptAnswer | undefined) => void): void => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve(undefined);
    }, waitMs);
    timer.unref();
    pending.set(id, (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
  };
  return {
    question(key) {
      const id = nextId++;
      let settle!: (relayed: boolean) => void;
      const answer = new Promise<KeptAnswer | undefined>((resolve) => {
        // Listening from now: the relayed answer may arrive before the carrying message's reply has been handled.
        let timer: NodeJS.Timeout | undefined;
        let done = false;
        const finish = (found: KeptAnswer | undefined): void => {
          pending.delete(id);
          clearTimeout(timer);
          done = true;
          resolve(found);
        };
        pending.set(id, finish);
        settle = (relayed) => {
          if (done || timer !== undefined) return;
          if (!relayed) return finish(undefined);
          timer = setTimeout(() => finish(undefined), waitMs);
          timer.unref();
        };
      });
      return { carried: { id, key }, settle, answer };
    },
    fetch(key) {
      const id = nextId++;
      return new Promise((resolve) => {
        awaited(id, resolve);
        const question: Fetch = { type: 'answer', op: 'fetch', id, key };
        try {
          channel.send(question);
        } catch {
          pending.get(id)?.(undefined); // the channel is gone: search here
          pending.delete(id);
        }
      });
    },
    serveFrom(source) {
      local = source;
    },
  };
}

/** The primary's side: relays answers between the workers it is told of. */
export interface AnswerRelay {
  /** Relay for the worker on `channel` (call once per worker, when forked). */
  join(channel: Channel): void;
  /**
   * The worker on `channel` asks for `question.key`'s answer (its id: `question.id`): relayed to the worker that
   * asked last, whose answer (or none) comes back to `channel` as a reply under that id. False when nobody else
   * holds the key (no reply follows: the asker searches). Either way `channel` is taken to hold the key from now.
   */
  ask(channel: Channel, question: CarriedQuestion): boolean;
  /** The worker on `channel` has gone: its questions in flight are answered "none", it holds nothing any more. */
  leave(channel: Channel): void;
}

/**
 * The primary's relay: remembers the last asker of each key as its holder (at most `maxKeys`, least recently asked
 * first out) and forwards a worker's question to the previous one. A holder that no longer has the answer (evicted,
 * an error or an incomplete answer that was never kept) replies null.
 * @param maxKeys keys remembered @default HOLDER_KEYS_PER_WORKER × 16
 */
export function answerRelay(maxKeys = HOLDER_KEYS_PER_WORKER * 16): AnswerRelay {
  // Insertion order is report order: the first key is the least recently reported.
  const holders = new Map<string, Channel>();
  const hold = (key: string, channel: Channel): void => {
    holders.delete(key);
    holders.set(key, channel);
    if (holders.size > maxKeys) holders.delete(holders.keys().next().value!);
  };
  const members = new Set<Channel>();
  let nextId = 0;
  /** Questions relayed to a holder: who asked, under which id, which key, and whom it was relayed to. */
  const relayed = new Map<number, { readonly asker: Channel; readonly id: number; readonly key: string; readonly holder: Channel }>();
  const reply = (asker: Channel, id: number, answer: WireAnswer | null): void => {
    const found: Reply = { type: 'answer', op: 'found', id, answer };
    if (!members.has(asker)) return;
    try {
      asker.send(found);
    } catch {
      // the asker has gone: nothing to tell
    }
  };
  const ask = (channel: Channel, question: CarriedQuestion): boolean => {
    const holder = holders.get(question.key);
    hold(question.key, channel);
    if (holder === undefined || holder === channel || !members.has(holder)) return false;
    const id = nextId++;
    relayed.set(id, { asker: channel, id: question.id, key: question.key, holder });
    const take: Take = { type: 'answer', op: 'take', id, key: question.key };
    try {
      holder.send(take);
      return true;
    } catch {
      relayed.delete(id);
      return false;
    }
  };
  return {
    ask,
    join(channel) {
      members.add(channel);
      channel.on('message', (message) => {
        if (!isAnswerMessage(message)) return;
        if (message.op === 'fetch' && isCarriedQuestion(message)) {
          if (!ask(channel, message)) reply(channel, message.id, null);
        } else if (message.op === 'give') {
          const question = relayed.get(message.id);
          if (question === undefined || question.holder !== channel) return;
          relayed.delete(message.id);
          reply(question.asker, question.id, answerOf(message.answer) === undefined ? null : message.answer);
        }
      });
    },
    leave(channel) {
      members.delete(channel);
      for (const [key, holder] of holders) if (holder === channel) holders.delete(key);
      for (const [id, question] of relayed) {
        if (question.holder !== channel && question.asker !== channel) continue;
        relayed.delete(id);
        reply(question.asker, question.id, null);
      }
    },
  };
}
