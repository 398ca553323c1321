/**
 * The bench's synthetic issue corpus: `count` issue records made by resampling and recombining a
 * {@link CorpusSource} — each record copies the shape of a random template, gets a title recombined from two
 * real titles, a body of 50–400 words made of runs of real body lines, and new identity (repository, number,
 * id, URLs), dates, state, labels, user and comment count. Deterministic for a given seed, size and source.
 * Written as a directory dump (`<dir>/issues.json`), streamed so a 1M-record corpus never sits in memory, with
 * `<dir>/repositories.json` naming every repository: every eighth of them (from the fourth) is private, as real
 * exports hold a few private repositories, so a query pays for hiding them from a caller who may not read them.
 */
import { closeSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { RawRecord } from '../src/kinds/kind.js';
import { minimalRepository, urlBases } from '../src/import/github-shapes.js';
import type { CorpusSource } from './corpus-source.js';
import { Prng } from './prng.js';

/** A written corpus. */
export interface Corpus extends CorpusMeta {
  /** The dump directory (holds `issues.json` and `repositories.json`). */
  readonly dir: string;
  readonly file: string;
  readonly count: number;
  /** Size of `issues.json` in bytes. */
  readonly bytes: number;
  readonly origin: string;
}

/** Body length bounds, in whitespace-separated words. */
export const BODY_WORDS = { min: 50, max: 400 } as const;
/** Creation dates fall in [2016-01-01, 2025-01-01). */
const CREATED_FROM_MS = Date.UTC(2016, 0, 1);
const CREATED_SPAN_MS = Date.UTC(2025, 0, 1) - CREATED_FROM_MS;
/** Bytes buffered before each write. */
const WRITE_CHUNK_BYTES = 4 << 20;

const iso = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** Repository full names: the templates' own, then owner × name recombinations up to `want` of them. */
function repositoryNames(source: CorpusSource, want: number): string[] {
  const real = new Map<string, number>();
  for (const t of source.templates) {
    const m = /\/repos\/([^/]+\/[^/]+)$/.exec(String(t.repository_url ?? ''));
    if (m) real.set(m[1]!, (real.get(m[1]!) ?? 0) + 1);
  }
  const names = [...real.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([n]) => n);
  if (names.length === 0) names.push('bench-org/project');
  const owners = [...new Set(names.map((n) => n.split('/')[0]!))];
  const repos = [...new Set(names.map((n) => n.split('/')[1]!))];
  for (let k = 0; names.length < want && k < owners.length * repos.length; k++) {
    const candidate = `${owners[k % owners.length]}/${repos[Math.floor(k / owners.length) % repos.length]}`;
    if (!names.includes(candidate)) names.push(candidate);
  }
  return names.slice(0, want);
}

/** A title: the real one, or the head of one real title joined to the tail of another. */
function makeTitle(rng: Prng, source: CorpusSource): string {
  const a = rng.pick(source.titles);
  if (rng.chance(0.5)) return a;
  const wa = a.split(/\s+/);
  const wb = rng.pick(source.titles).split(/\s+/);
  return [...wa.slice(0, Math.max(1, Math.floor(wa.length / 2))), ...wb.slice(Math.floor(wb.length / 2))].join(' ');
}

/** A body of `BODY_WORDS.min`–`max` words: runs of 1–6 consecutive real lines, the last one cut to length. */
function makeBody(rng: Prng, source: CorpusSource): string {
  const target = rng.int(BODY_WORDS.min, BODY_WORDS.max);
  const out: string[] = [];
  let words = 0;
  while (words < target) {
    let line = rng.chance(0.5) ? rng.pick(source.bodyStarts) : rng.int(0, source.lines.length - 1);
    for (let run = rng.int(1, 6); run > 0 && words < target && line < source.lines.length; run--, line++) {
      const n = source.lineWords[line]!;
      if (words + n <= target) {
        out.push(source.lines[line]!);
        words += n;
      } else {
        const cut = source.lines[line]!.trim().split(/\s+/).slice(0, target - words);
        out.push(cut.join(' '));
        words = target;
      }
    }
  }
  return out.join('\n');
}

/** Up to three distinct labels, drawn with the templates' label frequencies. */
function makeLabels(rng: Prng, source: CorpusSource): RawRecord[] {
  if (source.labels.length === 0) return [];
  const out = new Map<string, RawRecord>();
  for (let n = rng.chance(0.35) ? 0 : rng.int(1, 3); n > 0; n--) {
    const label = rng.pick(source.labels);
    out.set(String(label.name), label);
  }
  return [...out.values()];
}

/** What a generation run used, for picking queries. */
export interface CorpusMeta {
  /** Titles and bodies of a few records spread over the corpus (for picking query terms that surely occur). */
  readonly probes: ReadonlyArray<{ title: string; body: string }>;
  /** Repository full names used, most used first. */
  readonly repositories: readonly string[];
  /** Label names used, most used first. */
  readonly labels: readonly string[];
  /** Every repository full name, in generation order (the zipf rank). */
  readonly allRepositories: readonly string[];
  /** The private ones among them. */
  readonly privateRepositories: readonly string[];
}

/** Repositories at these positions of the generation order are private: every eighth, from the fourth. */
export const isPrivatePosition = (index: number): boolean => index % 8 === 3;

/**
 * Generate `count` issues in order, handing each to `each` (nothing is kept, so any count fits in memory).
 * @param seed any string; the same seed, count and source give the same records
 */
export function generateIssues(count: number, source: CorpusSource, seed: string, each: (record: RawRecord, i: number) => void): CorpusMeta {
  const rng = new Prng(`${seed}:${count}`);
  const repos = repositoryNames(source, 40);
  const users = source.templates.map((t) => t.user).filter((u): u is RawRecord => !!u && typeof u === 'object');
  const numbers = new Map<string, number>();
  const repoUse = new Map<string, number>();
  const labelUse = new Map<string, number>();
  const probeEvery = Math.max(1, Math.floor(count / 8));
  const probes: Array<{ title: string; body: string }> = [];
  for (let i = 0; i < count; i++) {
    const template = rng.pick(source.templates);
    const repo = repos[rng.zipf(repos.length)]!;
    const number = (numbers.get(repo) ?? 0) + 1;
    numbers.set(repo, number);
    repoUse.set(repo, (repoUse.get(repo) ?? 0) + 1);
    const record = makeIssue(rng, source, template, { repo, number, id: 3_000_000_000 + i, users });
    for (const l of record.labels as RawRecord[]) labelUse.set(String(l.name), (labelUse.get(String(l.name)) ?? 0) + 1);
    if (i % probeEvery === Math.floor(probeEvery / 2)) probes.push({ title: String(record.title), body: String(record.body) });
    each(record, i);
  }
  const byUse = (m: Map<string, number>): string[] => [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k);
  return {
    probes,
    repositories: byUse(repoUse),
    labels: byUse(labelUse),
    allRepositories: repos,
    privateRepositories: repos.filter((_, index) => isPrivatePosition(index)),
  };
}

/**
 * Write a corpus of `count` issues to `<dir>/issues.json`.
 * @param seed any string; the same seed, count and source give byte-identical output
 */
export function writeCorpus(dir: string, count: number, source: CorpusSource, seed = 'bench'): Corpus {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'issues.json');
  const fd = openSync(file, 'w');
  let bytes = 0;
  let chunk = '[\n';
  let meta: CorpusMeta;
  try {
    meta = generateIssues(count, source, seed, (record, i) => {
      chunk += JSON.stringify(record) + (i + 1 < count ? ',\n' : '\n');
      if (chunk.length >= WRITE_CHUNK_BYTES) {
        bytes += writeSync(fd, chunk);
        chunk = '';
      }
    });
    chunk += ']\n';
    bytes += writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
  const privates = new Set(meta.privateRepositories);
  const bases = urlBases();
  const repositories = meta.allRepositories.map((name) => ({ ...minimalRepository(name, bases), private: privates.has(name) }));
  writeFileSync(path.join(dir, 'repositories.json'), `[\n${repositories.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
  return { dir, file, count, bytes, origin: source.origin, ...meta };
}

/** Name of the file beside a kept corpus's dump that describes it ({@link keptCorpus}). */
export const CORPUS_META_FILE = 'corpus.json';

/**
 * A corpus kept in `dir` (`<dir>/dump/`, described by `<dir>/corpus.json`), written there first when it is absent
 * or does not match (another count, seed or source, or an `issues.json` of another size): `npm run bench --
 * --corpus DIR` generates each scale once (the 1M corpus takes many minutes) and reuses it on later runs.
 * @param seed as {@link writeCorpus}
 */
export function keptCorpus(dir: string, count: number, source: CorpusSource, seed = 'bench'): Corpus & { reused: boolean } {
  const metaFile = path.join(dir, CORPUS_META_FILE);
  try {
    const kept = JSON.parse(readFileSync(metaFile, 'utf8')) as { seed: string; corpus: Corpus };
    const { corpus } = kept;
    if (kept.seed === seed && corpus.count === count && corpus.origin === source.origin && statSync(corpus.file).size === corpus.bytes) return { ...corpus, reused: true };
  } catch {
    // absent or unreadable: written below
  }
  const corpus = writeCorpus(path.join(dir, 'dump'), count, source, seed);
  writeFileSync(metaFile, JSON.stringify({ seed, corpus }));
  return { ...corpus, reused: false };
}

interface Identity {
  repo: string;
  number: number;
  id: number;
  users: readonly RawRecord[];
}

/** One record: the template's keys in the template's order, with new values. */
function makeIssue(rng: Prng, source: CorpusSource, template: RawRecord, who: Identity): RawRecord {
  const api = `https://api.github.com/repos/${who.repo}`;
  const url = `${api}/issues/${who.number}`;
  const isPr = template.pull_request !== undefined && template.pull_request !== null;
  const html = `https://github.com/${who.repo}/${isPr ? 'pull' : 'issues'}/${who.number}`;
  const created = CREATED_FROM_MS + Math.floor(rng.next() * CREATED_SPAN_MS);
  const open = rng.chance(0.3);
  const closed = open ? null : created + rng.int(60, 400 * 86_400) * 1000;
  const updated = (closed ?? created) + rng.int(0, 30 * 86_400) * 1000;
  const user = who.users.length > 0 ? who.users[rng.zipf(who.users.length)]! : template.user;
  const record: RawRecord = {
    ...template,
    url,
    repository_url: api,
    html_url: html,
    id: who.id,
    node_id: `I_bench${who.id.toString(36)}`,
    number: who.number,
    title: makeTitle(rng, source),
    user,
    labels: makeLabels(rng, source),
    state: open ? 'open' : 'closed',
    assignee: null,
    assignees: [],
    milestone: null,
    comments: rng.zipf(60),
    created_at: iso(created),
    updated_at: iso(updated),
    closed_at: closed === null ? null : iso(closed),
    body: makeBody(rng, source),
  };
  if ('labels_url' in template) record.labels_url = `${url}/labels{/name}`;
  if ('comments_url' in template) record.comments_url = `${url}/comments`;
  if ('events_url' in template) record.events_url = `${url}/events`;
  if ('timeline_url' in template) record.timeline_url = `${url}/timeline`;
  if ('closed_by' in template) record.closed_by = open ? null : user;
  if ('state_reason' in template) record.state_reason = open ? null : 'completed';
  if (template.reactions && typeof template.reactions === 'object') record.reactions = { ...(template.reactions as RawRecord), url: `${url}/reactions` };
  if (isPr) {
    record.pull_request = {
      url: `${api}/pulls/${who.number}`,
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      merged_at: !open && rng.chance(0.7) ? iso(closed!) : null,
    };
  }
  return record;
}
