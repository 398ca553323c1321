/**
 * Curated topics: display name, short description, longer description, and for our invented projects the
 * people who started them. Descriptions are our own words. Topics used by repositories but not listed here
 * are uncurated (all text fields null). `extra` topics are used by no repository in the dump.
 *
 * Entry: [name, display_name, short_description, description, featured, created_by, released]
 */
export type CuratedTopic = readonly [name: string, displayName: string, shortDescription: string, description: string, featured: boolean, createdBy: string | null, released: string | null];

export const CURATED_TOPICS: readonly CuratedTopic[] = [
  ['golang', 'Go', 'Go is a compiled language with built-in concurrency.', 'Go is a statically typed, compiled programming language with garbage collection, goroutines and channels. It is popular for command-line tools, network services and infrastructure software.', true, null, null],
  ['python', 'Python', 'Python is a readable, general-purpose programming language.', 'Python is a dynamically typed language with a large standard library. It is used for scripting, data work, web services and teaching.', true, null, null],
  ['rust', 'Rust', 'Rust is a systems language focused on memory safety.', 'Rust gives low-level control without a garbage collector, using ownership and borrowing rules that the compiler checks. It is used for databases, command-line tools and embedded systems.', true, null, null],
  ['typescript', 'TypeScript', 'TypeScript adds static types to JavaScript.', 'TypeScript is a superset of JavaScript with optional static types that compiles to plain JavaScript. It helps large codebases stay maintainable.', true, null, null],
  ['cli', 'Command-line interface', 'Programs you drive by typing commands in a terminal.', 'A command-line interface is a text-based way to operate a program: commands, flags and arguments typed into a shell, with text written back.', false, null, null],
  ['database', 'Database', 'Software that stores and retrieves structured data.', 'Databases keep data durable and let programs query it. They range from embedded key-value stores to distributed SQL systems.', true, null, null],
  ['kubernetes', 'Kubernetes', 'An orchestrator for containerized workloads.', 'Kubernetes schedules containers across a cluster of machines, restarts them when they fail and exposes them through services.', true, null, null],
  ['react', 'React', 'A JavaScript library for building user interfaces from components.', 'React describes user interfaces as a tree of components that re-render when their state changes.', true, null, null],
  ['machine-learning', 'Machine learning', 'Systems that learn patterns from data.', 'Machine learning covers methods that fit models to data so they can make predictions or decisions without being explicitly programmed for each case.', true, null, null],
  ['security', 'Security', 'Protecting systems and data from misuse.', 'Security work covers finding vulnerabilities, preventing leaks of secrets, hardening systems and responding to incidents.', true, null, null],
  ['containers', 'Containers', 'Packaged processes with their own filesystem and limits.', 'Containers bundle an application with its dependencies into an image that runs the same way on any compatible host.', true, null, null],
  ['docker', 'Docker', 'A popular toolchain for building and running containers.', 'Docker popularised container images and the Dockerfile format for describing how to build them.', false, null, null],
  ['nodejs', 'Node.js', 'A JavaScript runtime for servers and tools.', 'Node.js runs JavaScript outside the browser with an event-driven, non-blocking I/O model.', true, null, null],
  ['documentation', 'Documentation', 'Writing that explains how software works and how to use it.', 'Documentation includes guides, references, tutorials and examples. Good docs are versioned, searchable and tested like code.', false, null, null],
  ['ci', 'Continuous integration', 'Building and testing every change automatically.', 'Continuous integration runs builds and tests on each push so that problems are found while they are still small.', false, null, null],
  ['continuous-integration', 'Continuous integration', 'Automated builds and tests for every change.', 'See also the ci topic. Projects here run, host or extend continuous integration systems.', false, null, null],
  ['observability', 'Observability', 'Understanding a running system from its outputs.', 'Observability combines traces, metrics and logs so operators can answer new questions about a system without shipping new code.', false, null, null],
  ['tracing', 'Tracing', 'Following a request across services.', 'Distributed tracing records spans for each unit of work and links them so a request can be followed through every service it touched.', false, null, null],
  ['devops', 'DevOps', 'Practices that bring development and operations together.', 'DevOps is a set of practices and tools that shorten the path from a code change to production while keeping systems reliable.', false, null, null],
  ['infrastructure-as-code', 'Infrastructure as code', 'Describing infrastructure in versioned files.', 'Infrastructure as code means servers, networks and services are declared in files, reviewed like code and applied by tools.', false, null, null],
  ['cloud', 'Cloud', 'Computing resources rented on demand.', 'Cloud platforms offer machines, storage, databases and networking as services that can be created and removed through an API.', false, null, null],
  ['etl', 'ETL', 'Extract, transform, load.', 'ETL pipelines pull data from sources, reshape it and write it to a destination such as a warehouse or a search index.', false, null, null],
  ['data-engineering', 'Data engineering', 'Building the systems that move and prepare data.', 'Data engineering covers pipelines, storage formats, orchestration and quality checks that make data usable for analysis and models.', false, null, null],
  ['streaming', 'Streaming', 'Processing data continuously as it arrives.', 'Stream processing handles unbounded sequences of events with windows, state and checkpoints instead of periodic batches.', false, null, null],
  ['accessibility', 'Accessibility', 'Making software usable by everyone.', 'Accessibility work makes interfaces usable with keyboards, screen readers, zoom and sufficient contrast.', true, null, null],
  ['design-system', 'Design system', 'Shared components, tokens and guidelines for a product.', 'A design system collects reusable components, design tokens and usage rules so many teams can build consistent interfaces.', false, null, null],
  ['markdown', 'Markdown', 'A lightweight markup language for plain text.', 'Markdown turns plain text with a few conventions (headings, emphasis, lists, code spans) into formatted documents.', false, null, null],
  ['static-site-generator', 'Static site generator', 'Builds websites ahead of time from templates and content.', 'Static site generators render content and templates into plain HTML files that can be served from any file host.', false, null, null],
  ['mlops', 'MLOps', 'Operating machine learning systems in production.', 'MLOps covers training pipelines, feature management, model deployment and monitoring.', false, null, null],
  ['awesome-list', 'Awesome Lists', 'Curated lists of resources on one subject.', 'Awesome lists are hand-maintained collections of links to the best tools, articles and talks on a subject.', false, null, null],
  ['api-client', 'API client', 'Libraries that wrap a web API.', 'API clients hide HTTP details behind typed functions, handle authentication, retries and pagination.', false, null, null],
  ['sdk', 'SDK', 'A software development kit.', 'An SDK bundles libraries, tools and documentation for building on a platform.', false, null, null],
  ['template', 'Template', 'A starting point for new projects.', 'Template repositories give new projects a working layout, configuration and CI from the first commit.', false, null, null],
  ['testing', 'Testing', 'Checking that software does what it should.', 'Testing includes unit, integration and property-based tests, fuzzing and the tools that run them.', false, null, null],
  ['fuzzing', 'Fuzzing', 'Feeding programs random inputs to find crashes.', 'Fuzzers generate many malformed or unexpected inputs and watch for crashes, hangs and sanitizer reports.', false, null, null],
  ['webassembly', 'WebAssembly', 'A portable binary format for fast, sandboxed code.', 'WebAssembly lets code compiled from many languages run in browsers and other hosts at near-native speed.', true, null, null],
  ['graphql', 'GraphQL', 'A query language for APIs.', 'GraphQL lets clients ask for exactly the fields they need in one request, described by a typed schema.', false, null, null],
  ['serverless', 'Serverless', 'Running code without managing servers.', 'Serverless platforms run functions or containers on demand and bill per use, scaling to zero when idle.', false, null, null],
  ['skyhook', 'Skyhook', 'Declarative cloud provisioning from YAML manifests.', 'Skyhook reads a manifest of cloud resources, plans the changes needed to reach it, applies them and reports drift. It is maintained by Nimbusforge with a large plugin community.', true, 'Mara Lindqvist', 'May 2015'],
  ['riverbed', 'Riverbed', 'Streaming pipelines for Python.', 'Riverbed builds streaming pipelines from plain Python functions: sources produce records, transforms reshape them and sinks write them, with checkpoints and backpressure handled for you.', false, 'Priya Raghavan', '2016'],
  ['feature-store', 'Feature store', 'A system for defining and serving ML features.', 'Feature stores keep feature definitions in one place, compute them for training data and serve fresh values to models online.', false, null, null],
  ['embedded-database', 'Embedded database', 'A database that runs inside your process.', 'Embedded databases are libraries rather than servers: they store data in local files and need no separate process to run.', false, null, null],
  ['key-value', 'Key-value store', 'Storage addressed by keys.', 'Key-value stores map keys to opaque values and usually offer ordered iteration, batches and snapshots.', false, null, null],
  ['data-visualization', 'Data visualization', 'Turning data into charts and graphics.', 'Data visualization tools draw charts, maps and dashboards that make patterns in data easy to see.', false, null, null],
  ['secrets-detection', 'Secrets detection', 'Finding credentials that were committed by mistake.', 'Secrets detection tools scan code, history and logs for API keys, tokens and passwords using patterns and entropy checks.', false, null, null],
  ['linter', 'Linter', 'Tools that flag suspicious or inconsistent code.', 'Linters analyse source files for bugs, style problems and risky patterns without running them.', false, null, null],
  ['helm', 'Helm', 'A package manager for Kubernetes applications.', 'Helm charts template Kubernetes manifests so an application can be installed and upgraded with one command.', false, null, null],
  ['github-actions', 'GitHub Actions', 'Automation workflows that run on repository events.', 'Actions are reusable steps that run in workflows triggered by pushes, pull requests and schedules.', false, null, null],
  ['tui', 'Terminal user interface', 'Interactive interfaces drawn in a terminal.', 'TUIs use the terminal grid for menus, tables and panes that respond to the keyboard.', false, null, null],
  ['load-testing', 'Load testing', 'Measuring how a system behaves under heavy traffic.', 'Load tests send many concurrent requests and report latency percentiles and error rates.', false, null, null],
];

/** Topics that no repository in the dump uses: [name, created year]. Some are curated above. */
export const EXTRA_TOPICS: ReadonlyArray<readonly [name: string, year: number]> = [
  ['webassembly', 2017], ['graphql', 2017], ['serverless', 2017], ['edge-computing', 2020], ['service-mesh', 2019],
  ['event-sourcing', 2019], ['vector-database', 2023], ['stream-processing', 2018], ['provider-plugins', 2019],
  ['telemetry-pipeline', 2021], ['data-quality', 2021], ['chatops', 2018], ['zero-trust', 2021],
];
