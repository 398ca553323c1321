/**
 * A generated corpus of hostile dumps (made by code, kept small): each case writes a dump into a fresh temporary
 * directory and says what `search` must answer — an exit code and the exact stderr line, or a successful answer.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** A valid issue record with `extra` fields merged in (as JSON text, so hostile literals survive). */
export function issueText(extra = '', number = 1): string {
  return `{"number":${number},"title":"hostile ${number}","repository_url":"https://api.github.com/repos/o/r"${extra ? `,${extra}` : ''}}`;
}

/** `depth` nested arrays around `inner`: `[[…inner…]]`. */
export const nested = (depth: number, inner = ''): string => '['.repeat(depth) + inner + ']'.repeat(depth);

export interface HostileCase {
  name: string;
  /** Writes the dump under `dir`; returns the `--data` path. */
  make(dir: string): string;
  /** Environment for the run (the record limits). */
  env?: Record<string, string>;
  /** The expected exit code and stderr (a function of the `--data` path). */
  code: number;
  err: (data: string) => string;
}

const LIMIT = 'nested deeper than 64 levels (the limit; SEARCH_MAX_DEPTH changes it)';
const size = (bytes: number): string => `record larger than ${bytes} bytes (the limit; SEARCH_MAX_RECORD_BYTES changes it)`;
const issuesFile = (dir: string, text: string | Buffer, name = 'issues.json'): string => {
  writeFileSync(path.join(dir, name), text);
  return dir;
};
const twelveZeros = Array.from({ length: 12 }, () => '0').join('.');

export const HOSTILE_CASES: readonly HostileCase[] = [
  {
    name: 'a record nested 5,000 levels deep (directory dump)',
    make: (dir) => issuesFile(dir, `[${issueText(`"reactions":{"x":${nested(5000)}}`)}]`),
    code: 3,
    err: (data) => `search: ${data}/issues.json, record 0, field "reactions.x.${Array.from({ length: 10 }, () => '0').join('.')}…": ${LIMIT}\n`,
  },
  {
    name: 'the second record nested 100,000 levels deep (single-file dump)',
    make: (dir) => {
      const file = path.join(dir, 'dump.json');
      writeFileSync(file, `{"issues":[${issueText()},${issueText(`"body":${nested(100_000)}`, 2)}]}`);
      return file;
    },
    code: 3,
    err: (data) => `search: ${data} (key "issues"), record 1, field "body.${Array.from({ length: 11 }, () => '0').join('.')}…": ${LIMIT}\n`,
  },
  {
    name: '100,000 nested arrays as a directory file',
    make: (dir) => issuesFile(dir, nested(100_000)),
    code: 3,
    err: (data) => `search: ${data}/issues.json, record 0, field "${twelveZeros}…": ${LIMIT}\n`,
  },
  {
    name: 'a file of nothing but [ (never closes)',
    make: (dir) => issuesFile(dir, '['.repeat(1 << 20)),
    code: 3,
    err: (data) => `search: ${data}/issues.json, record 0, field "${twelveZeros}…": ${LIMIT}\n`,
  },
  {
    name: 'an element that never closes, past a tiny size cap',
    make: (dir) => issuesFile(dir, `[${issueText()},{"title": "${'a'.repeat(200_000)}`),
    env: { SEARCH_MAX_RECORD_BYTES: '4096' },
    code: 3,
    err: (data) => `search: ${data}/issues.json, record 1, field "title": ${size(4096)}\n`,
  },
  {
    name: 'a gzipped record with a string past the size cap',
    make: (dir) => issuesFile(dir, gzipSync(`[${issueText(`"body":"${'b'.repeat(100_000)}"`)}]`), 'issues.json.gz'),
    env: { SEARCH_MAX_RECORD_BYTES: '65536' },
    code: 3,
    err: (data) => `search: ${data}/issues.json.gz, record 0, field "body": ${size(65536)}\n`,
  },
  {
    name: 'a single-file dump whose record passes the size cap',
    make: (dir) => {
      const file = path.join(dir, 'dump.json');
      writeFileSync(file, `{"issues":[${issueText(`"body":"${'b'.repeat(10_000)}"`)}]}`);
      return file;
    },
    env: { SEARCH_MAX_RECORD_BYTES: '2048' },
    code: 3,
    err: (data) => `search: ${data} (key "issues"), record 0, field "body": ${size(2048)}\n`,
  },
  {
    name: 'a FIFO named issues.json',
    make: (dir) => {
      execFileSync('mkfifo', [path.join(dir, 'issues.json')]);
      return dir;
    },
    code: 3,
    err: (data) => `search: ${data}/issues.json: not a regular file (a FIFO); a dump is read from regular files only\n`,
  },
  {
    name: 'a FIFO given as a single-file dump',
    make: (dir) => {
      const file = path.join(dir, 'dump.json');
      execFileSync('mkfifo', [file]);
      return file;
    },
    code: 3,
    err: (data) => `search: ${data}: not a regular file (a FIFO); a dump is read from regular files only\n`,
  },
  {
    name: 'a directory named issues.json',
    make: (dir) => {
      mkdirSync(path.join(dir, 'issues.json'));
      return dir;
    },
    code: 3,
    err: (data) => `search: ${data}/issues.json: not a regular file (a directory); a dump is read from regular files only\n`,
  },
  {
    name: 'a malformed percent-escape in repository_url',
    make: (dir) =>
      issuesFile(dir, `[${issueText()},{"number":2,"title":"t","repository_url":"https://api.github.com/repos/%E0%A4%A/x"}]`),
    code: 3,
    err: (data) =>
      `search: ${data}/issues.json, record 1, field "repository_url": is not a valid URL (malformed percent-encoding): "https://api.github.com/repos/%E0%A4%A/x"\n`,
  },
  {
    name: 'id: 1e400',
    make: (dir) => issuesFile(dir, `[${issueText('"id":1e400')}]`),
    code: 3,
    err: (data) => `search: ${data}/issues.json, record 0, field "id": must be an integer or a string, got number Infinity\n`,
  },
  {
    name: 'user.id: -1e400',
    make: (dir) => issuesFile(dir, `[${issueText('"user":{"login":"u","id":-1e400}')}]`),
    code: 3,
    err: (data) => `search: ${data}/issues.json, record 0, field "user.id": must be an integer or a string, got number -Infinity\n`,
  },
  {
    name: 'number: 1e400',
    make: (dir) => issuesFile(dir, `[{"number":1e400,"title":"t"}]`),
    code: 3,
    err: (data) => `search: ${data}/issues.json, record 0, field "number": must be an integer, got number Infinity\n`,
  },
  {
    name: 'labels[0].id: 1.5',
    make: (dir) => issuesFile(dir, `[${issueText('"labels":[{"name":"bug","id":1.5}]')}]`),
    code: 3,
    err: (data) => `search: ${data}/issues.json, record 0, field "labels.0.id": must be an integer or a string, got number 1.5\n`,
  },
  {
    name: 'a top-level scalar nested in a single-file dump key',
    make: (dir) => {
      const file = path.join(dir, 'dump.json');
      writeFileSync(file, `{"issues":[${issueText()}],"pulls":{"x":${nested(70)}}}`);
      return file;
    },
    code: 3,
    err: (data) => `search: ${data} (key "pulls"): ${LIMIT}\n`,
  },
];

/** A fresh directory for one case. */
export function caseDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'search-hostile-'));
}
