/** One snapshot per pull request (issue #26 item 1, item 2; README's newest-recording rule). */
import { describe, expect, it } from 'vitest';
import { isPullRequest, pullSnapshot } from '../../src/kinds/pull-snapshot.js';

const LINKS = { url: 'https://api.github.com/repos/o/r/pulls/1', html_url: 'https://github.com/o/r/pull/1' };

describe('isPullRequest', () => {
  it.each([
    [{ pull_request: LINKS }, true],
    [{ pull_request: { html_url: null, diff_url: null, patch_url: null } }, false],
    [{ pull_request: null }, false],
    [{}, false],
    [{ pull_request: { merged_at: '2020-01-01T00:00:00Z' } }, true],
  ])('%j → %s', (record, expected) => expect(isPullRequest(record)).toBe(expected));
});

describe('pullSnapshot', () => {
  const issue = (over: Record<string, unknown>) => ({ state: 'open', updated_at: '2020-01-01T00:00:00Z', closed_at: null, pull_request: LINKS, ...over });
  it('the newer pull record decides state, merged_at, draft and closed_at', () => {
    const pull = { state: 'closed', merged_at: '2020-02-01T00:00:00Z', draft: false, closed_at: '2020-02-01T00:00:00Z', updated_at: '2020-02-02T00:00:00Z' };
    expect(pullSnapshot(issue({ draft: true }), pull)).toEqual({ state: 'closed', mergedAt: '2020-02-01T00:00:00Z', draft: false, closedAt: '2020-02-01T00:00:00Z' });
  });
  it('the newer issue record decides, yet a merge recorded earlier is never undone (a merged PR is closed)', () => {
    const pull = { state: 'closed', merged_at: '2019-06-01T00:00:00Z', updated_at: '2019-06-01T00:00:00Z', closed_at: null };
    expect(pullSnapshot(issue({}), pull)).toEqual({ state: 'closed', mergedAt: '2019-06-01T00:00:00Z', draft: undefined, closedAt: '2019-06-01T00:00:00Z' });
  });
  it('an older pull record loses: the issue\'s open state and draft stand', () => {
    const pull = { state: 'closed', merged_at: null, draft: true, updated_at: '2019-01-01T00:00:00Z', closed_at: '2019-01-01T00:00:00Z' };
    expect(pullSnapshot(issue({ draft: false }), pull)).toEqual({ state: 'open', mergedAt: null, draft: false, closedAt: null });
  });
  it('a plain issue is its own snapshot, whatever pull record is passed', () => {
    const plain = { state: 'CLOSED', updated_at: '2020-01-01T00:00:00Z', closed_at: '2020-01-01T00:00:00Z', pull_request: { html_url: null } };
    expect(pullSnapshot(plain, { state: 'open', updated_at: '2030-01-01T00:00:00Z' })).toEqual({ state: 'closed', mergedAt: null, draft: undefined, closedAt: '2020-01-01T00:00:00Z' });
  });
});
