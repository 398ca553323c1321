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

/** An envelope whose items may also exist as JSON text (UTF-8), one buffer per item, in order. */
export interface PrerenderedEnvelope extends Envelope {
  readonly [RENDERED_ITEMS]: readonly Buffer[] | undefined;
}

/** An item's `score` line as JSON.stringify writes it inside an envelope (items sit at depth 3, six spaces). */
const ITEM_SCORE_ONE = /^( {6}"score": )1(,?)$/gm;

/**
 * Serialise an envelope or error body the way both edges write it: GitHub's two-space indented JSON plus a final
 * newline. The CLI's stdout and the server's body are byte-identical because both call this. An item's score is
 * written `1.0`, as GitHub's serialiser writes it (code reference Part B §6); JSON.stringify alone would write `1`.
 */
export function renderJson(value: unknown): string {
  const rendered = renderedItems(value);
  if (rendered) return renderJsonBytes(value).toString('utf8');
  return JSON.stringify(value, null, 2).replace(ITEM_SCORE_ONE, '$11.0$2') + '\n';
}

/**
 * {@link renderJson} as UTF-8 bytes. An envelope carrying its items as JSON ({@link RENDERED_ITEMS}) is written by
 * concatenating bytes, exactly as JSON.stringify would write it (test/envelope/item-json.test.ts).
 */
export function renderJsonBytes(value: unknown): Buffer {
  const rendered = renderedItems(value);
  if (!rendered) return Buffer.from(renderJson(value), 'utf8');
  const envelope = value as PrerenderedEnvelope;
  const head = `{\n  "total_count": ${JSON.stringify(envelope.total_count)},\n  "incomplete_results": ${JSON.stringify(envelope.incomplete_results)},\n  "items": `;
  if (rendered.length === 0) return Buffer.from(`${head}[]\n}\n`, 'utf8');
  const parts: Buffer[] = [Buffer.from(`${head}[\n    `, 'utf8')];
  for (let i = 0; i < rendered.length; i++) {
    if (i > 0) parts.push(BETWEEN_ITEMS);
    parts.push(rendered[i]!);
  }
  parts.push(AFTER_ITEMS);
  return Buffer.concat(parts);
}

const BETWEEN_ITEMS = Buffer.from(',\n    ', 'utf8');
const AFTER_ITEMS = Buffer.from('\n  ]\n}\n', 'utf8');

function renderedItems(value: unknown): readonly Buffer[] | undefined {
  return value !== null && typeof value === 'object' ? (value as Partial<PrerenderedEnvelope>)[RENDERED_ITEMS] : undefined;
}
