/**
 * The builder's chunk cache (chunk-terms.ts) gives exactly the terms of `analyze(text)`, in order, for every
 * analyzer — on tricky generated text (joiners, marks, ideographs, surrogates, Unicode spaces) and on a cache
 * that is reused across texts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkTerms, IdList, TermRegistry } from '../../src/index/chunk-terms.js';
import { analyze, type AnalyzerName } from '../../src/text/analyzer.js';

const PIECES = [
  'a', 'Z', 'é', 'e\u0301', '\u0301', '9', '.', '_', "'", '’', '$', '-', ' ', '  ', '\n', '\t', '\r\n', '\f', '\u000b',
  '\u00a0', '\u3000', '\u2028', '日本', 'の', '🎉', '\ud800', 'İ', 'ﬁ', 'Ａ', "'s", 'node.js', 'readFile', 'XMLHttp',
  'the', 'running', 'v1.2.3', 'don’t', '*', 'http://x.io/a_b', 'GitHub\'s', '__init__', 'a.b.', '.a',
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join(''));

function viaChunks(chunks: ChunkTerms, registry: TermRegistry, value: string): string[] {
  const out = new IdList();
  chunks.append(value, out);
  return Array.from(out.data.subarray(0, out.length), (id) => registry.names[id]!);
}

describe('ChunkTerms', () => {
  for (const analyzer of ['prose', 'code', 'exact'] as AnalyzerName[]) {
    it(`${analyzer}: same terms in the same order as analyze() (property)`, () => {
      const registry = new TermRegistry();
      const chunks = new ChunkTerms(registry, analyzer);
      fc.assert(
        fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), (values) =>
          values.every((value) => {
            const expected = analyze(value, analyzer).map((t) => t.term);
            const actual = viaChunks(chunks, registry, value);
            return actual.length === expected.length && actual.every((t, i) => t === expected[i]);
          }),
        ),
        { seed: 424242, numRuns: 400 },
      );
    });
  }

  it('registers terms in order of first occurrence', () => {
    const registry = new TermRegistry();
    const chunks = new ChunkTerms(registry, 'prose');
    viaChunks(chunks, registry, 'Crash crashes loader; loader crash');
    expect(registry.names).toEqual(['crash', 'loader']);
    expect(viaChunks(chunks, registry, 'loader, crash!')).toEqual(['loader', 'crash']);
    expect(registry.names).toEqual(['crash', 'loader']);
  });

  it('gives the same terms while its table grows and after it is emptied (many distinct chunks)', () => {
    const registry = new TermRegistry();
    // Largest table 2^13 slots: emptied at 4,096 chunks; the first table (2^12) doubles once before that.
    const chunks = new ChunkTerms(registry, 'prose', 13);
    const words = Array.from({ length: 12_000 }, (_, i) => `w${(i * 7919) % 12_000}x Running${i % 50}`);
    for (let round = 0; round < 2; round++) {
      for (let at = 0; at < words.length; at += 100) {
        const value = words.slice(at, at + 100).join(' ');
        expect(viaChunks(chunks, registry, value)).toEqual(analyze(value, 'prose').map((t) => t.term));
      }
    }
    expect(new Set(registry.names).size).toBe(registry.names.length);
  });

  it('gives the same terms for term ids, chunk lengths and term counts past 16 bits', () => {
    const registry = new TermRegistry();
    const chunks = new ChunkTerms(registry, 'prose');
    // 70,000 distinct terms first (ids past 65,535), then one chunk of 70,001 terms and ~560,000 characters.
    const many = Array.from({ length: 70_000 }, (_, i) => `t${i}q`);
    expect(viaChunks(chunks, registry, many.join(' '))).toEqual(many);
    const long = [...many, 'tail'].join('.');
    const expected = analyze(long, 'prose').map((t) => t.term);
    expect(expected.length).toBeGreaterThan(65_536);
    for (let round = 0; round < 2; round++) expect(viaChunks(chunks, registry, `x ${long} t69999q`)).toEqual(['x', ...expected, 't69999q']);
  });
});
