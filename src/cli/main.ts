/**
 * The `search` program: assembles the subcommands and is the only place that turns errors into messages and
 * exit codes. Actions return or throw; nothing else calls process.exit or sets process.exitCode.
 */
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { ApiError } from '../api-error.js';
import { renderJson } from '../envelope/envelope.js';
import { KINDS } from '../kinds/kind.js';
import { QuerySyntaxError } from '../query/parser.js';
import { runSearch } from '../search.js';
import { DataError } from '../dump/data-error.js';
import { setCacheNoticeSink } from '../cache/notice.js';
import { ImportInterrupted } from '../import/interrupt.js';
import { AccessFileError } from '../server/access-file.js';
import { openStore, type BuildProgress } from '../store/store.js';
import { TOOL_VERSION } from '../version.js';
import { EXIT } from './exit-codes.js';
import { createImportCommand } from './import-command.js';
import { createIndexCommand } from './index-command.js';
import { createKindCommand, type KindInvocation } from './kind-command.js';
import { stderrProgress } from './progress.js';
import { createServeCommand } from './serve-command.js';

/** The embedded default dump: the package's own `data/`. */
export const DEFAULT_DATA = fileURLToPath(new URL('../../data', import.meta.url));

/** Where the program writes; injectable for tests. */
export interface Io {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}

/** True when output must be the plain JSON envelope: --json, a pipe, CI=true or TERM=dumb (gh's conventions). */
export function wantsJson(invocation: KindInvocation, io: Io): boolean {
  return invocation.json || !io.stdout.isTTY || io.env.CI === 'true' || io.env.TERM === 'dumb';
}

/** Run one kind search and write its answer. Errors propagate to {@link main}. */
async function runKind(invocation: KindInvocation, io: Io): Promise<void> {
  if (invocation.explain) return void io.stdout.write(await (await import('./explain.js')).explainRequest(invocation.request));
  const json = wantsJson(invocation, io);
  const progress = stderrProgress(io.stderr, invocation.quiet || !json);
  // The interactive view shows build progress itself; listeners subscribe through `progress`.
  const listeners = new Set<(p: BuildProgress) => void>();
  const store = openStore(invocation.data, {
    onProgress: (p) => {
      progress.onProgress(p);
      for (const listener of listeners) listener(p);
    },
  });
  if (!json) {
    const { runInteractiveView } = await import('../render/ink/index.js');
    const result = await runInteractiveView({
      request: invocation.request,
      search: (request) => runSearch(request, store),
      noColor: invocation.noColor,
      progress: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    if (result.printOnExit) io.stdout.write(`${result.printOnExit}\n`);
    return;
  }
  try {
    const result = await runSearch(invocation.request, store);
    io.stdout.write(renderJson(result.envelope));
  } catch (error) {
    // JSON mode: GitHub's error body on stdout too, so `| jq` sees what the API would have sent.
    if (error instanceof ApiError) io.stdout.write(renderJson(error.body));
    throw error;
  } finally {
    progress.done();
  }
}

/**
 * Build the root program (exported for help tests). With `invoked` naming a subcommand (the first argument), only
 * that subcommand is set up: a cold `search issues ...` builds one kind's options and help, not all ten commands';
 * its own `--help` is the same. Anything else (`--help`, `help`, a typo) gets every subcommand.
 */
export function buildProgram(io: Io, invoked?: string): Command {
  const program = new Command('search')
    .description(
      "Search GitHub-shaped records offline with GitHub's REST search semantics.\n" +
        'Prints the exact JSON envelope of GET /search/<kind> when piped or with --json; an interactive table on a terminal.',
    )
    .version(TOOL_VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .exitOverride();
  const subcommands: ReadonlyArray<readonly [string, () => Command]> = [
    ...KINDS.map((kind) => [kind, () => createKindCommand(kind, DEFAULT_DATA, (inv) => runKind(inv, io))] as const),
    ['index', () => createIndexCommand(DEFAULT_DATA, openStore, io.stdout)],
    ['serve', () => createServeCommand({ defaultData: DEFAULT_DATA, stderr: io.stderr })],
    ['import', () => createImportCommand({ stderr: io.stderr })],
  ];
  const only = subcommands.some(([name]) => name === invoked) ? invoked : undefined;
  for (const [name, create] of subcommands) if (only === undefined || name === only) program.addCommand(create());
  program.addHelpText(
    'after',
    [
      '',
      'Examples:',
      '  search issues "bug is:issue state:open"',
      '  search repositories "cli language:go stars:>100" --sort stars | jq ".items[].full_name"',
      '  search commits "fix typo" --data ./my-dump --per-page 100 --page 2',
      '  search serve --port 3000',
      '  search import git . --out ./my-dump && search code "createImportCommand" --data ./my-dump',
      '',
      'Exit codes: 0 ok, 1 refused by GitHub rules (422/415/404), 2 usage, 3 unreadable dump or access file, 4 internal error.',
    ].join('\n'),
  );
  const configure = (command: Command): void => {
    command.exitOverride().configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
    command.commands.forEach(configure);
  };
  program.commands.forEach(configure);
  return program;
}

/**
 * Run the program on argv (without node and script) and return the exit code. Never throws.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const program = buildProgram(io, argv[0]);
  // A damaged cache file is healed with one notice, on this run's stderr (cache/notice.ts).
  setCacheNoticeSink((line) => void io.stderr.write(line));
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0
        ? EXIT.ok
        : EXIT.usage;
    }
    if (error instanceof ApiError) {
      io.stderr.write(`search: ${error.message} (HTTP ${error.status})\n`);
      return EXIT.refused;
    }
    if (error instanceof QuerySyntaxError) {
      io.stderr.write(`search: ${error.message}\n`);
      return EXIT.refused;
    }
    if (error instanceof ImportInterrupted) {
      io.stderr.write(`search: ${error.message}\n`);
      return EXIT.interrupted;
    }
    if (error instanceof DataError || error instanceof AccessFileError) {
      io.stderr.write(`search: ${error.message}\n`);
      return EXIT.data;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`search: internal error: ${message}\n`);
    if (io.env.SEARCH_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
    return EXIT.internal;
  }
}

/**
 * The process edge, called by bin/search.js: runs {@link main} on `process.argv` and sets `process.exitCode`.
 * A closed stdout (`search ... | head`) ends the run quietly, as Unix tools do, instead of an EPIPE crash.
 */
export async function run(): Promise<void> {
  const quietOnEpipe = (error: NodeJS.ErrnoException): void => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
    throw error;
  };
  process.stdout.on('error', quietOnEpipe);
  process.stderr.on('error', quietOnEpipe);
  process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
}
