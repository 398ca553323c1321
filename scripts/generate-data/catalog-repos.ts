/**
 * The invented repositories of the generated world. Names, descriptions, star counts and topics are ours.
 *
 * Per entry: `owner`/`name`; `lang` = primary language (null for docs-only repos); `license` = key in
 * {@link LICENSES} or null; `stars` = stargazers (0 to ~50k); `since` = creation (year, month); `weight` = how
 * much issue/commit/code activity the repo gets (0 = none); optional flags `private`, `archived`, `template`,
 * `mirror` (mirror_url), `forkOf` (full name of the parent), `pages`, `wiki`, `discussions`, `homepage`,
 * `branch` (default branch, `main` unless given).
 */

import type { RepoEntry } from './model.js';

/** License keys → [name, spdx_id]. License names and SPDX identifiers are public standard identifiers. */
export const LICENSES: Readonly<Record<string, readonly [string, string]>> = {
  'apache-2.0': ['Apache License 2.0', 'Apache-2.0'],
  mit: ['MIT License', 'MIT'],
  'bsd-3-clause': ['BSD 3-Clause "New" or "Revised" License', 'BSD-3-Clause'],
  'bsd-2-clause': ['BSD 2-Clause "Simplified" License', 'BSD-2-Clause'],
  'gpl-3.0': ['GNU General Public License v3.0', 'GPL-3.0'],
  'agpl-3.0': ['GNU Affero General Public License v3.0', 'AGPL-3.0'],
  'mpl-2.0': ['Mozilla Public License 2.0', 'MPL-2.0'],
  unlicense: ['The Unlicense', 'Unlicense'],
  'cc0-1.0': ['Creative Commons Zero v1.0 Universal', 'CC0-1.0'],
  'cc-by-4.0': ['Creative Commons Attribution 4.0 International', 'CC-BY-4.0'],
  other: ['Other', 'NOASSERTION'],
};

/** Repositories, grouped by owner. */
export const REPOS: readonly RepoEntry[] = [
  // nimbusforge — cloud provisioning
  { owner: 'nimbusforge', name: 'skyhook', desc: 'Declarative cloud provisioning from a single YAML manifest: plan, apply, and detect drift.', lang: 'Go', license: 'apache-2.0', stars: 48213, since: [2016, 2], weight: 10, topics: ['cloud', 'infrastructure-as-code', 'golang', 'cli', 'provisioning', 'devops', 'kubernetes', 'skyhook'], homepage: 'https://skyhook.nimbusforge.dev', pages: false, wiki: true, discussions: true },
  { owner: 'nimbusforge', name: 'skyhook-operator', desc: 'Kubernetes operator that reconciles Skyhook stacks from custom resources.', lang: 'Go', license: 'apache-2.0', stars: 3120, since: [2019, 6], weight: 5, topics: ['kubernetes', 'operator', 'golang', 'skyhook', 'crd'] },
  { owner: 'nimbusforge', name: 'skyhook-providers', desc: 'Community provider plugins for Skyhook: object storage, DNS, queues and more.', lang: 'Go', license: 'apache-2.0', stars: 874, since: [2018, 4], weight: 3, topics: ['skyhook', 'plugins', 'cloud', 'golang'] },
  { owner: 'nimbusforge', name: 'cloudlet-sdk-go', desc: 'Go client for the Cloudlet control-plane API.', lang: 'Go', license: 'mit', stars: 412, since: [2020, 1], weight: 2, topics: ['sdk', 'golang', 'api-client'] },
  { owner: 'nimbusforge', name: 'nimbus-site', desc: 'Source of the nimbusforge.dev website and the Skyhook handbook.', lang: 'TypeScript', license: 'cc-by-4.0', stars: 64, since: [2019, 9], weight: 1, topics: ['documentation', 'website'], homepage: 'https://nimbusforge.dev', pages: true },
  { owner: 'nimbusforge', name: 'skyhook-action', desc: 'Run Skyhook plans in CI workflows and post the diff as a comment.', lang: 'TypeScript', license: 'mit', stars: 233, since: [2021, 7], weight: 2, topics: ['github-actions', 'ci', 'skyhook'] },
  { owner: 'nimbusforge', name: 'skyhook-legacy', desc: 'The 1.x line of Skyhook. No longer maintained; see nimbusforge/skyhook.', lang: 'Go', license: 'apache-2.0', stars: 1880, since: [2015, 5], weight: 1, topics: ['skyhook', 'golang', 'deprecated'], archived: true },
  { owner: 'nimbusforge', name: 'internal-infra', desc: "Deployment manifests for Nimbusforge's own services.", lang: 'HCL', license: null, stars: 0, since: [2020, 3], weight: 2, topics: [], private: true },

  // tidewater-data — streaming pipelines
  { owner: 'tidewater-data', name: 'riverbed', desc: 'Composable streaming pipelines for Python: sources, transforms and sinks as plain functions.', lang: 'Python', license: 'bsd-3-clause', stars: 21540, since: [2016, 11], weight: 9, topics: ['python', 'etl', 'data-pipeline', 'streaming', 'dataflow', 'data-engineering'], homepage: 'https://riverbed.tidewater.dev', discussions: true },
  { owner: 'tidewater-data', name: 'estuary-connectors', desc: 'Source and sink connectors for Riverbed: Postgres, S3-compatible storage, message brokers, SFTP.', lang: 'Python', license: 'bsd-3-clause', stars: 2310, since: [2018, 2], weight: 4, topics: ['python', 'etl', 'connectors', 'riverbed', 'postgresql'] },
  { owner: 'tidewater-data', name: 'riverbed-ui', desc: 'A web console for inspecting Riverbed runs, lag and dead letters.', lang: 'TypeScript', license: 'bsd-3-clause', stars: 905, since: [2020, 5], weight: 3, topics: ['react', 'dashboard', 'riverbed', 'typescript'] },
  { owner: 'tidewater-data', name: 'tidewater-cookbook', desc: 'Worked examples and recipes for Riverbed pipelines.', lang: 'Jupyter Notebook', license: 'cc0-1.0', stars: 340, since: [2019, 3], weight: 1, topics: ['examples', 'riverbed', 'tutorial'] },
  { owner: 'tidewater-data', name: 'sluice', desc: 'A tiny, dependency-free rate limiter for async Python.', lang: 'Python', license: 'mit', stars: 4470, since: [2017, 8], weight: 3, topics: ['python', 'asyncio', 'rate-limiting'] },
  { owner: 'tidewater-data', name: 'pipeline-template', desc: 'Starter template for a Riverbed pipeline project with tests and CI.', lang: 'Python', license: 'mit', stars: 120, since: [2021, 4], weight: 1, topics: ['template', 'riverbed', 'python'], template: true },

  // emberline — observability
  { owner: 'emberline', name: 'embertrace', desc: 'Low-overhead distributed tracing for Rust services.', lang: 'Rust', license: 'mit', stars: 9870, since: [2018, 3], weight: 7, topics: ['rust', 'tracing', 'observability', 'telemetry', 'performance'], homepage: 'https://emberline.io/trace', discussions: true },
  { owner: 'emberline', name: 'ember-collector', desc: 'Collector that batches spans and metrics and ships them to any backend.', lang: 'Go', license: 'apache-2.0', stars: 3340, since: [2019, 1], weight: 4, topics: ['observability', 'metrics', 'tracing', 'golang'] },
  { owner: 'emberline', name: 'ember-dashboards', desc: 'Prebuilt dashboards for Embertrace data.', lang: 'TypeScript', license: 'apache-2.0', stars: 410, since: [2020, 10], weight: 1, topics: ['observability', 'dashboard'] },
  { owner: 'emberline', name: 'ember-bench', desc: 'Microbenchmarks for instrumentation overhead.', lang: 'Rust', license: 'mit', stars: 58, since: [2021, 6], weight: 1, topics: ['benchmark', 'rust'] },
  { owner: 'emberline', name: 'spark-log', desc: 'Structured logging crate, superseded by embertrace.', lang: 'Rust', license: 'mit', stars: 760, since: [2018, 1], weight: 1, topics: ['rust', 'logging', 'deprecated'], archived: true },

  // glimmerdb — storage engine
  { owner: 'glimmerdb', name: 'glimmer', desc: 'An embeddable key-value store with MVCC snapshots and a small SQL-ish query layer.', lang: 'Rust', license: 'mpl-2.0', stars: 15230, since: [2017, 7], weight: 8, topics: ['database', 'rust', 'key-value', 'embedded-database', 'mvcc', 'storage-engine'], homepage: 'https://glimmerdb.org', wiki: true },
  { owner: 'glimmerdb', name: 'glimmer-py', desc: 'Python bindings for Glimmer.', lang: 'Python', license: 'mpl-2.0', stars: 1110, since: [2019, 2], weight: 3, topics: ['database', 'python', 'bindings'] },
  { owner: 'glimmerdb', name: 'glimmer-js', desc: 'Node.js bindings for Glimmer via N-API.', lang: 'JavaScript', license: 'mpl-2.0', stars: 690, since: [2019, 11], weight: 2, topics: ['database', 'nodejs', 'bindings'] },
  { owner: 'glimmerdb', name: 'glimmer-fuzz', desc: 'Fuzzing harnesses and a crash corpus for Glimmer.', lang: 'Rust', license: 'mpl-2.0', stars: 44, since: [2021, 1], weight: 1, topics: ['fuzzing', 'rust', 'testing'] },
  { owner: 'glimmerdb', name: 'glimmer-c', desc: 'Read-only mirror of the C reference implementation.', lang: 'C', license: 'mpl-2.0', stars: 230, since: [2018, 5], weight: 1, topics: ['database', 'c'], mirror: 'https://git.glimmerdb.org/glimmer-c.git', branch: 'master' },

  // lanternworks — UI
  { owner: 'lanternworks', name: 'lantern-ui', desc: 'Accessible React component library for data-heavy dashboards.', lang: 'TypeScript', license: 'mit', stars: 12650, since: [2019, 4], weight: 8, topics: ['react', 'typescript', 'design-system', 'components', 'accessibility', 'dashboard'], homepage: 'https://ui.lanternworks.design', pages: true, discussions: true },
  { owner: 'lanternworks', name: 'lantern-charts', desc: 'Canvas-backed charting for large time series.', lang: 'TypeScript', license: 'mit', stars: 5340, since: [2020, 2], weight: 5, topics: ['charts', 'data-visualization', 'typescript', 'canvas'] },
  { owner: 'lanternworks', name: 'lantern-icons', desc: 'An icon set of 1,200 glyphs drawn on a 24px grid.', lang: 'JavaScript', license: 'cc-by-4.0', stars: 2280, since: [2019, 8], weight: 2, topics: ['icons', 'svg', 'design-system'] },
  { owner: 'lanternworks', name: 'lantern-starter', desc: 'Vite starter for Lantern UI apps.', lang: 'TypeScript', license: 'mit', stars: 310, since: [2022, 1], weight: 1, topics: ['template', 'react', 'vite'], template: true },
  { owner: 'lanternworks', name: 'design-tokens', desc: null, lang: null, license: null, stars: 95, since: [2021, 9], weight: 0, topics: ['design-system'] },

  // quillstack — docs tooling
  { owner: 'quillstack', name: 'quill', desc: 'A static documentation site generator that reads Markdown and emits fast, searchable sites.', lang: 'TypeScript', license: 'mit', stars: 7480, since: [2018, 12], weight: 6, topics: ['documentation', 'static-site-generator', 'markdown', 'typescript'], homepage: 'https://quillstack.dev', pages: true },
  { owner: 'quillstack', name: 'quill-theme-ink', desc: 'The default Quill theme.', lang: 'CSS', license: 'mit', stars: 520, since: [2019, 6], weight: 1, topics: ['theme', 'css', 'documentation'] },
  { owner: 'quillstack', name: 'quill-plugins', desc: 'Official Quill plugins: full-text search, versioned docs, diagrams.', lang: 'TypeScript', license: 'mit', stars: 890, since: [2020, 3], weight: 2, topics: ['plugins', 'documentation', 'typescript'] },
  { owner: 'quillstack', name: 'mdlint-lite', desc: 'A fast Markdown linter with zero configuration.', lang: 'JavaScript', license: 'mit', stars: 2930, since: [2018, 12], weight: 3, topics: ['markdown', 'linter', 'cli', 'nodejs'] },

  // orchard-ci — CI
  { owner: 'orchard-ci', name: 'orchard', desc: 'A self-hosted CI runner that schedules jobs on spare machines.', lang: 'Go', license: 'agpl-3.0', stars: 6120, since: [2017, 5], weight: 6, topics: ['ci', 'continuous-integration', 'golang', 'devops', 'self-hosted'], homepage: 'https://orchard-ci.org' },
  { owner: 'orchard-ci', name: 'orchard-agent', desc: 'The worker process that executes Orchard jobs in sandboxes.', lang: 'Go', license: 'agpl-3.0', stars: 1540, since: [2018, 8], weight: 3, topics: ['ci', 'golang', 'sandbox'] },
  { owner: 'orchard-ci', name: 'orchard-recipes', desc: 'Reusable pipeline snippets for Orchard.', lang: 'Shell', license: 'mit', stars: 380, since: [2019, 10], weight: 1, topics: ['ci', 'examples'] },
  { owner: 'orchard-ci', name: 'orchard-charts', desc: 'Helm charts for deploying Orchard on Kubernetes.', lang: 'Smarty', license: 'apache-2.0', stars: 150, since: [2021, 2], weight: 1, topics: ['helm', 'kubernetes', 'ci'] },

  // ferrydeck — containers
  { owner: 'ferrydeck', name: 'ferry', desc: 'Builds small, reproducible container images without a daemon.', lang: 'Go', license: 'apache-2.0', stars: 18890, since: [2016, 6], weight: 8, topics: ['containers', 'docker', 'oci', 'golang', 'build-tool', 'reproducible-builds'], homepage: 'https://ferrydeck.dev', discussions: true },
  { owner: 'ferrydeck', name: 'ferry-base-images', desc: 'Minimal base images maintained by the Ferrydeck team.', lang: 'Dockerfile', license: 'apache-2.0', stars: 1440, since: [2018, 3], weight: 2, topics: ['containers', 'docker', 'base-images'] },
  { owner: 'ferrydeck', name: 'dockhand', desc: 'Terminal UI for browsing local images and their layers.', lang: 'Rust', license: 'mit', stars: 3870, since: [2020, 7], weight: 4, topics: ['tui', 'containers', 'rust', 'cli'] },

  // saltmarsh-labs — ML
  { owner: 'saltmarsh-labs', name: 'brine', desc: 'A feature store for small teams: define features once, serve them offline and online.', lang: 'Python', license: 'apache-2.0', stars: 8930, since: [2019, 9], weight: 7, topics: ['machine-learning', 'feature-store', 'python', 'mlops', 'data-engineering'], homepage: 'https://brine.saltmarsh.ai' },
  { owner: 'saltmarsh-labs', name: 'brine-go', desc: "Go client for Brine's online feature server.", lang: 'Go', license: 'apache-2.0', stars: 260, since: [2021, 3], weight: 1, topics: ['feature-store', 'golang', 'api-client'] },
  { owner: 'saltmarsh-labs', name: 'kelp-notebooks', desc: 'Experiments and notebooks from the Saltmarsh research team.', lang: 'Jupyter Notebook', license: 'cc-by-4.0', stars: 175, since: [2020, 2], weight: 0, topics: ['machine-learning', 'research'] },
  { owner: 'saltmarsh-labs', name: 'tidemark', desc: 'Dataset versioning with content-addressed snapshots.', lang: 'Python', license: 'apache-2.0', stars: 2460, since: [2020, 8], weight: 4, topics: ['datasets', 'version-control', 'python', 'mlops'] },

  // brambleio — SDKs
  { owner: 'brambleio', name: 'bramble-js', desc: 'Typed JavaScript client for the Bramble messaging API.', lang: 'TypeScript', license: 'mit', stars: 1320, since: [2020, 2], weight: 3, topics: ['sdk', 'api-client', 'typescript', 'messaging'] },
  { owner: 'brambleio', name: 'bramble-py', desc: 'Python client for the Bramble messaging API.', lang: 'Python', license: 'mit', stars: 870, since: [2020, 2], weight: 2, topics: ['sdk', 'api-client', 'python', 'messaging'] },
  { owner: 'brambleio', name: 'bramble-rs', desc: 'Async Rust client for the Bramble messaging API.', lang: 'Rust', license: 'mit', stars: 390, since: [2021, 5], weight: 2, topics: ['sdk', 'api-client', 'rust', 'messaging'] },
  { owner: 'brambleio', name: 'bramble-spec', desc: 'Machine-readable description of the Bramble API.', lang: null, license: 'cc0-1.0', stars: 140, since: [2020, 1], weight: 1, topics: ['api', 'specification'] },

  // copperleaf-sec — security
  { owner: 'copperleaf-sec', name: 'patina', desc: 'Scans repositories and build logs for leaked credentials.', lang: 'Go', license: 'apache-2.0', stars: 5610, since: [2020, 7], weight: 6, topics: ['security', 'secrets-detection', 'golang', 'devsecops', 'cli'] },
  { owner: 'copperleaf-sec', name: 'patina-rules', desc: 'Detection rules for Patina, one YAML file per credential format.', lang: 'Go', license: 'mit', stars: 720, since: [2020, 9], weight: 2, topics: ['security', 'secrets-detection', 'rules'] },
  { owner: 'copperleaf-sec', name: 'vault-drills', desc: 'Incident response drills and runbooks.', lang: null, license: null, stars: 0, since: [2021, 1], weight: 2, topics: [], private: true },
  { owner: 'copperleaf-sec', name: 'patina-enterprise', desc: 'Closed-source extensions to Patina: SSO, audit export, policy packs.', lang: 'Go', license: null, stars: 0, since: [2022, 4], weight: 3, topics: ['security'], private: true },

  // moss-and-pine — templates
  { owner: 'moss-and-pine', name: 'go-service-template', desc: 'Opinionated template for Go HTTP services.', lang: 'Go', license: 'unlicense', stars: 610, since: [2021, 4], weight: 1, topics: ['template', 'golang', 'http'], template: true },
  { owner: 'moss-and-pine', name: 'py-lib-template', desc: 'Template for Python libraries with packaging, tests and docs ready to go.', lang: 'Python', license: 'unlicense', stars: 330, since: [2021, 6], weight: 1, topics: ['template', 'python'], template: true },

  // kestrel-collective — community
  { owner: 'kestrel-collective', name: 'awesome-skyhook', desc: 'A curated list of Skyhook providers, talks and articles.', lang: null, license: 'cc0-1.0', stars: 1890, since: [2021, 11], weight: 1, topics: ['awesome-list', 'skyhook'] },
  { owner: 'kestrel-collective', name: 'kestrel-bot', desc: 'The community chat bot.', lang: 'JavaScript', license: 'mit', stars: 47, since: [2022, 2], weight: 1, topics: ['bot', 'nodejs'] },

  // driftglass-archive — retired
  { owner: 'driftglass-archive', name: 'tarn', desc: 'An experimental cost-based query planner. Archived in 2021.', lang: 'C++', license: 'bsd-3-clause', stars: 2040, since: [2014, 9], weight: 1, topics: ['database', 'query-planner', 'cpp'], archived: true, branch: 'master' },
  { owner: 'driftglass-archive', name: 'wicker', desc: 'A tiny templating language.', lang: 'Ruby', license: 'mit', stars: 318, since: [2015, 2], weight: 0, topics: ['templating', 'ruby'], archived: true, branch: 'master' },

  // people
  { owner: 'mara-lindqvist', name: 'dotfiles', desc: 'Shell, editor and terminal settings.', lang: 'Shell', license: null, stars: 210, since: [2013, 1], weight: 1, topics: ['dotfiles', 'zsh'] },
  { owner: 'haruto-ishii', name: 'kumo', desc: '雲のように軽い HTTP 負荷テストツール — a minimal HTTP load tester.', lang: 'Go', license: 'mit', stars: 1460, since: [2019, 4], weight: 3, topics: ['http', 'load-testing', 'golang', 'cli'] },
  { owner: 'priya-raghavan', name: 'feature-flags-lite', desc: 'Feature flags backed by a single JSON file.', lang: 'TypeScript', license: 'mit', stars: 95, since: [2022, 5], weight: 1, topics: ['feature-flags', 'typescript'] },
  { owner: 'priya-raghavan', name: 'interview-notes', desc: 'Private notes for hiring loops.', lang: null, license: null, stars: 0, since: [2023, 2], weight: 1, topics: [], private: true },
  { owner: 'chen-siyuan', name: 'glimmer-notes', desc: '阅读 Glimmer 源码的笔记 — notes from reading the Glimmer source.', lang: null, license: 'cc-by-4.0', stars: 530, since: [2021, 8], weight: 0, topics: ['database', 'notes'] },
  { owner: 'ngozi-eze', name: 'ml-reading-list', desc: 'Papers I am reading on feature engineering and evaluation 📚', lang: null, license: null, stars: 88, since: [2022, 10], weight: 0, topics: ['machine-learning', 'awesome-list'] },
  { owner: 'soren-dahl', name: 'nordlys', desc: 'Aurora forecast in your terminal 🌌', lang: 'Python', license: 'gpl-3.0', stars: 742, since: [2020, 12], weight: 2, topics: ['cli', 'python', 'weather'] },
  { owner: 'zoe-achterberg', name: 'contrast-checker', desc: 'Checks colour pairs against WCAG contrast ratios.', lang: 'TypeScript', license: 'mit', stars: 1033, since: [2020, 4], weight: 2, topics: ['accessibility', 'color', 'typescript'] },
  { owner: 'kofi-asante', name: 'rustlings-journal', desc: 'What I learned each week while learning Rust.', lang: 'Rust', license: 'mit', stars: 12, since: [2023, 9], weight: 1, topics: ['rust', 'learning'] },
  { owner: 'tomas-ruiz', name: 'scratchpad', desc: null, lang: null, license: null, stars: 0, since: [2024, 7], weight: 0, topics: [] },
  { owner: 'wren-holloway', name: 'tea-timer', desc: 'A tiny command-line tea timer.', lang: 'Rust', license: 'bsd-2-clause', stars: 27, since: [2019, 3], weight: 0, topics: ['cli', 'rust'] },
  { owner: 'oliver-penhaligon', name: 'incident-templates', desc: 'Markdown templates for incident reviews.', lang: null, license: 'other', stars: 402, since: [2018, 6], weight: 0, topics: ['sre', 'documentation'] },

  // forks (no issues of their own; a few commits)
  { owner: 'okonkwo-dev', name: 'skyhook', forkOf: 'nimbusforge/skyhook', stars: 3, since: [2021, 2], weight: 0 },
  { owner: 'lucia-fernandez-m', name: 'riverbed', forkOf: 'tidewater-data/riverbed', stars: 1, since: [2022, 6], weight: 0 },
  { owner: 'jb-marchetti', name: 'ferry', forkOf: 'ferrydeck/ferry', stars: 0, since: [2020, 1], weight: 0 },
  { owner: 'lukasz-wrobel', name: 'lantern-ui', forkOf: 'lanternworks/lantern-ui', stars: 0, since: [2023, 3], weight: 0 },
  { owner: 'ivo-petrov', name: 'orchard', forkOf: 'orchard-ci/orchard', stars: 2, since: [2021, 11], weight: 0 },
  { owner: 'dario-bellini', name: 'glimmer', forkOf: 'glimmerdb/glimmer', stars: 0, since: [2024, 1], weight: 0 },
  { owner: 'marisol-vega', name: 'skyhook-providers', forkOf: 'nimbusforge/skyhook-providers', stars: 0, since: [2023, 8], weight: 0 },
];
