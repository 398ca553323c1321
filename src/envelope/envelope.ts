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

/** An item's `score` line as JSON.stringify writes it inside an envelope (items sit at depth 3, six spaces). */
const ITEM_SCORE_ONE = /^( {6}"score": )1(,?)$/gm;

/**
 * Serialise an envelope or error body the way both edges write it: GitHub's two-space indented JSON plus a final
 * newline. The CLI's stdout and the server's body are byte-identical because both call this. An item's score is
 * written `1.0`, as GitHub's serialiser writes it (code reference Part B §6); JSON.stringify alone would write `1`.
 */
export function renderJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(ITEM_SCORE_ONE, '$11.0$2') + '\n';
}

/** {@link renderJson} as UTF-8 bytes. */
export function renderJsonBytes(value: unknown): Buffer {
  return Buffer.from(renderJson(value), 'utf8');
}
