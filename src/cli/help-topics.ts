/**
 * `search help <topic>`, as gh has `gh help environment` or `gh help exit-codes`: topics that belong to no single
 * command. `search help <command>` still prints that command's help.
 */

/** The topics and their text (each ends with a newline). */
export const HELP_TOPICS: Readonly<Record<string, { summary: string; text: string }>> = {
  'exit-codes': {
    summary: 'what each exit status means',
    text: `Exit codes of search:

  0    the search ran (zero results included); --select: an item was chosen
  1    refused by GitHub's rules: 422 (bad query), 415 (missing preview), 404 (labels of an unknown repository),
       403; in JSON mode GitHub's error body is on stdout. The interactive view exits 1 when it is left
       showing such an error.
  2    usage: unknown option, bad value, unknown --json field, bad --jq expression
  3    environment: unreadable or corrupt dump or access file, port already in use, no terminal for --select
  4    internal error (a bug: please report it with the message; SEARCH_DEBUG=1 adds the stack)
  130  interrupted: Ctrl-C, in the interactive view too; --select left without choosing
`,
  },
  environment: {
    summary: 'the environment variables search reads',
    text: `Environment variables read by search:

  SEARCH_DATA              the dump to search when --data is not given (a directory of <kind>.json[.gz] or
                           one JSON file); default: the embedded dump
  SEARCH_USER              who @me is when --user is not given
  SEARCH_CACHE_DIR         where indexes and record snapshots are cached;
                           default: $XDG_CACHE_HOME/offline-github-search
  XDG_CACHE_HOME           the cache's parent when SEARCH_CACHE_DIR is not set; default: $HOME/.cache
  HOME                     the home directory (the cache's default place)
  SEARCH_INDEX_WORKER      off: build indexes on the main thread instead of a worker thread
  SEARCH_MAX_DEPTH         deepest nesting a dump record may have (default 64, at most 1000)
  SEARCH_MAX_RECORD_BYTES  largest dump record, in bytes of JSON (default 33554432, 32 MiB)
  SEARCH_IMPORT_MAX_FILE_BYTES
                           largest input file search import reads, after gunzip (default 268435456, 256 MiB)
  SEARCH_MEMORY_BUDGET     MiB each open collection may keep in its query caches (results, scores, keyword
                           matches, block maxima, rendered items; least recently used goes first past it);
                           default 256; search serve --memory overrides it
  SEARCH_DEBUG             any value: an internal error prints its stack trace too
  GH_BROWSER, BROWSER      the command that opens a URL (o in the view, --web); GH_BROWSER wins, as in gh;
                           default: the platform's opener (xdg-open, open, start)
  NO_COLOR                 any value: no colours (the view, JSON on a terminal), as gh honours it
  TERM                     dumb: no interactive view and no colours (JSON instead)
  CI                       true: no interactive view (JSON instead), as gh does
  NODE_ENV                 search serve sets production when unset (React's production build for the page)

The bench scripts (npm run bench) also read BENCH_PEAK_RSS_FILE.
`,
  },
  syntax: {
    summary: 'the query language: keywords, qualifiers, ranges, boolean operators',
    text: `Query syntax (GitHub's search syntax; one query is one argument, so quote it):

  keywords         words are ANDed:            search issues "crash parser"
  "phrase"         an exact phrase:            search issues '"out of memory"'
  qualifier:value  filter on a field:          search issues "label:bug state:open"
  -qualifier:value exclude:                    search issues "crash -label:wontfix"
  NOT word         exclude a keyword:          search issues "crash NOT windows"
  a OR b, a AND b  boolean operators (upper case), parentheses group: "(crash OR panic) label:bug"
  in:title,body    where keywords are looked for
  ranges           n, >n, >=n, <n, <=n, a..b, a..*, *..b:  "stars:>100", "created:2020-01-01..2020-12-31"
  dates            YYYY-MM-DD, with an optional time: "updated:>=2024-01-01T12:00:00Z"
  @me              the viewer, from --user <login> or SEARCH_USER
  sorting          --sort <key> and --order asc|desc (default: best match)

Each kind has its own qualifiers and sort keys: search <kind> --help lists them. Invalid queries are refused with
GitHub's 422 message (exit code 1). Only the first 1000 results of a query are served.
`,
  },
};

/** The "Help topics" lines for the root help. */
export function topicsHelp(): string {
  return ['Help topics (search help <topic>):', ...Object.entries(HELP_TOPICS).map(([name, t]) => `  ${name.padEnd(12)}${t.summary}`)].join('\n');
}
