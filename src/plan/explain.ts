/**
 * `--explain`: a search plan as readable lines — each qualifier with its normalised value or range, what was
 * dropped and why, the text terms, the scope and the sort that applies. Reads no store: names in the scope are
 * resolved only when the search runs.
 */
import type { KindSpec } from '../kinds/spec.js';
import type { PlannedQualifier, PlanNode, QueryPlan } from './query-plan.js';
import { qualifierLeaves, textLeaves } from './query-plan.js';
import type { SearchPlan } from './search-plan.js';

const quoteIf = (s: string) => (/[\s,"]/.test(s) || s === '' ? JSON.stringify(s) : s);

/** One leaf as `-name:value → shown`. */
function describeLeaf(leaf: PlannedQualifier): string {
  const written = `${leaf.negated ? '-' : ''}${leaf.name}:${leaf.values.map(quoteIf).join(',')}`;
  const shown = leaf.shown.join(' or ');
  const meaning = leaf.negated ? `not ${shown}` : shown;
  return `${written} → ${meaning}`;
}

/** The boolean tree in one line: `(and "a b" label:bug (not crash))`. */
export function printTree(node: PlanNode | null): string {
  if (!node) return '(everything in scope)';
  switch (node.type) {
    case 'text':
      return node.phrase ? JSON.stringify(node.text) : node.text;
    case 'qualifier':
      return `${node.negated ? '-' : ''}${node.name}:${node.shown.map(quoteIf).join(',')}`;
    case 'not':
      return `(not ${printTree(node.child)})`;
    default:
      return `(${node.type} ${node.children.map(printTree).join(' ')})`;
  }
}

function scopeLines(query: QueryPlan, spec: KindSpec): string[] {
  if (!Object.values(spec.qualifiers).some((q) => q.scope)) return [`scope: none (${query.kind} search takes no repository scope)`];
  if (query.scope.length === 0) return ['scope: every repository the viewer may see'];
  const positive = query.scope.filter((l) => !l.negated).flatMap((l) => l.values.map((v) => `${l.name}:${v}`));
  const negative = query.scope.filter((l) => l.negated).flatMap((l) => l.values.map((v) => `${l.name}:${v}`));
  const lines = [];
  if (positive.length > 0) lines.push(`scope: any of ${positive.join(', ')}`);
  if (negative.length > 0) lines.push(`scope excludes: ${negative.join(', ')} (a name the dump does not know is dropped)`);
  lines.push(
    positive.length > 0
      ? '  resolved when searching: names the dump does not know (or the viewer may not see) are dropped; if none is left, 422'
      : '  resolved when searching',
  );
  return lines;
}

/** The explanation of a planned search, one fact per line (ends with a newline). */
export function explainPlan(plan: SearchPlan): string {
  const { query, spec } = plan;
  const lines = [`search ${query.kind} ${JSON.stringify(query.q)}`];
  lines.push(`engine: ${query.engine === 'advanced' ? 'advanced issue search (AND/OR/NOT and parentheses between qualifiers; repeats all hold)' : 'legacy (qualifiers apply to the whole query; repeats of one qualifier: any)'}`);
  const texts = textLeaves(query.tree);
  const note = (analysis: 'nothing' | 'too long' | undefined) =>
    analysis === 'nothing' ? ' [no letter or digit: GitHub\'s analyzer drops it]' : analysis === 'too long' ? ' [a word over 128 characters: no document holds it]' : '';
  lines.push(
    texts.length === 0
      ? 'text: none'
      : `text: ${texts.map(({ text, negated }) => `${negated ? 'not ' : ''}${text.phrase ? JSON.stringify(text.text) : text.text}${note(text.analysis)}`).join(', ')} (in ${query.fields.join(', ')})`,
  );
  if (texts.length > 0 && texts.every((t) => t.text.analysis === 'nothing')) {
    lines.push('  the text analyses to no term: the query matches nothing (as GitHub answers a query string without terms)');
  } else if (texts.some((t) => t.text.analysis === 'too long' && !t.negated)) {
    lines.push('  a word over 128 characters is a term no document holds: the query matches nothing where it is required');
  }
  const leaves = qualifierLeaves(query.tree);
  lines.push(leaves.length === 0 ? 'qualifiers: none' : 'qualifiers:');
  for (const leaf of leaves) lines.push(`  ${describeLeaf(leaf)}`);
  lines.push(...scopeLines(query, spec));
  lines.push(`match: ${printTree(query.tree)}`);
  if (plan.sort && plan.sortFrom !== 'default') lines.push(`sort: ${plan.sort.key} ${plan.sort.order} (from the ${plan.sortFrom === 'parameter' ? 'sort parameter' : 'sort: qualifier'})`);
  else lines.push(`sort: ${query.hasText ? 'best match' : 'the kind\'s default order (no text)'}`);
  if (query.dropped.length === 0) lines.push('dropped: nothing');
  else {
    lines.push('dropped:');
    for (const d of query.dropped) lines.push(`  ${d.raw} — ${d.reason}`);
  }
  return `${lines.join('\n')}\n`;
}
