/** The wire shape shared by all seven endpoints, and its one serialiser. */
import { itemScoresWritten, type Item } from './item-json.js';

/** A search result item (item-json.ts). */
export type { Item };

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
 * Serialise an envelope or error body the way both edges write it: GitHub's two-space indented JSON plus a final
 * newline. The CLI's stdout and the server's body are byte-identical because both call this. An item's score is
 * written `1.0`, as GitHub's serialiser writes it (code reference Part B §6; item-json.ts owns the rule).
 */
export function renderJson(value: unknown): string {
  return itemScoresWritten(JSON.stringify(value, null, 2)) + '\n';
}

/** {@link renderJson} as UTF-8 bytes. */
export function renderJsonBytes(value: unknown): Buffer {
  return Buffer.from(renderJson(value), 'utf8');
}
