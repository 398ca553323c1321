import { describe, expect, it } from 'vitest';
import { invalidQuery, MESSAGES } from '../../../../src/api-error.js';
import type { BuildProgress } from '../../../../src/store/store.js';
import { fakeSearch, pendingSearch } from '../fixtures/fake-search.js';
import { ISSUES } from '../fixtures/issues.js';
import { clean } from '../helpers/frames.js';
import { mount } from '../helpers/mount.js';

const issues = (per_page = '2') => ({ kind: 'issues' as const, q: 'colour', per_page });

describe('loading, empty and error states', () => {
  it('shows a spinner with index-build progress until the first answer', async () => {
    const pending = pendingSearch();
    let emit: (p: BuildProgress) => void = () => {};
    const progress = (listener: (p: BuildProgress) => void) => {
      emit = listener;
      return () => {};
    };
    const app = mount(issues(), pending.search, { progress });
    expect(await app.until('Searching issues for “colour”…')).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Searching/);
    emit({ kind: 'issues', phase: 'build', done: 2350, total: 9400 });
    expect(await app.until('Building the index of issues')).toContain('█████░░░░░░░░░░░░░░░ 2,350/9,400 (25%)');
    const { search } = fakeSearch({ byQuery: { colour: ISSUES } });
    pending.resolve(await search(issues()));
    await app.until('#42');
  });

  it('says when nothing matched', async () => {
    const { search } = fakeSearch({ byQuery: {} });
    const frame = await mount(issues(), search).until('No issues matched');
    expect(frame).toContain('No issues matched “colour”.');
    expect(frame).toContain('0 issues · page 1 of 1');
  });

  it('a 422 shows GitHub’s message and points at the offending qualifier', async () => {
    const q = 'colour repo:nobody/nothing label:bug';
    // the core names the span of q the 422 is about
    const { search } = fakeSearch({ byQuery: {}, errors: { [q]: invalidQuery(MESSAGES.cannotSearchResources, { start: 7, end: 26 }) } });
    const frame = await mount({ kind: 'issues', q }, search).until('Validation Failed');
    const lines = frame.split('\n');
    expect(lines.slice(1, 11)).toEqual([
      '',
      '  ✖ Validation Failed (HTTP 422)',
      '    The listed users and repositories cannot be searched either because the resources do not exist',
      '    or you do not have permission to view them.',
      '',
      '    q  colour repo:nobody/nothing label:bug',
      '              ^^^^^^^^^^^^^^^^^^^ here',
      '',
      '    docs  https://docs.github.com/v3/search/',
      '',
    ]);
  });

  it('any other failure is shown in the view too', async () => {
    const search = async () => {
      throw new Error('The dump at /nowhere cannot be read');
    };
    expect(clean(await mount(issues(), search).until('cannot be read'))).toContain('✖ The dump at /nowhere cannot be read');
  });
});
