/**
 * Per-project vocabulary used to write issue titles, bodies, commit messages and code: components, flags,
 * config files, error messages, versions and invented dependency names. All of it is made up for this dump.
 */

/** The vocabulary of one project family. */
export interface Domain {
  /** Product name shown in prose. */
  product: string;
  /** Command name, or null for libraries without a CLI. */
  cmd: string | null;
  subcmds: readonly string[];
  components: readonly string[];
  /** Conventional-commit scopes. */
  areas: readonly string[];
  flags: readonly string[];
  /** Configuration and data file names. */
  files: readonly string[];
  errors: readonly string[];
  features: readonly string[];
  settings: readonly string[];
  scopes: readonly string[];
  /** Releases, oldest first. */
  versions: readonly string[];
  /** Invented dependency names. */
  deps: readonly string[];
  tasks: readonly string[];
}

/** The project families. */
export type DomainKey = 'skyhook' | 'riverbed' | 'ember' | 'glimmer' | 'lantern' | 'quill' | 'orchard' | 'ferry' | 'brine' | 'bramble' | 'patina' | 'generic';

/** Vocabulary per project family. */
export const DOMAINS: Readonly<Record<DomainKey, Domain>> = {
  skyhook: {
    product: 'Skyhook',
    cmd: 'skyhook',
    subcmds: ['plan', 'apply', 'drift', 'state list', 'providers sync', 'destroy'],
    components: ['plan engine', 'state backend', 'provider loader', 'manifest parser', 'drift detector', 'lock manager', 'output renderer'],
    areas: ['plan', 'state', 'providers', 'manifest', 'drift', 'cli'],
    flags: ['--dry-run', '--parallelism', '--state-dir', '--target', '--auto-approve', '--var-file', '--no-color'],
    files: ['skyhook.yaml', 'providers.lock', 'stack.vars.yaml', '.skyhookrc'],
    errors: ['manifest: unknown field "regoin" in stack "web"', 'state lock is held by another process (pid 4121)', 'provider "objectstore" did not answer the handshake within 30s', 'cycle detected: dns.zone -> web.cert -> dns.zone', 'unexpected end of YAML document at line 42'],
    features: ['remote state in any S3-compatible bucket', 'JSON output for plan diffs', 'partial applies with --target', 'provider version pinning', 'a watch mode that re-plans on file changes', 'importing existing resources'],
    settings: ['the retry budget', 'the lock timeout', 'the plan output format', 'provider concurrency'],
    scopes: ['stack', 'provider', 'environment'],
    versions: ['2.8.3', '2.9.0', '2.9.1', '3.0.0-rc.2', '3.0.0', '3.1.0'],
    deps: ['yamlwise', 'go-backoffer', 'termcolor-lite', 'hclish', 'lockfile-go'],
    tasks: ['share state between two teams', 'import a bucket that already exists', 'run a plan without network access', 'split one manifest into several files'],
  },
  riverbed: {
    product: 'Riverbed',
    cmd: 'riverbed',
    subcmds: ['run', 'replay', 'inspect', 'validate'],
    components: ['scheduler', 'windowing', 'checkpoint store', 'backpressure controller', 'sink retry loop', 'source registry', 'serializer'],
    areas: ['windows', 'checkpoints', 'sinks', 'sources', 'scheduler', 'serde'],
    flags: ['--workers', '--checkpoint-dir', '--from-offset', '--max-batch', '--strict'],
    files: ['pipeline.toml', 'riverbed.yaml', 'checkpoints.db'],
    errors: ['CheckpointError: offset 18233 is older than retained history', 'TypeError: sink() got an unexpected keyword argument "batch"', 'BackpressureTimeout: sink did not drain within 10.0s', 'ValueError: window size must be positive, got 0'],
    features: ['session windows', 'exactly-once sinks for Postgres', 'async sources', 'a dead-letter queue', 'typed pipeline definitions', 'per-key rate limits'],
    settings: ['the checkpoint interval', 'the batch size', 'the retry policy'],
    scopes: ['pipeline', 'sink', 'source'],
    versions: ['0.17.2', '0.18.0', '0.18.1', '0.19.0', '1.0.0b1', '1.0.0'],
    deps: ['msgfold', 'pydantic-lite', 'aio-retry', 'tomlkit-mini'],
    tasks: ['replay yesterday\'s events into a new sink', 'run two pipelines in one process', 'test a transform without a broker', 'tune memory usage for wide rows'],
  },
  ember: {
    product: 'Embertrace',
    cmd: 'ember',
    subcmds: ['collect', 'export', 'sample', 'doctor'],
    components: ['span exporter', 'sampler', 'context propagation', 'ring buffer', 'metrics aggregator', 'batch processor'],
    areas: ['exporter', 'sampler', 'context', 'metrics', 'collector'],
    flags: ['--sample-rate', '--endpoint', '--batch-size', '--flush-interval'],
    files: ['ember.toml', 'collector.yaml'],
    errors: ['exporter: connection refused (os error 111)', 'span context was dropped across an await point', 'ring buffer full, 1024 spans discarded', 'invalid trace id: all zeroes'],
    features: ['tail-based sampling', 'exemplars on histograms', 'W3C baggage propagation', 'a no-std build', 'compressed export batches'],
    settings: ['the flush interval', 'the sampling ratio', 'the buffer size'],
    scopes: ['service', 'span kind', 'exporter'],
    versions: ['0.11.4', '0.12.0', '0.12.1', '0.13.0'],
    deps: ['tiny-channel', 'varint-fast', 'hdr-buckets'],
    tasks: ['propagate trace context through a message queue', 'sample only error traces', 'export to two backends at once'],
  },
  glimmer: {
    product: 'Glimmer',
    cmd: 'glimmer',
    subcmds: ['open', 'compact', 'dump', 'check', 'repl'],
    components: ['MVCC snapshots', 'write-ahead log', 'compaction', 'page cache', 'query planner', 'B-tree iterator', 'checksum verifier'],
    areas: ['wal', 'mvcc', 'compaction', 'query', 'cache', 'bindings'],
    flags: ['--cache-size', '--sync-mode', '--read-only', '--page-size'],
    files: ['glimmer.conf', 'data.glm', 'wal-000017.log'],
    errors: ['checksum mismatch on page 7731', 'snapshot too old: txn 88120 was vacuumed', 'WAL segment 000017 is truncated', 'query: unknown column "craeted_at"'],
    features: ['range deletes', 'secondary indexes', 'online backups', 'zstd page compression', 'a read-only mode for replicas', 'prefix iteration'],
    settings: ['the page size', 'the sync mode', 'the cache budget'],
    scopes: ['database', 'table', 'transaction'],
    versions: ['0.9.6', '0.10.0', '0.10.2', '0.11.0', '1.0.0-alpha.1'],
    deps: ['crc-fast', 'zstd-tiny', 'parking-mutex'],
    tasks: ['take a consistent backup while writing', 'iterate keys by prefix', 'open the same database from two processes'],
  },
  lantern: {
    product: 'Lantern UI',
    cmd: null,
    subcmds: [],
    components: ['DataTable', 'DatePicker', 'Tooltip', 'Sidebar', 'Select', 'Modal', 'ThemeProvider', 'LineChart', 'Legend'],
    areas: ['table', 'datepicker', 'tooltip', 'theme', 'charts', 'a11y'],
    flags: ['density="compact"', 'virtualized', 'stickyHeader', 'aria-describedby'],
    files: ['theme.ts', 'tokens.json', 'vite.config.ts'],
    errors: ['TypeError: Cannot read properties of undefined (reading \'rowIndex\')', 'Warning: Each child in a list should have a unique "key" prop', 'Maximum update depth exceeded in <Select>'],
    features: ['a dark theme', 'column pinning in DataTable', 'keyboard navigation for Select', 'right-to-left layouts', 'server-side sorting hooks', 'a compact density'],
    settings: ['the tooltip delay', 'the row height', 'the colour scale'],
    scopes: ['component', 'theme', 'page'],
    versions: ['4.2.0', '4.3.1', '4.4.0', '5.0.0-beta.3', '5.0.0'],
    deps: ['dom-measure', 'color-steps', 'focus-ring-lite'],
    tasks: ['theme a single component', 'render 50,000 rows smoothly', 'use the DatePicker with a custom locale'],
  },
  quill: {
    product: 'Quill',
    cmd: 'quill',
    subcmds: ['build', 'serve', 'check-links', 'new'],
    components: ['markdown renderer', 'search index', 'sidebar generator', 'link checker', 'theme loader', 'versioning plugin'],
    areas: ['markdown', 'search', 'theme', 'links', 'build'],
    flags: ['--base-url', '--strict-links', '--watch', '--out-dir'],
    files: ['quill.config.ts', 'sidebar.yml', 'docs/index.md'],
    errors: ['Broken link: /guide/instal (did you mean /guide/install?)', 'Front matter in docs/faq.md is not valid YAML', 'search index exceeds 5 MB; consider excluding /api'],
    features: ['versioned docs', 'admonitions', 'Mermaid diagrams', 'offline search', 'per-page edit links'],
    settings: ['the base URL', 'the search index size', 'the sidebar depth'],
    scopes: ['page', 'section', 'site'],
    versions: ['1.6.0', '1.7.2', '2.0.0-next.4', '2.0.0'],
    deps: ['md-tokens', 'slugify-plus', 'tiny-glob'],
    tasks: ['host the docs under a sub-path', 'exclude drafts from search', 'add a custom footer'],
  },
  orchard: {
    product: 'Orchard',
    cmd: 'orchard',
    subcmds: ['run', 'agent start', 'jobs list', 'cache prune'],
    components: ['job scheduler', 'agent heartbeat', 'artifact store', 'build cache', 'log streamer', 'sandbox'],
    areas: ['scheduler', 'agent', 'cache', 'artifacts', 'logs'],
    flags: ['--concurrency', '--labels', '--cache-dir', '--timeout'],
    files: ['orchard.yml', '.orchard/pipeline.yml'],
    errors: ['agent lost heartbeat after 90s', 'cache key collision for step "test"', 'artifact upload failed: 413 Request Entity Too Large'],
    features: ['matrix builds', 'job retries with backoff', 'cache sharing between branches', 'ephemeral agents', 'step-level timeouts'],
    settings: ['the heartbeat interval', 'the cache size', 'the log retention'],
    scopes: ['pipeline', 'agent', 'step'],
    versions: ['3.4.0', '3.5.1', '3.6.0', '4.0.0'],
    deps: ['go-cron-lite', 'sandboxer', 'logtail'],
    tasks: ['run jobs only on machines with a GPU', 'cache dependencies between runs', 'pause an agent for maintenance'],
  },
  ferry: {
    product: 'Ferry',
    cmd: 'ferry',
    subcmds: ['build', 'push', 'inspect', 'diff', 'prune'],
    components: ['layer cache', 'registry client', 'build graph', 'manifest writer', 'SBOM generator', 'file walker'],
    areas: ['cache', 'registry', 'build', 'sbom', 'layers'],
    flags: ['--platform', '--cache-to', '--no-cache', '--reproducible', '--tag'],
    files: ['Ferryfile', '.ferryignore', 'ferry.lock'],
    errors: ['registry: 401 unauthorized while pushing layer sha256:9f2c', 'layer digest changed between builds with --reproducible', 'unsupported platform "linux/riscv64"'],
    features: ['multi-platform builds', 'SBOM output', 'remote layer cache', 'rootless builds', 'deterministic timestamps'],
    settings: ['the cache location', 'the compression level', 'the default platform'],
    scopes: ['image', 'stage', 'registry'],
    versions: ['1.12.0', '1.13.2', '1.14.0', '2.0.0-rc.1'],
    deps: ['tarstream', 'oci-spec-lite', 'digestkit'],
    tasks: ['build for arm64 on an x86 laptop', 'reuse the cache in CI', 'sign images after push'],
  },
  brine: {
    product: 'Brine',
    cmd: 'brine',
    subcmds: ['apply', 'materialize', 'serve', 'validate'],
    components: ['feature registry', 'offline store', 'online server', 'materializer', 'point-in-time join', 'schema validator'],
    areas: ['registry', 'materialize', 'serving', 'joins', 'schema'],
    flags: ['--start', '--end', '--entities', '--dry-run'],
    files: ['features.py', 'brine.yaml', 'entities.yaml'],
    errors: ['PointInTimeJoinError: timestamp column "event_ts" not found', 'FeatureNotFound: user_7d_spend', 'online store returned stale value (age 3600s > ttl 600s)'],
    features: ['streaming materialization', 'feature freshness alerts', 'a Redis-compatible online store', 'backfills by partition'],
    settings: ['the TTL', 'the materialization window', 'the entity key'],
    scopes: ['feature view', 'entity', 'project'],
    versions: ['0.6.1', '0.7.0', '0.8.0', '0.8.2'],
    deps: ['arrowish', 'pyyaml-lite', 'frame-kit'],
    tasks: ['backfill a new feature for last year', 'serve features with low latency', 'test feature definitions locally'],
  },
  bramble: {
    product: 'Bramble SDK',
    cmd: null,
    subcmds: [],
    components: ['HTTP client', 'retry middleware', 'pagination helper', 'webhook verifier', 'rate limiter', 'type definitions'],
    areas: ['client', 'retry', 'webhooks', 'types', 'pagination'],
    flags: ['timeout', 'maxRetries', 'baseUrl', 'userAgent'],
    files: ['client.ts', 'webhooks.py', 'lib.rs'],
    errors: ['BrambleError: 429 Too Many Requests (retry after 12s)', 'webhook signature mismatch', 'channel.members is undefined on archived channels'],
    features: ['automatic pagination', 'webhook signature helpers', 'typed errors', 'a streaming API'],
    settings: ['the timeout', 'the retry count'],
    scopes: ['client', 'request'],
    versions: ['2.3.0', '2.4.0', '3.0.0'],
    deps: ['fetch-retry-lite', 'hmac-tools'],
    tasks: ['verify webhook signatures', 'page through all channels', 'set a proxy'],
  },
  patina: {
    product: 'Patina',
    cmd: 'patina',
    subcmds: ['scan', 'rules test', 'baseline', 'report'],
    components: ['entropy detector', 'rule engine', 'git history walker', 'baseline file', 'SARIF reporter', 'allowlist'],
    areas: ['rules', 'scanner', 'baseline', 'report', 'git'],
    flags: ['--since-commit', '--baseline', '--format', '--exclude'],
    files: ['.patina.yml', 'patina-baseline.json', 'rules/cloud-keys.yml'],
    errors: ['rule "generic-api-key": invalid regex: missing )', 'baseline file was written by a newer version', 'git walker: object 3be1f0 not found'],
    features: ['SARIF output', 'pre-commit hook mode', 'scanning container layers', 'custom entropy thresholds'],
    settings: ['the entropy threshold', 'the allowlist'],
    scopes: ['rule', 'repository', 'path'],
    versions: ['0.21.0', '0.22.3', '0.23.0', '1.0.0'],
    deps: ['regex-lite-go', 'sarif-writer'],
    tasks: ['ignore test fixtures', 'scan only new commits in CI', 'write a rule for an internal token format'],
  },
  generic: {
    product: 'this project',
    cmd: null,
    subcmds: [],
    components: ['config loader', 'output formatter', 'install script', 'test suite', 'release workflow', 'argument parser'],
    areas: ['config', 'docs', 'build', 'tests', 'ci'],
    flags: ['--verbose', '--config', '--help'],
    files: ['config.toml', 'Makefile', 'README.md'],
    errors: ['command not found: make', 'permission denied while writing ~/.cache', 'unexpected token in config.toml at line 3'],
    features: ['a configuration file', 'shell completions', 'a release workflow', 'a Windows build'],
    settings: ['the log level', 'the output directory'],
    scopes: ['project', 'user'],
    versions: ['0.1.0', '0.2.0', '0.3.1', '1.0.0'],
    deps: ['tiny-args', 'colorful-log'],
    tasks: ['install it without root', 'change the default output directory', 'use it in a script'],
  },
};

/** The vocabulary family of a repository (by owner and name). */
export function domainOf(repo: { owner: { login: string }; name: string }): DomainKey {
  const owner = repo.owner.login;
  const name = repo.name;
  if (owner === 'nimbusforge' || name === 'awesome-skyhook' || name === 'kestrel-bot') return 'skyhook';
  if (owner === 'tidewater-data' || name === 'feature-flags-lite') return 'riverbed';
  if (owner === 'emberline') return 'ember';
  if (owner === 'glimmerdb' || name === 'glimmer-notes' || name === 'tarn') return 'glimmer';
  if (owner === 'lanternworks' || name === 'contrast-checker') return 'lantern';
  if (owner === 'quillstack' || name === 'incident-templates') return 'quill';
  if (owner === 'orchard-ci') return 'orchard';
  if (owner === 'ferrydeck') return 'ferry';
  if (owner === 'saltmarsh-labs' || name === 'ml-reading-list') return 'brine';
  if (owner === 'brambleio') return 'bramble';
  if (owner === 'copperleaf-sec') return 'patina';
  return 'generic';
}
