/**
 * The arguments of the usual scripted search (`search issues "q" --data dir --json`, with paging or a sort) read
 * without commander: building the program and one kind's command and parsing argv through them costs a cold query
 * ≈ 2.5 ms of CPU, and that code is then compiled into every later run's code cache too. Only a plain shape is
 * read here; anything else (another option, a repeated one, `--opt=value`, a value or word starting with `-`,
 * `--`, help, a sort key the kind lacks) gives undefined and commander parses as always. For the shapes read, the
 * options are those commander gives the kind command's action (kind-command.ts): same keys, same values, the
 * same environment fallbacks (SEARCH_DATA, SEARCH_USER) and defaults.
 */
import { CATALOG, sortKeys } from '../kinds/catalog.js';
import { kindCommandOf, type KindCommandSpec } from './gh-flags.js';
import type { KindOptions } from './kind-command.js';

/** What a kind command's action receives from commander: its spec, the query words and the parsed options. */
export interface FastKindArgs {
  readonly spec: KindCommandSpec;
  readonly words: readonly string[];
  readonly options: KindOptions;
}

/** The options read here: a value-taking option's attribute (commander's camel case), or a switch's. */
const VALUE_OPTIONS: Readonly<Record<string, 'data' | 'page' | 'perPage' | 'sort' | 'order' | 'user'>> = {
  '--data': 'data',
  '--page': 'page',
  '--per-page': 'perPage',
  '--sort': 'sort',
  '--order': 'order',
  '--user': 'user',
};

/**
 * Read `argv` (without node and script) when it is a kind command followed only by query words and the options
 * above (each at most once, each value a separate argument not starting with `-`) and a bare `--json` (last, or
 * followed by another option); undefined for anything else. `--sort` and `--order` must be values the kind's
 * command accepts (commander's choices), and the kind must have sort keys for them to exist at all.
 * @param defaultData the kind command's `--data` default (main.ts's DEFAULT_DATA)
 * @param env the environment commander reads option fallbacks from (process.env in the CLI)
 */
export function fastKindArgs(argv: readonly string[], defaultData: string, env: NodeJS.ProcessEnv): FastKindArgs | undefined {
  const spec = kindCommandOf(argv[0]);
  if (spec === undefined || argv[0] === undefined || argv[0].startsWith('-')) return undefined;
  const sorts = sortKeys(spec.kind);
  const words: string[] = [];
  const given: Partial<Record<'data' | 'page' | 'perPage' | 'sort' | 'order' | 'user', string>> = {};
  let json = false;
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-')) {
      words.push(arg);
      continue;
    }
    if (arg === '--json') {
      const next = argv[i + 1];
      // `--json fields`: commander takes a following word as the option's value (gh's field export).
      if (json || (next !== undefined && !next.startsWith('-'))) return undefined;
      json = true;
      continue;
    }
    const key = Object.hasOwn(VALUE_OPTIONS, arg) ? VALUE_OPTIONS[arg] : undefined;
    const value = argv[i + 1];
    if (key === undefined || given[key] !== undefined || value === undefined || value.startsWith('-')) return undefined;
    if ((key === 'sort' || key === 'order') && sorts.length === 0) return undefined;
    if (key === 'sort' && !sorts.includes(value)) return undefined;
    if (key === 'order' && value !== 'asc' && value !== 'desc') return undefined;
    given[key] = value;
    i++;
  }
  // --repository-id is required by labels' searches: commander reports its absence its own way.
  if (CATALOG[spec.kind].byRepositoryId) return undefined;
  const options: KindOptions = { data: given.data ?? ('SEARCH_DATA' in env ? env.SEARCH_DATA! : defaultData), color: true };
  if (given.page !== undefined) options.page = given.page;
  if (given.perPage !== undefined) options.perPage = given.perPage;
  if (json) options.json = true;
  if (given.sort !== undefined) options.sort = given.sort;
  if (given.order !== undefined) options.order = given.order;
  const user = given.user ?? ('SEARCH_USER' in env ? env.SEARCH_USER : undefined);
  if (user !== undefined) options.user = user;
  return { spec, words, options };
}
