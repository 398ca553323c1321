/**
 * The `search` program: assembles the subcommands and is the only place that turns errors into messages and
 * exit codes. Actions return or throw; nothing else calls process.exit or sets process.exitCode.
 */
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { ApiError } from '../api-error.js';
import { renderJson } from '../envelope/envelope.js';
import { pageBytes } from '../envelope/page.js';
import { QuerySyntaxError } from '../query/parser.js';
import { runSearch } from '../search.js';
import { DataError } from '../dump/data-error.js';
import { setCacheNoticeSink } from '../cache/notice.js';
import { saveDigestMemo, useDigestMemo } from '../cache/digest-memo.js';
import { digestMemoFileName } from '../cache/file-names.js';
import { defaultCacheDir } from '../cache/index-cache.js';
import { ImportInterrupted } from '../import/interrupt.js';
import { AccessFileError } from '../server/access-file.js';
import { openStore, type BuildProgress } from '../store/store.js';
import { TOOL_VERSION } from '../version.js';
import type { Item } from '../envelope/envelope.js';
import type { SearchRequest } from '../search-request.js';
import { EnvironmentError, formatError, hintFor, listenError, UsageError } from './cli-errors.js';
import { createCompletionCommand } from './completion.js';
import { EXIT } from './exit-codes.js';
import { HELP_TOPICS, topicsHelp } from './help-topics.js';
import { exportItem } from './json-fields.js';
import { renderOutput, runJq, searchWithLimit, selectOutput } from './output.js';
import { createImportCommand } from './import-command.js';
import { createIndexCommand } from './index-command.js';
import { createKindCommand, type KindInvocation } from './kind-command.js';
import { stderrProgress } from './progress.js';
import { processIo } from './process-io.js';
import { exitAfter, exitOnSignals } from './interrupt-exit.js';
import { colorJson, jsonColorWanted, terminalSafeJson } from './json-color.js';
import { missingKindNotice } from './missing-kind.js';
import { noteBuild, noteSearch } from './code-coverage.js';
import { openFirst } from './web.js';
import { KIND_COMMANDS, kindCommandOf } from './gh-flags.js';
import type { Io } from './io.js';
import { createServeCommand } from './serve-command.js';

/** For bin/search.js, which keeps the code cache of the runs that compiled the most (code-coverage.ts). */
export { codeCoverage } from './code-coverage.js';

/** The embedded default dump: the package's own `data/`. */
export const DEFAULT_DATA = fileURLToPath(new URL('../../data', import.meta.url));

export type { Io } from './io.js';

/**
 * True when output must be JSON rather than the interactive view: --json/--jq/--limit, stdout or stdin not a
 * terminal (a pipe, a redirect, `< /dev/null`), CI=true or TERM=dumb (gh's conventions). `--select` always
 * wants the view (it finds the terminal itself, as fzf does).
 */
export function wantsJson(invocation: KindInvocation, io: Io): boolean {
  if (invocation.select) return false;
  if (invocation.json || !io.stdout.isTTY || io.env.CI === 'true' || io.env.TERM === 'dumb') return true;
  // stdin last: the process's stdin stream is created when first read (process-io.ts), and most runs never need it.
  const stdinTty = io.stdin === undefined || io.stdin.isTTY === true;
  return !stdinTty;
}

/** Run one kind search and write its answer; returns the exit code. Errors propagate to {@link main}. */
async function runKind(invocation: KindInvocation, io: Io): Promise<number> {
  if (invocation.explain) {
    io.stdout.write(await (await import('./explain.js')).explainRequest(invocation.request));
    return EXIT.ok;
  }
  const json = wantsJson(invocation, io) || invocation.web;
  const progress = stderrProgress(io.stderr, invocation.quiet || !json);
  // The interactive view shows build progress itself; listeners subscribe through `progress`. A step without a
  // known total (the first event of a load) is not shown: it would draw an empty `0/0` bar.
  const listeners = new Set<(p: BuildProgress) => void>();
  const store = openStore(invocation.data, {
    onProgress: (p) => {
      noteBuild();
      progress.onProgress(p);
      if (p.total > 0) for (const listener of listeners) listener(p);
    },
  });
  if (!json) {
    const { runInteractiveView, itemUrl } = await import('../render/ink/index.js');
    const terminal = invocation.select ? await openTerminal(io) : undefined;
    try {
      const result = await runInteractiveView({
        request: invocation.request,
        search: (request) => runSearch(request, store),
        noColor: invocation.noColor,
        progress: (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        select: invocation.select ? (item) => selection(invocation, item, itemUrl) : undefined,
        env: io.env,
        ...terminal?.streams,
      });
      if (result.printOnExit) io.stdout.write(`${result.printOnExit}\n`);
      return result.exitCode;
    } finally {
      terminal?.close();
    }
  }
  const search = (request: SearchRequest) => runSearch(request, store);
  const shaped = invocation.fields !== undefined || invocation.jq !== undefined || invocation.limit !== undefined;
  let output: string;
  try {
    if (invocation.limit === undefined && invocation.fields === undefined && !invocation.web) {
      // The envelope itself: its page written as the server writes it.
      const { page } = await search(invocation.request);
      noteSearch(invocation.request, page.documents.length, shaped);
      progress.done();
      if (page.total === 0) missingKindNotice(invocation, io);
      output = pageBytes(page).toString('utf8');
    } else {
      const envelope =
        invocation.limit === undefined ? (await search(invocation.request)).envelope : await searchWithLimit(invocation.request, invocation.limit, search);
      progress.done();
      noteSearch(invocation.request, envelope.items.length, shaped);
      if (envelope.total_count === 0) missingKindNotice(invocation, io);
      if (invocation.web) return await openFirst(invocation, envelope.items[0], io);
      const value = selectOutput(invocation.request.kind, envelope, invocation.fields);
      output = renderOutput(value, invocation.fields !== undefined, io.stdout.isTTY === true);
    }
    // A terminal never receives record text that could drive it (the view's rule, docs/security.md).
    if (invocation.jq === undefined && io.stdout.isTTY === true) output = terminalSafeJson(output);
    if (invocation.jq === undefined && jsonColorWanted(io.stdout, invocation.noColor, io.env)) output = colorJson(output);
  } catch (error) {
    // JSON mode: GitHub's error body on stdout too, so `| jq` sees what the API would have sent.
    if (error instanceof ApiError && invocation.jq === undefined) {
      const body = io.stdout.isTTY === true ? terminalSafeJson(renderJson(error.body)) : renderJson(error.body);
      io.stdout.write(jsonColorWanted(io.stdout, invocation.noColor, io.env) ? colorJson(body) : body);
    }
    throw error;
  } finally {
    progress.done();
  }
  io.stdout.write(invocation.jq === undefined ? output : await runJq(output, invocation.jq, { terminal: io.stdout.isTTY === true }));
  return EXIT.ok;
}

/** What `--select` prints for the chosen item: its `--json` fields (one compact line), else its URL. */
function selection(invocation: KindInvocation, item: Item, url: (item: Item) => string): string {
  if (invocation.fields) return JSON.stringify(exportItem(invocation.request.kind, item, invocation.fields));
  return url(item);
}

/**
 * The terminal for `--select` when stdin or stdout is not one (`url=$(search issues crash --select)`): the view
 * draws on and reads keys from /dev/tty, as fzf does, and only the choice goes to stdout.
 */
async function openTerminal(io: Io): Promise<{ streams: { stdin?: NodeJS.ReadStream; stdout?: NodeJS.WriteStream }; close: () => void } | undefined> {
  const stdinTty = io.stdin === undefined || io.stdin.isTTY === true;
  if (stdinTty && io.stdout.isTTY) return undefined;
  const [{ openSync, closeSync }, tty] = await Promise.all([import('node:fs'), import('node:tty')]);
  let inFd: number;
  let outFd: number;
  try {
    inFd = openSync('/dev/tty', 'r');
    outFd = openSync('/dev/tty', 'w');
  } catch {
    throw new EnvironmentError('--select needs a terminal to draw on, and /dev/tty cannot be opened', 'run it from a terminal, or use --json/--jq without --select');
  }
  const stdin = stdinTty ? undefined : new tty.ReadStream(inFd);
  const stdout = io.stdout.isTTY ? undefined : new tty.WriteStream(outFd);
  return {
    streams: { ...(stdin ? { stdin } : {}), ...(stdout ? { stdout } : {}) },
    close: () => {
      stdin?.destroy();
      stdout?.destroy();
      for (const fd of [inFd, outFd]) {
        try {
          closeSync(fd);
        } catch {
          // already closed by its stream
        }
      }
    },
  };
}

/** What a run leaves for {@link main}: the exit code of a kind search and its invocation (for error hints). */
export interface Outcome {
  exitCode: number;
  invocation?: KindInvocation | undefined;
}

/** `search help [topic|command]`: a topic of help-topics.ts, a command's help, or the root help. */
function createHelpCommand(program: Command, io: Io): Command {
  return new Command('help')
    .description('help on a command or a topic (environment, exit-codes, syntax)')
    .argument('[topic]', `a command or one of: ${Object.keys(HELP_TOPICS).join(', ')}`)
    .action((topic: string | undefined) => {
      if (topic === undefined) return program.outputHelp();
      const text = HELP_TOPICS[topic]?.text;
      if (text !== undefined) return void io.stdout.write(text);
      const command = program.commands.find((c) => c.name() === topic || c.aliases().includes(topic));
      if (command === undefined) {
        throw new UsageError(`unknown help topic or command "${topic}"`, `one of: ${[...Object.keys(HELP_TOPICS), ...program.commands.map((c) => c.name())].join(', ')}`);
      }
      command.outputHelp();
    });
}

/**
 * Build the root program (exported for help tests). With `invoked` naming a subcommand (the first argument), only
 * that subcommand is set up: a cold `search issues ...` builds one kind's options and help, not all ten commands';
 * its own `--help` is the same. `--version` (or `-V`) first gets no subcommand (the version is printed as that
 * option is parsed). Anything else (`--help`, `help`, `completion`, a typo) gets every subcommand.
 * @param outcome receives a kind search's exit code and invocation (for {@link main})
 * @param argv the arguments it will parse (the invoked subcommand first), when known: a kind command whose other
 *   arguments use none of gh's flags is built without them (kind-command.ts's createKindCommand)
 */
export function buildProgram(io: Io, invoked?: string, outcome: Outcome = { exitCode: EXIT.ok }, argv?: readonly string[]): Command {
  const program = new Command('search')
    .description(
      "Search GitHub-shaped records offline with GitHub's REST search semantics.\n" +
        'Prints the exact JSON envelope of GET /search/<kind> when piped or with --json; an interactive table on a terminal.',
    )
    .version(TOOL_VERSION)
    .showHelpAfterError('  hint: run with --help for usage')
    .configureOutput(output(io))
    .helpCommand(false)
    .exitOverride();
  const runKindInto = async (inv: KindInvocation): Promise<void> => {
    outcome.invocation = inv;
    outcome.exitCode = await runKind(inv, io);
  };
  const subcommands: ReadonlyArray<readonly [string, () => Command]> = [
    // The invoked kind command sees the arguments it will parse; any other (help, completion) is built whole.
    ...KIND_COMMANDS.map(
      (spec) => [spec.name, () => createKindCommand(spec, DEFAULT_DATA, runKindInto, kindCommandOf(invoked)?.name === spec.name ? argv?.slice(1) : undefined)] as const,
    ),
    ['index', () => createIndexCommand(DEFAULT_DATA, openStore, io.stdout, io.stderr)],
    ['serve', () => createServeCommand({ defaultData: DEFAULT_DATA, stderr: io.stderr })],
    ['import', () => createImportCommand({ stderr: io.stderr })],
  ];
  // `search --version` (`-V`) first: commander prints the version as it parses that option, before any command.
  if (invoked === '--version' || invoked === '-V') return program;
  const name = kindCommandOf(invoked)?.name ?? invoked;
  const only = subcommands.some(([n]) => n === name) ? name : undefined;
  for (const [name, create] of subcommands) if (only === undefined || name === only) program.addCommand(create());
  // Completion reads the whole tree and help may name any command: both only come with every subcommand.
  if (only === undefined) {
    program.addCommand(createCompletionCommand(program, io.stdout));
    program.addCommand(createHelpCommand(program, io));
  }
  program.addHelpText('after', () =>
    [
      '',
      'Examples:',
      '  search issues "bug is:issue state:open"',
      '  search issues "crash label:bug" --json number,title,url --limit 200',
      '  search prs --repo nimbusforge/skyhook --state open -L 50 --json title -q ".[].title"   (gh\'s names and flags)',
      '  search repositories "cli language:go stars:>100" --sort stars --jq ".items[].full_name"',
      '  url=$(search issues crash --select) && echo "$url"',
      '  search commits "fix typo" --data ./my-dump --per-page 100 --page 2',
      '  search serve --port 3000',
      '  search import git . --out ./my-dump && search code "createImportCommand" --data ./my-dump',
      '',
      'Exit codes: 0 ok, 1 refused by GitHub rules, 2 usage, 3 environment, 4 internal, 130 interrupted (search help exit-codes).',
      '',
      topicsHelp(),
    ].join('\n'),
  );
  const configure = (command: Command): void => {
    command.exitOverride().configureOutput(output(io)).showHelpAfterError('  hint: run with --help for usage');
    command.commands.forEach(configure);
  };
  program.commands.forEach(configure);
  return program;
}

/** Commander's output in the CLI's one error style: `error: …` becomes `search: …`. */
function output(io: Io) {
  return {
    writeOut: (s: string) => void io.stdout.write(s),
    writeErr: (s: string) => void io.stderr.write(s),
    outputError: (s: string, write: (s: string) => void) => write(s.replace(/^error: /, 'search: ')),
  };
}

/**
 * Run the program on argv (without node and script) and return the exit code. Never throws.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const outcome: Outcome = { exitCode: EXIT.ok };
  const program = buildProgram(io, argv[0], outcome, argv);
  const fail = (message: string, hint?: string) => void io.stderr.write(formatError(message, hint));
  // A damaged cache file is healed with one notice, on this run's stderr (cache/notice.ts).
  setCacheNoticeSink((line) => void io.stderr.write(line));
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return outcome.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0
        ? EXIT.ok
        : EXIT.usage;
    }
    if (error instanceof ApiError) {
      fail(`${error.message} (HTTP ${error.status})`, hintFor(error, outcome.invocation?.request));
      return EXIT.refused;
    }
    if (error instanceof QuerySyntaxError) {
      fail(error.message);
      return EXIT.refused;
    }
    if (error instanceof UsageError) {
      fail(error.message, error.hint);
      return EXIT.usage;
    }
    if (error instanceof ImportInterrupted) {
      fail(error.message);
      return EXIT.interrupted;
    }
    if (error instanceof EnvironmentError) {
      fail(error.message, error.hint);
      return EXIT.data;
    }
    if (error instanceof DataError || error instanceof AccessFileError) {
      fail(error.message);
      return EXIT.data;
    }
    const environment = listenError(error);
    if (environment) {
      fail(environment.message, environment.hint);
      return EXIT.data;
    }
    const message = error instanceof Error ? error.message : String(error);
    fail(`internal error: ${message}`);
    if (io.env.SEARCH_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
    return EXIT.internal;
  }
}

/**
 * The process edge, called by bin/search.js: runs {@link main} on `process.argv` and sets `process.exitCode`.
 * A closed stdout (`search ... | head`) ends the run quietly, as Unix tools do, instead of an EPIPE crash.
 * The standard streams are created only when used (process-io.ts). The cache keys' digests are read from and
 * written to the cache directory's digest memo (cache/digest-memo.ts).
 */
export async function run(): Promise<void> {
  const quietOnEpipe = (error: NodeJS.ErrnoException): void => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
    throw error;
  };
  const argv = process.argv.slice(2);
  // Searches (aliases included) and index builds end at once on Ctrl-C/SIGTERM (cursor shown, 'exit' listeners
  // run); serve and import handle their own signals.
  const interruptible = argv[0] !== 'serve' && argv[0] !== 'import';
  const stderr = { get isTTY() { return process.stderr.isTTY; }, write: (text: string) => process.stderr.write(text) };
  const stopSignals = interruptible ? exitOnSignals(stderr) : undefined;
  // The cache keys' digests are remembered in the cache directory (cache/digest-memo.ts): ≈ 1.5 ms of a cold query.
  useDigestMemo(digestMemoFileName(defaultCacheDir()));
  process.exitCode = await main(argv, processIo(quietOnEpipe));
  saveDigestMemo();
  stopSignals?.();
  exitAfter(process.exitCode);
}
