/** Mount the interactive app with ink-testing-library at a fixed size, a fixed clock and no timing delays. */
import { render } from 'ink-testing-library';
import type { SearchRequest } from '../../../../src/search-request.js';
import { ResultsApp, type ResultsAppProps, type ViewQuit } from '../../../../src/render/ink/components/ResultsApp.js';
import { NOW } from '../fixtures/issues.js';
import { waitForFrame } from './frames.js';

/** Render the app; `until` waits for a frame containing the text. */
export function mount(request: SearchRequest, search: ResultsAppProps['search'], props: Partial<ResultsAppProps> = {}) {
  const quits: ViewQuit[] = [];
  const copies: string[] = [];
  const opened: string[] = [];
  const app = render(
    <ResultsApp
      request={request}
      search={search}
      noColor
      now={() => NOW}
      columns={100}
      rows={16}
      spinnerDelayMs={0}
      debounceMs={0}
      onQuit={(quit) => quits.push(quit)}
      onCopy={(url) => {
        copies.push(url);
        return true;
      }}
      onOpen={(url) => {
        opened.push(url);
        return Promise.resolve(`Opened ${url} in the browser`);
      }}
      {...props}
    />,
  );
  const until = (text: string | ((frame: string) => boolean)) =>
    waitForFrame(app.lastFrame, typeof text === 'string' ? (frame) => frame.includes(text) : text);
  const press = (...keys: string[]) => {
    for (const key of keys) app.stdin.write(key);
  };
  return { ...app, until, press, quits, copies, opened };
}
