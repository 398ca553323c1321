/**
 * The SQLite FTS5 anchor, driven through the `sqlite3` command-line shell (Debian's `sqlite3` package), which is
 * what a user would reach for instead: one FTS5 table over the issues' titles and bodies (porter stemming, as
 * GitHub stems), with each record's JSON kept unindexed beside them so a query returns whole records as ours does.
 * - build: the shell imports the dump file line by line (the corpus holds one record per line) and fills the table
 *   with `json_extract`: one process, nothing prepared outside the timed run;
 * - query: `sqlite3 -readonly <db> <select>`: best match (`rank`, FTS5's BM25) or a sort key, 30 per page, with the
 *   bench's qualifiers translated to `json_extract` conditions on the stored JSON.
 */
import { spawnSync } from 'node:child_process';

/** The shell's version when `sqlite3` is on PATH and has FTS5, else undefined. */
export function sqliteVersion(): string | undefined {
  const run = spawnSync('sqlite3', [':memory:', 'CREATE VIRTUAL TABLE t USING fts5(a); SELECT sqlite_version();'], { encoding: 'utf8', timeout: 10_000 });
  return run.status === 0 && !run.error ? run.stdout.trim() : undefined;
}

/** The shell script that builds `<db>` from `corpusFile` (a JSON array holding one record per line). */
export function sqliteBuildScript(corpusFile: string): string {
  if (/["\n]/.test(corpusFile)) throw new RangeError('the corpus path must not hold quotes or newlines');
  return [
    'PRAGMA journal_mode=OFF;',
    'PRAGMA synchronous=OFF;',
    'CREATE TEMP TABLE raw(line TEXT);',
    // ASCII mode with a newline row separator: each line is one value, quotes and tabs untouched.
    '.mode ascii',
    '.separator "\\037" "\\n"',
    `.import "${corpusFile}" raw`,
    "CREATE VIRTUAL TABLE issues USING fts5(title, body, doc UNINDEXED, tokenize = 'porter unicode61');",
    "INSERT INTO issues(rowid, title, body, doc) SELECT rowid, json_extract(j, '$.title'), json_extract(j, '$.body'), j",
    "  FROM (SELECT rowid, rtrim(line, ',') AS j FROM raw WHERE line LIKE '{%');",
    'DROP TABLE raw;',
    '',
  ].join('\n');
}

const TOKEN = /(-?)([A-Za-z_-]+):("([^"]*)"|\S+)|"([^"]*)"|(\S+)/g;

const text = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/** A comparison (`>N`, `<N`, `>=N`, `<=N`, `A..B`, `N`) of a JSON field as SQL, or undefined. */
function comparison(field: string, spec: string, numeric: boolean): string | undefined {
  const operand = (v: string): string => (numeric ? String(Number(v)) : text(v));
  if (numeric && !/^(>=|<=|>|<)?\d+$|^\d+\.\.\d+$/.test(spec)) return undefined;
  const range = /^(.+)\.\.(.+)$/.exec(spec);
  const value = `json_extract(doc, '$.${field}')`;
  if (range) return `${value} BETWEEN ${operand(range[1]!)} AND ${operand(range[2]! + (numeric ? '' : '\uffff'))}`;
  const m = /^(>=|<=|>|<)?(.+)$/.exec(spec)!;
  return `${value} ${m[1] ?? (numeric ? '=' : '>=')} ${operand(m[2]!)}`;
}

/** One bench qualifier as an SQL condition over the stored JSON (`doc`), or undefined when not translated. */
function condition(key: string, raw: string): string | undefined {
  const v = raw.toLowerCase();
  const labels = `EXISTS (SELECT 1 FROM json_each(doc, '$.labels') WHERE lower(json_extract(value, '$.name')) = ${text(v)})`;
  switch (key.toLowerCase()) {
    case 'state':
      return `json_extract(doc, '$.state') = ${text(v)}`;
    case 'is':
      if (v === 'open' || v === 'closed') return `json_extract(doc, '$.state') = ${text(v)}`;
      if (v === 'pr') return `json_type(doc, '$.pull_request') = 'object'`;
      if (v === 'issue') return `coalesce(json_type(doc, '$.pull_request'), 'null') = 'null'`;
      return undefined;
    case 'label':
      return labels;
    case 'repo':
      return `lower(json_extract(doc, '$.repository_url')) = ${text(`https://api.github.com/repos/${v}`)}`;
    case 'comments':
      return comparison('comments', v, true);
    case 'created':
    case 'updated':
      return comparison(`${key.toLowerCase()}_at`, v, false);
    default:
      return undefined;
  }
}

/**
 * The SELECTs a user would write for the bench query `q` (keywords ANDed, qualifiers as conditions): the total
 * count, then the first page of 30 whole records by FTS5's rank.
 */
export function sqliteSelect(q: string): string {
  const words: string[] = [];
  const where: string[] = [];
  for (const m of q.matchAll(TOKEN)) {
    if (m[2] !== undefined) {
      const sql = condition(m[2], m[4] ?? m[3]!);
      if (sql) where.push(m[1] === '-' ? `NOT (${sql})` : sql);
    } else for (const w of (m[5] ?? m[6]!).split(/\s+/)) if (w) words.push(`"${w.replace(/"/g, '""')}"`);
  }
  if (words.length > 0) where.unshift(`issues MATCH ${text(words.join(' '))}`);
  const filter = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  const order = words.length > 0 ? ' ORDER BY rank' : '';
  return `SELECT count(*) FROM issues${filter}; SELECT doc FROM issues${filter}${order} LIMIT 30;`;
}
