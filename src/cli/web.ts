/** `search <kind> --web`: open the first result's page in the browser, as gh's `--web` opens a search. */
import type { Item } from '../envelope/envelope.js';
import { EnvironmentError } from './cli-errors.js';
import { EXIT } from './exit-codes.js';
import type { Io } from './io.js';
import type { KindInvocation } from './kind-command.js';

/**
 * `--web`: open the first result's page (the URL `o` opens in the view) and say so on stderr; with no result, say
 * that instead (exit 0: the search ran). A browser that cannot be started is an environment error (exit 3).
 */
export async function openFirst(invocation: KindInvocation, first: Item | undefined, io: Io): Promise<number> {
  const { kind, q } = invocation.request;
  if (first === undefined) {
    io.stderr.write(`search: --web: no ${kind} matched ${JSON.stringify(q ?? '')}; nothing to open\n`);
    return EXIT.ok;
  }
  const [{ itemUrl }, { openInBrowser }] = await Promise.all([import('../render/ink/state/item-fields.js'), import('../render/ink/browser.js')]);
  const url = itemUrl(first);
  const message = await openInBrowser(url, io.env);
  if (!message.startsWith('Opened ')) throw new EnvironmentError(message, 'set BROWSER (or GH_BROWSER) to the command that opens a URL');
  io.stderr.write(`${message}\n`);
  return EXIT.ok;
}
