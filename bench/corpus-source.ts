/**
 * Where the bench corpus takes its material from: the real issue records in `../shared/data`
 * (hf-datasets-issues and hub4j-github-api-wiremock), or, when those are absent, records and text from a small
 * generator of ours. The material is a pool of record templates (shapes, users, labels) and of text (titles and
 * body lines) that corpus.ts resamples and recombines.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { RawRecord } from '../src/kinds/kind.js';
import { Prng } from './prng.js';

/** The material a corpus is made from. */
export interface CorpusSource {
  /** Human-readable origin, printed with the table. */
  readonly origin: string;
  /** Issue records whose shape (keys, user, reactions, pull_request) new records copy. Non-empty. */
  readonly templates: readonly RawRecord[];
  /** Real titles. Non-empty. */
  readonly titles: readonly string[];
  /** Non-empty body lines, in source order; `bodyStarts[i]` is the first line of the i-th source body. */
  readonly lines: readonly string[];
  readonly bodyStarts: readonly number[];
  /** Words per line of `lines` (whitespace-separated). */
  readonly lineWords: readonly number[];
  /** Label objects as they occur on templates (repeats give the frequency). Possibly empty. */
  readonly labels: readonly RawRecord[];
}

/** The project root (two levels above this file, in `src/bench` or `dist/bench`). */
export function projectRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
}

/** The shared real data directory, `<project>/../shared/data`. */
export function sharedDataDir(): string {
  return path.resolve(projectRoot(), '../shared/data');
}

const REAL_FILES = ['hf-datasets-issues/issues.json.gz', 'hub4j-github-api-wiremock/issues.json'] as const;

function readJsonArray(file: string): RawRecord[] {
  const bytes = readFileSync(file);
  const value: unknown = JSON.parse((file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
  return Array.isArray(value) ? (value as RawRecord[]) : [];
}

/** Builds a source from issue records: templates are the records, text their titles and body lines. */
export function sourceFromRecords(origin: string, records: readonly RawRecord[]): CorpusSource {
  const templates = records.filter((r) => typeof r.title === 'string' && typeof r.number === 'number');
  const titles = templates.map((r) => String(r.title)).filter((t) => t.trim() !== '');
  const lines: string[] = [];
  const lineWords: number[] = [];
  const bodyStarts: number[] = [];
  const labels: RawRecord[] = [];
  for (const record of templates) {
    if (Array.isArray(record.labels)) for (const l of record.labels) if (l && typeof l === 'object') labels.push(l as RawRecord);
    if (typeof record.body !== 'string') continue;
    const own = record.body.split(/\r?\n/).filter((line) => line.trim() !== '');
    if (own.length === 0) continue;
    bodyStarts.push(lines.length);
    for (const line of own) {
      lines.push(line);
      lineWords.push(countWords(line));
    }
  }
  if (templates.length === 0 || titles.length === 0 || lines.length === 0) throw new Error(`corpus source ${origin} has no usable issues`);
  return { origin, templates, titles, lines, bodyStarts, lineWords, labels };
}

/** Whitespace-separated words in `text`. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/**
 * The real material when `../shared/data` has it, else {@link generatedSource}.
 * @param dataDir where the real sources live (default {@link sharedDataDir})
 */
export function loadCorpusSource(dataDir = sharedDataDir()): CorpusSource {
  const files = REAL_FILES.map((f) => path.join(dataDir, f)).filter((f) => existsSync(f));
  if (files.length === 0) return generatedSource();
  const records = files.flatMap(readJsonArray);
  return sourceFromRecords(`real issues: ${files.map((f) => path.relative(dataDir, f)).join(' + ')}`, records);
}

// ---------------------------------------------------------------- fallback generator

const SYLLABLES = ['ka', 'lo', 'mi', 'ter', 'on', 'ex', 'par', 'sin', 'dat', 'ro', 'ven', 'qu', 'al', 'is', 'fen', 'cor', 'ul', 'bra', 'ti', 'ne'];
const GLUE = ['the', 'a', 'when', 'with', 'and', 'not', 'in', 'of', 'to', 'is', 'after', 'on', 'for', 'it'];
const LABELS = ['bug', 'enhancement', 'documentation', 'question', 'good first issue', 'help wanted', 'wontfix', 'duplicate'];

/**
 * Issue records written by a generator of ours: pseudo-words with a Zipf-like frequency, sentences of 6–20
 * words, a few labels and users. Used only when the real records are absent, so the bench still runs.
 * @param count how many template records (default 2,000)
 */
export function generatedSource(count = 2000): CorpusSource {
  const rng = new Prng('bench-generated-source');
  const vocabulary: string[] = [];
  for (let i = 0; i < 6000; i++) {
    let word = '';
    for (let s = rng.int(2, 4); s > 0; s--) word += rng.pick(SYLLABLES);
    vocabulary.push(word);
  }
  const sentence = (): string => {
    const words: string[] = [];
    for (let n = rng.int(6, 20); n > 0; n--) words.push(rng.chance(0.3) ? rng.pick(GLUE) : vocabulary[rng.zipf(vocabulary.length)]!);
    return `${words.join(' ')}.`;
  };
  const users = Array.from({ length: 200 }, (_, i) => ({ login: `user${i}`, id: 1000 + i, type: 'User', site_admin: false }));
  const records: RawRecord[] = [];
  for (let i = 0; i < count; i++) {
    const number = i + 1;
    const repo = `bench-org/project-${i % 7}`;
    const body = Array.from({ length: rng.int(1, 8) }, sentence).join('\n');
    const labels = rng.chance(0.6) ? [{ id: 100 + (i % 8), name: LABELS[rng.zipf(LABELS.length)]!, color: 'ededed', default: false }] : [];
    records.push({
      url: `https://api.github.com/repos/${repo}/issues/${number}`,
      repository_url: `https://api.github.com/repos/${repo}`,
      html_url: `https://github.com/${repo}/issues/${number}`,
      id: 5_000_000 + i,
      number,
      title: sentence().slice(0, 80),
      user: users[rng.zipf(users.length)]!,
      labels,
      state: rng.chance(0.4) ? 'open' : 'closed',
      locked: false,
      assignees: [],
      comments: rng.zipf(40),
      created_at: '2020-01-01T00:00:00Z',
      updated_at: '2020-01-02T00:00:00Z',
      closed_at: null,
      author_association: 'CONTRIBUTOR',
      body,
    });
  }
  return sourceFromRecords('generated (../shared/data absent)', records);
}
