/**
 * Per-kind JSON schemas for dump records, and the validator that turns the first violation into a
 * {@link DataError} naming the file, the record index and the field as a dotted path.
 *
 * The rules only cover what a qualifier or a sort reads: a handful of required identity fields per kind,
 * and the type of every count, flag and timestamp *when it is present and non-null* (real records from
 * every era of the REST API omit or null many of them).
 */
import { createRequire } from 'node:module';
import type { ErrorObject, SchemaObject, ValidateFunction } from 'ajv';
import type { Kind, RawRecord } from '../kinds/kind.js';
import { DataError } from './data-error.js';

/** What a schema can validate: one of the seven kinds, or the optional `/pulls` file that enriches issues. */
export type SchemaName = Kind | 'pulls';

const nullable = (type: string): SchemaObject => ({ type: [type, 'null'] });
const count: SchemaObject = { type: ['integer', 'null'], minimum: 0 };
/**
 * Timestamps: a string or a number (webhook-style epoch seconds), or null. Whether the string parses is NOT
 * checked: a real recorded user (pygithub-replaydata users.json, record 165) has `created_at: "foobar"` and
 * `updated_at: 42`, so readers must treat an unparsable timestamp as unknown.
 */
const timestamp: SchemaObject = { type: ['string', 'number', 'null'] };
/**
 * Ids (`id`, and the `id` of every embedded account, repository, label and milestone): a number must be an
 * integer, as `number` is — a literal like `1e400` parses to Infinity and would be served as `"id": null`. A
 * string is kept (real replay data has `"id": "user-83844"`, pygithub-replaydata users.json record 779).
 */
const id: SchemaObject = { type: ['integer', 'string', 'null'] };
const account: SchemaObject = {
  type: ['object', 'null'],
  required: ['login'],
  properties: { login: { type: 'string' }, id },
};
const labelList: SchemaObject = {
  type: ['array', 'null'],
  items: { type: 'object', properties: { name: nullable('string'), default: nullable('boolean'), id } },
};
const withId: SchemaObject = { type: ['object', 'null'], properties: { id } };

const COUNT_FIELDS = [
  'comments', 'stargazers_count', 'forks_count', 'watchers_count', 'open_issues_count', 'size',
  'followers', 'following', 'public_repos', 'repository_count',
] as const;
const BOOLEAN_FIELDS = [
  'private', 'fork', 'archived', 'locked', 'draft', 'featured', 'curated', 'site_admin', 'default', 'is_template',
] as const;
const TIMESTAMP_FIELDS = ['created_at', 'updated_at', 'closed_at', 'pushed_at', 'merged_at'] as const;

/** The typed top-level fields shared by every kind (a field a kind never has simply never occurs). */
function commonProperties(): Record<string, SchemaObject> {
  const properties: Record<string, SchemaObject> = {};
  for (const field of COUNT_FIELDS) properties[field] = count;
  for (const field of BOOLEAN_FIELDS) properties[field] = nullable('boolean');
  for (const field of TIMESTAMP_FIELDS) properties[field] = timestamp;
  properties.user = account;
  properties.owner = account;
  properties.author = account;
  properties.labels = labelList;
  properties.id = id;
  properties.repository = { type: ['object', 'null'], properties: { id, owner: account } };
  properties.milestone = withId;
  properties.assignee = account;
  properties.assignees = { type: ['array', 'null'], items: account };
  return properties;
}

/** A record schema: an object with `required` string/integer fields on top of the common typed fields. */
function recordSchema(required: Record<string, SchemaObject>, extra: Record<string, SchemaObject> = {}): SchemaObject {
  return {
    type: 'object',
    required: Object.keys(required),
    properties: { ...commonProperties(), ...extra, ...required },
  };
}

const gitActor: SchemaObject = { type: ['object', 'null'], properties: { date: timestamp } };
const string: SchemaObject = { type: 'string' };

/** The schemas, built on first use ({@link recordSchemas}). */
let schemas: Readonly<Record<SchemaName, SchemaObject>> | undefined;

/**
 * The schema per {@link SchemaName}. Required fields (GitHub's identity of each kind): code `name`, `path`;
 * commits `sha`, `commit.message`; issues `number` (integer), `title`; labels, repositories, topics `name`;
 * users `login`. Issues also type `pull_request.merged_at`; commits type `commit.author.date` and
 * `commit.committer.date`. Pulls need no field at all (they only enrich issues that they match).
 * Built on the first call and the same object after: only a build validates records, and a query served from the
 * cache never calls this (building the eight schemas at module load cost every cold query ≈ 0.3-0.5 ms).
 */
export function recordSchemas(): Readonly<Record<SchemaName, SchemaObject>> {
  return (schemas ??= buildRecordSchemas());
}

/** The eight schemas, as {@link recordSchemas} documents them. */
function buildRecordSchemas(): Readonly<Record<SchemaName, SchemaObject>> {
  return {
    code: recordSchema({ name: string, path: string }),
    commits: recordSchema(
      {
        sha: string,
        commit: {
          type: 'object',
          required: ['message'],
          properties: { message: string, author: gitActor, committer: gitActor, comment_count: count },
        },
      },
    ),
    issues: recordSchema(
      { number: { type: 'integer' }, title: string },
      { pull_request: { type: ['object', 'null'], properties: { merged_at: timestamp } } },
    ),
    labels: recordSchema({ name: string }),
    repositories: recordSchema({ name: string }),
    topics: recordSchema({ name: string }),
    users: recordSchema({ login: string }),
    pulls: recordSchema(
      {},
      {
        number: nullable('integer'),
        html_url: nullable('string'),
        issue_url: nullable('string'),
        base: {
          type: ['object', 'null'],
          properties: { repo: { type: ['object', 'null'], properties: { full_name: nullable('string') } } },
        },
      },
    ),
  };
}

let ajv: import('ajv').Ajv | undefined;
const compiled = new Map<SchemaName, ValidateFunction>();

/** The one ajv instance, loaded on first use. */
function ajvInstance(): import('ajv').Ajv {
  if (!ajv) {
    const { Ajv } = createRequire(import.meta.url)('ajv') as typeof import('ajv');
    // validateSchema off: the schemas are this file's constants, checked against ajv's meta-schema by a test
    // (test/dump/record-schemas.test.ts); compiling that meta-schema would cost every cold build ~50-100 ms.
    ajv = new Ajv({ allErrors: false, allowUnionTypes: true, strict: true, validateSchema: false });
  }
  return ajv;
}

/**
 * The compiled validator of one schema, built once per process and only when a dump's part of that name is
 * actually validated (each compile costs tens of ms: a cold build compiles the one or two it reads). ajv itself
 * is loaded here, not at module load (its ~90 files cost ~50 ms, and a query served from a cached record snapshot
 * validates nothing); `require` because ajv is CommonJS and this function must stay synchronous.
 */
function validator(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (validate) return validate;
  validate = ajvInstance().compile(recordSchemas()[name]);
  compiled.set(name, validate);
  return validate;
}

/**
 * Load ajv and compile the validators of `names` ahead of {@link validateRecords}, giving the event loop a turn
 * (`setImmediate`) after loading ajv and after each compile, so that a build started behind the interactive view
 * never blocks a key press for all of them at once.
 */
export async function prepareValidators(names: readonly SchemaName[]): Promise<void> {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  for (const name of names) {
    if (compiled.has(name)) continue;
    if (!ajv) {
      ajvInstance();
      await turn();
    }
    validator(name);
    await turn();
  }
}

/** A short JSON rendering of an offending value for error messages (at most 60 characters). */
function show(value: unknown): string {
  // A number literal too large for a double (`1e400`) parses to ±Infinity, which JSON.stringify writes as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The JSON type name of a value, as a user would say it (`array`, `null`, `number`, ...). */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The value at an ajv instance path (`/labels/0/name`) inside `record`. */
function valueAt(record: unknown, segments: readonly string[]): unknown {
  let current: unknown = record;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Converts the first ajv error into a field path and a human message. */
function describe(error: ErrorObject, record: unknown): { field: string; message: string } {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty: string }).missingProperty);
    const field = [...segments, missing].join('.');
    return { field, message: 'is required' };
  }
  const value = valueAt(record, segments);
  const field = segments.join('.');
  switch (error.keyword) {
    case 'type': {
      const expected = String((error.params as { type: string | string[] }).type)
        .split(',')
        .filter((t) => t !== 'null');
      return { field, message: `must be ${expected.map(article).join(' or ')}, got ${typeName(value)} ${show(value)}` };
    }
    case 'minimum':
      return { field, message: `must be an integer >= 0, got ${show(value)}` };
    default:
      return { field, message: error.message ?? `is invalid (${error.keyword})` };
  }
}

function article(type: string): string {
  return type === 'integer' || type === 'object' || type === 'array' ? `an ${type}` : `a ${type}`;
}

/**
 * Validates every record of one array against the schema of `name`, in order.
 * @param file how errors name the source (a path, or `path (key "issues")` for single-file dumps).
 * @throws DataError at the first bad record: `<file>, record <i>, field "<dotted.path>": <what is wrong>`;
 *   a record that is not an object reports no field.
 */
export function validateRecords(name: SchemaName, records: readonly unknown[], file: string): void {
  const validate = validator(name);
  for (let index = 0; index < records.length; index++) {
    const record = records[index];
    if (record === null || typeof record !== 'object' || Array.isArray(record)) {
      throw new DataError(`record must be a JSON object, got ${typeName(record)} ${show(record)}`, { file, index });
    }
    if (!validate(record)) {
      const { field, message } = describe(validate.errors![0]!, record as RawRecord);
      throw new DataError(message, { file, index, field });
    }
    const badUrl = malformedUrlField(record as RawRecord);
    if (badUrl) throw new DataError(`is not a valid URL (malformed percent-encoding): ${show((record as RawRecord)[badUrl])}`, { file, index, field: badUrl });
  }
}

/**
 * The first top-level URL field (`url`, `*_url`) whose path has a malformed percent-escape (`%E0%A4%A`): the
 * repository of a record is read from such URLs, and a name that cannot be decoded names no repository.
 */
function malformedUrlField(record: RawRecord): string | undefined {
  for (const key of Object.keys(record)) {
    if (key !== 'url' && !key.endsWith('_url')) continue;
    const value = record[key];
    if (typeof value !== 'string' || !value.includes('%')) continue;
    try {
      decodeURIComponent(value.replace(/[?#].*$/s, ''));
    } catch {
      return key;
    }
  }
  return undefined;
}
