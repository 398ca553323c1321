/**
 * One rate-limit count for every worker of `search serve --workers N`: the primary process keeps the only
 * {@link RateLimiter}; each worker asks it over the cluster's IPC channel (one message and one answer per counted
 * request, in the order the primary receives them). So GitHub's per-caller quotas hold across workers exactly as
 * in one process, whichever worker a connection lands on.
 */
import type { RateCounter, RateLimiter, RateResource, RateState, RateTake } from './rate-limiter.js';
import { isCarriedQuestion, type CarriedQuestion } from './shared-answers.js';

/** The IPC channel of a worker (`process`) or of the primary's view of one worker (`cluster.Worker`). */
export interface Channel {
  send(message: unknown): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

type Operation = 'take' | 'refund' | 'peek';

const OPERATIONS: ReadonlySet<string> = new Set<Operation>(['take', 'refund', 'peek']);

/** A question from a worker. */
interface RateQuestion {
  readonly type: 'rate';
  readonly id: number;
  readonly op: Operation;
  readonly key: string;
  readonly resource: RateResource;
  readonly identified: boolean;
  /** A take's question for another worker's answer, carried here instead of in a message of its own. */
  readonly answer?: CarriedQuestion;
}

/** The primary's answer. */
interface RateAnswer {
  readonly type: 'rate';
  readonly id: number;
  readonly result: RateTake | RateState;
  /** The carried question was relayed (its answer follows as shared-answers.ts's reply); absent: it was not. */
  readonly relayed?: true;
}

function isRateMessage(message: unknown): message is RateQuestion | RateAnswer {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'rate';
}

/** The worker's side: a {@link RateCounter} whose every answer comes from the primary. */
export class SharedRateCounter implements RateCounter {
  private nextId = 0;
  private readonly pending = new Map<number, (result: RateTake | RateState, relayed: boolean) => void>();

  constructor(private readonly channel: Channel) {
    channel.on('message', (message) => {
      if (!isRateMessage(message) || !('result' in message)) return;
      const resolve = this.pending.get(message.id);
      this.pending.delete(message.id);
      resolve?.(message.result, message.relayed === true);
    });
  }

  /** As {@link RateCounter.take}; `answer` rides on the question, and the take says whether it was relayed. */
  take(key: string, resource: RateResource, identified: boolean, answer?: CarriedQuestion): Promise<RateTake> {
    return this.ask('take', key, resource, identified, answer) as Promise<RateTake>;
  }

  refund(key: string, resource: RateResource, identified: boolean): Promise<RateState> {
    return this.ask('refund', key, resource, identified) as Promise<RateState>;
  }

  peek(key: string, resource: RateResource, identified: boolean): Promise<RateState> {
    return this.ask('peek', key, resource, identified) as Promise<RateState>;
  }

  private ask(op: Operation, key: string, resource: RateResource, identified: boolean, answer?: CarriedQuestion): Promise<RateTake | RateState> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, (result, relayed) => resolve(answer === undefined ? result : { ...(result as RateTake), relayed }));
      const question: RateQuestion = answer === undefined ? { type: 'rate', id, op, key, resource, identified } : { type: 'rate', id, op, key, resource, identified, answer };
      this.channel.send(question);
    });
  }
}

/**
 * The primary's side: answer one worker's questions from `limiter` (call once per worker).
 * @param relay relays a question for another worker's answer that a take carries (shared-answers.ts's
 *   `AnswerRelay.ask` for this worker), true when it did; asked only for a take that was allowed. @default none
 */
export function answerRateQuestions(channel: Channel, limiter: RateLimiter, relay?: (question: CarriedQuestion) => boolean): void {
  channel.on('message', (message) => {
    if (!isRateMessage(message) || 'result' in message) return;
    const { id, op, key, resource, identified, answer: question } = message as RateQuestion;
    if (!OPERATIONS.has(op)) return;
    const result = limiter[op](key, resource, identified);
    const relayed = op === 'take' && (result as RateTake).allowed && relay !== undefined && isCarriedQuestion(question) && relay(question);
    const answer: RateAnswer = relayed ? { type: 'rate', id, result, relayed: true } : { type: 'rate', id, result };
    channel.send(answer);
  });
}
