/**
 * Labels read their text as plain words (code reference Part B §5 "Labels (LabelQuery)"): nothing is quoted, the raw
 * text goes into match queries (so `AND`/`OR`/`NOT` are words), and a label matches when ANY clause does: the text
 * as a phrase or phrase prefix of the name, all words in the name, any word in the description, the exact name, and
 * the n-gram OR-clauses on the name (a word of the text is a word of the name, or shares a trigram with one).
 * The base checks still run first (Part A §2.2). On the embedded dump (`data/`): mara-lindqvist/dotfiles.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api-error.js';
import { specOf } from '../../src/kinds/catalog.js';
import { printTree } from '../../src/plan/explain.js';
import { understandQuery } from '../../src/plan/understand.js';
import { runSearch } from '../../src/search.js';
import { openStore } from '../../src/store/store.js';
import { EMBEDDED_DATA, hasEmbeddedData } from '../server/helpers/real-core.js';

/** mara-lindqvist/dotfiles: bug, documentation, duplicate, enhancement, good first issue, help wanted, invalid, question, wontfix. */
const DOTFILES = '9216647';

describe('labels understand plain words (Part B §5)', () => {
  it.each([
    ['bug OR enhancement', 'bug OR enhancement'],
    ['NOT bug', 'NOT bug'],
    ['-bug "good first"', '-bug "good first"'],
    ['bug sort:created', 'bug'],
  ])('%s is one text of words: %s', async (q, text) => {
    const plan = await understandQuery(q, specOf('labels'));
    expect(printTree(plan.tree)).toBe(text);
  });

  it.each([
    ['a AND b AND c AND d AND e AND f AND g', 'More than five AND / OR / NOT operators were used.'],
    ['AND OR', 'The search contains only logical operators (AND / OR / NOT) without any search terms.'],
    ['NOT', 'The search contains only logical operators (AND / OR / NOT) without any search terms.'],
    [`${'x'.repeat(257)}`, 'The search is longer than 256 characters.'],
  ])('the base checks still refuse %s (Part A §2.2)', async (q, message) => {
    const error = await understandQuery(q, specOf('labels')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(ApiError.describe((error as ApiError).body)).toBe(message);
  });
});

const skip = hasEmbeddedData() ? undefined : 'data/ holds no dump';

describe.skipIf(skip !== undefined)(`labels match any clause on the embedded dump (Part B §5)${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const store = openStore(EMBEDDED_DATA, { cacheDir: mkdtempSync(path.join(tmpdir(), 'search-cache-')) });
  const names = async (q: string) => {
    const result = await runSearch({ kind: 'labels', q, repository_id: DOTFILES, per_page: '100' }, store);
    return result.envelope.items.map((item) => String((item as { name?: unknown }).name)).sort();
  };

  it.each([
    // OR is a word: it matches the descriptions holding "or" (any word on description ×1), not bug ∪ enhancement alone.
    ['bug OR enhancement', ['bug', 'documentation', 'enhancement']],
    // A word found only in a description.
    ['broken', ['bug']],
    // ...and the trigram OR-clause on the name (`name.trigram` ×3, Part B §5): "contributors" and "wontfix" share "ont".
    ['contributors', ['good first issue', 'wontfix']],
    // All words on the name, in any order; quotes are only characters.
    ['first good', ['good first issue']],
    ['"wanted help"', ['help wanted']],
    // Phrase prefix on the name.
    ['goo', ['good first issue']],
    ['good fir', ['good first issue']],
    // Exact name, any case.
    ['BUG', ['bug']],
    // The n-gram OR-clauses (Part B §5): a label whose name is a word of the text ("bug"), or shares a trigram ("wontfix").
    ['bug wontfixes', ['bug', 'wontfix']],
    ['bug feature', ['bug']],
    // NOT is a word too: "invalid" has it in its description.
    ['NOT bug', ['bug', 'invalid']],
    // Neither all words on a name, any word in a description, nor a shared word or trigram.
    ['zz qq', []],
    // A leading - is not a negation: the word matches.
    ['-bug', ['bug']],
    // Text with no word matches nothing (a match query without terms).
    ['!!!', []],
    // No text: every label of the repository.
    ['sort:created', ['bug', 'documentation', 'duplicate', 'enhancement', 'good first issue', 'help wanted', 'invalid', 'question', 'wontfix']],
  ])('%s → %j', async (q, expected) => {
    expect(await names(q)).toEqual(expected);
  });

  it('ranks the exact name above a description match', async () => {
    const result = await runSearch({ kind: 'labels', q: 'bug OR enhancement', repository_id: DOTFILES }, store);
    expect(String((result.envelope.items[0] as { name?: unknown }).name)).toMatch(/^(bug|enhancement)$/);
  });
});
