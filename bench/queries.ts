/**
 * The bench's queries, chosen from the corpus material so they are meaningful at every scale: four cold CLI
 * queries (a rare term, a common term, two terms, a qualifier-heavy query) and a mixed file of request paths
 * for the `serve` load (keywords, qualifiers, sorts, later pages). Deterministic.
 */
import lunr from 'lunr';
import type { Corpus } from './corpus.js';
import type { CorpusSource } from './corpus-source.js';
import { Prng } from './prng.js';

/** One cold CLI query: a row label and the `q` string. */
export interface ColdQuery {
  readonly label: string;
  readonly q: string;
}

const WORD = /^[a-z]{3,15}$/;

const isStopWord = (word: string): boolean => lunr.stopWordFilter(new lunr.Token(word, {})) === undefined;

/** Plain lower-case words of `text` (punctuation at either end stripped). */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^a-z]+|[^a-z]+$/g, ''))
    .filter((w) => WORD.test(w));
}

/** Word → occurrences over the source's titles and body lines. */
export function wordFrequencies(source: CorpusSource): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of [...source.titles, ...source.lines]) for (const w of words(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

/** Non-stop words of length ≥ 4, most frequent first (ties alphabetical). */
export function rankedWords(frequencies: ReadonlyMap<string, number>): string[] {
  return [...frequencies.entries()]
    .filter(([w]) => w.length >= 4 && !isStopWord(w))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([w]) => w);
}

/** A qualifier value, quoted when it has a space. */
const value = (v: string): string => (/[\s"]/.test(v) ? `"${v.replace(/"/g, '')}"` : v);

/**
 * The command line of one cold CLI query over the corpus in `dataDir`: the whole envelope (`--json` with no
 * fields, so the query goes before it) and no progress output (`--quiet`; `-q` is gh's `--jq`).
 */
export function coldQueryArgs(q: string, dataDir: string): string[] {
  return ['issues', q, '--data', dataDir, '--json', '--quiet'];
}

/** The four cold CLI queries. */
export function coldQueries(corpus: Corpus, frequencies: ReadonlyMap<string, number>): ColdQuery[] {
  const ranked = rankedWords(frequencies);
  const at = (rank: number): string => ranked[Math.min(rank, ranked.length - 1)] ?? 'error';
  // Rarest long word of a probe record's body: it surely occurs, and rarely.
  let rare = at(ranked.length - 1);
  let best = Infinity;
  for (const probe of corpus.probes.slice(0, 3)) {
    for (const w of words(probe.body)) {
      const f = frequencies.get(w) ?? Infinity;
      if (w.length >= 6 && !isStopWord(w) && f < best) {
        best = f;
        rare = w;
      }
    }
  }
  const labels = corpus.labels.filter((l) => !/\s/.test(l));
  const label = labels[0] ?? corpus.labels[0];
  const other = labels[1] ?? corpus.labels[1];
  const qualifiers = [
    at(20),
    'state:closed',
    label ? `label:${value(label)}` : '',
    'comments:>2',
    'created:>2018-06-01',
    other ? `-label:${value(other)}` : '',
    'is:issue',
  ].filter(Boolean);
  return [
    { label: 'rare term', q: rare },
    { label: 'common term', q: at(0) },
    { label: 'two terms', q: `${at(3)} ${at(40)}` },
    { label: 'qualifier-heavy', q: qualifiers.join(' ') },
  ];
}

/** A source of request paths (`/search/issues?q=…`) of the mixed shapes below, drawn from `seed`. */
function pathSource(corpus: Corpus, frequencies: ReadonlyMap<string, number>, seed: string): () => string {
  const rng = new Prng(seed);
  const ranked = rankedWords(frequencies).slice(0, 3000);
  const word = (): string => ranked[rng.zipf(ranked.length)] ?? 'error';
  const label = (): string => value(corpus.labels[rng.zipf(Math.max(1, corpus.labels.length))] ?? 'bug');
  // Public repositories only: the same paths are sent by an anonymous caller, for whom `repo:` of a private one is a 422.
  const privates = new Set(corpus.privateRepositories);
  const publicRepos = corpus.repositories.filter((r) => !privates.has(r));
  const repo = (): string => publicRepos[rng.zipf(Math.max(1, publicRepos.length))] ?? 'bench-org/project';
  const qualifier = (): string =>
    rng.pick([
      () => `state:${rng.pick(['open', 'closed'])}`,
      () => `label:${label()}`,
      () => `is:${rng.pick(['pr', 'issue'])}`,
      () => `comments:>${rng.int(0, 10)}`,
      () => `created:>${rng.int(2016, 2024)}-0${rng.int(1, 9)}-01`,
      () => `repo:${repo()}`,
    ])();
  return () => {
    const kind = rng.next();
    let q: string;
    const params: string[] = [];
    if (kind < 0.3) q = word();
    else if (kind < 0.5) q = `${word()} ${word()}`;
    else if (kind < 0.7) q = `${word()} ${qualifier()} ${qualifier()}`;
    else if (kind < 0.8) q = `${qualifier()} ${qualifier()}`;
    else if (kind < 0.9) {
      q = `${word()} ${qualifier()}`;
      params.push(`sort=${rng.pick(['comments', 'created', 'updated'])}`, `order=${rng.pick(['asc', 'desc'])}`);
    } else {
      q = word();
      params.push(`page=${rng.int(2, 3)}`, `per_page=${rng.pick([50, 100])}`);
    }
    return `/search/issues?q=${encodeURIComponent(q)}${params.map((p) => `&${p}`).join('')}`;
  };
}

/**
 * `count` request paths (`/search/issues?q=…`) mixing single and double keywords, keyword + qualifier queries,
 * qualifier-only queries, sorted queries and later pages. Repeats are possible: the cache-hit workload.
 */
export function mixedPaths(corpus: Corpus, frequencies: ReadonlyMap<string, number>, count = 200): string[] {
  const next = pathSource(corpus, frequencies, 'bench-mixed-queries');
  return Array.from({ length: count }, next);
}

/**
 * `count` distinct request paths of the same mix, none of them among `exclude` (the paths a server may already
 * have seen): the never-seen workload, where no request can be answered from a cache of earlier requests.
 * @throws RangeError when the mix cannot make that many distinct paths (100,000 repeats in a row)
 */
export function neverSeenPaths(corpus: Corpus, frequencies: ReadonlyMap<string, number>, count: number, exclude: readonly string[] = []): string[] {
  const next = pathSource(corpus, frequencies, 'bench-never-seen-queries');
  const seen = new Set(exclude);
  const out: string[] = [];
  for (let misses = 0; out.length < count; ) {
    const p = next();
    if (seen.has(p)) {
      if (++misses > 100_000) throw new RangeError(`only ${out.length} distinct query paths could be made`);
      continue;
    }
    misses = 0;
    seen.add(p);
    out.push(p);
  }
  return out;
}

/** `/search/issues?q=…&rest` → the web page's `/search?q=…&type=issues&rest`. */
export function webPath(apiPath: string): string {
  return apiPath.replace(/^\/search\/issues\?q=([^&]*)/, '/search?q=$1&type=issues');
}
