/** The wire shape shared by all seven endpoints, and its one serialiser. */

/** A search result item: the record's GitHub item shape plus `score` (and `text_matches` when asked). */
export type Item = Record<string, unknown>;

/**
 * `{total_count, incomplete_results, items}` in exactly this key order: octokit's paginator takes the first key
 * left after deleting the counts as the item array (reference §3.1).
 */
export interface Envelope {
  total_count: number;
  incomplete_results: boolean;
  items: Item[];
}

/**
 * Where an envelope keeps its items already written as JSON (envelope depth, see item-json.ts): set by the core
 * for answers without text matches, read only by {@link renderJson}; undefined once the item objects were read
 * (an edge may have changed them).
 */
export const RENDERED_ITEMS: unique symbol = Symbol('rendered items');

/** An envelope whose items may also exist as JSON text, one string per item, in order. */
export interface PrerenderedEnvelope extends Envelope {
  readonly [RENDERED_ITEMS]: readonly string[] | undefined;
}

/** An item's `score` line as JSON.stringify writes it inside an envelope (items sit at depth 3, six spaces). */
const ITEM_SCORE_ONE = /^( {6}"score": )1(,?)$/gm;

/**
 * Serialise an envelope or error body the way both edges write it: GitHub's two-space indented JSON plus a final
 * newline. The CLI's stdout and the server's body are byte-identical because both call this. An item's score is
 * written `1.0`, as GitHub's serialiser writes it (code reference Part B §6); JSON.stringify alone would write `1`.
 * An envelope carrying its items as JSON text ({@link RENDERED_ITEMS}) is written by concatenation, with exactly
 * the bytes JSON.stringify would give (test/envelope/item-json.test.ts).
 */
export function renderJson(value: unknown): string {
  const rendered = (value as Partial<PrerenderedEnvelope> | null)?.[RENDERED_ITEMS];
  if (rendered) {
    const envelope = value as PrerenderedEnvelope;
    const head = `{\n  "total_count": ${JSON.stringify(envelope.total_count)},\n  "incomplete_results": ${JSON.stringify(envelope.incomplete_results)},\n  "items": `;
    return rendered.length === 0 ? `${head}[]\n}\n` : `${head}[\n    ${rendered.join(',\n    ')}\n  ]\n}\n`;
  }
  return JSON.stringify(value, null, 2).replace(ITEM_SCORE_ONE, '$11.0$2') + '\n';
}
