import { describe, expect, it } from 'vitest';
import { advantage, formatValue, renderTable, targetText, type Row } from '../../bench/table.js';

describe('bench table', () => {
  it('formats values by unit', () => {
    expect(formatValue(5.25, 'ms')).toBe('5.3 ms');
    expect(formatValue(480, 'ms')).toBe('480 ms');
    expect(formatValue(7310, 'ms')).toBe('7.31 s');
    expect(formatValue(12_345_678, 'bytes')).toBe('12.3 MB');
    expect(formatValue(1.42e9, 'bytes')).toBe('1.42 GB');
    expect(formatValue(1234.4, 'rps')).toBe('1,234 req/s');
  });

  it('computes how many times better this project is, by direction', () => {
    const time: Row = { label: 't', unit: 'ms', better: 'lower', ours: 500, anchors: { sqlite: 7000, minisearch: 'skipped' } };
    expect(advantage(time, time.anchors!.sqlite)).toBe(14);
    expect(advantage(time, time.anchors!.minisearch)).toBeUndefined();
    const rps: Row = { label: 'r', unit: 'rps', better: 'higher', ours: 1000, anchors: { minisearch: 25 } };
    expect(advantage(rps, rps.anchors!.minisearch)).toBe(40);
  });

  it('judges absolute targets and targets relative to an anchor of the same row', () => {
    expect(targetText({ label: 'b', unit: 'bytes', better: 'lower', ours: 3e8, target: 4e8 })).toBe('≤ 400.0 MB met');
    const cold: Row = { label: 'c', unit: 'ms', better: 'lower', ours: 183, anchors: { floor: 100 }, target: { times: 1.5, of: 'floor' } };
    expect(targetText(cold)).toBe('≤ 1.5× node -e 0 (1.83×) NOT met');
    expect(targetText({ ...cold, ours: 140 })).toBe('≤ 1.5× node -e 0 (1.40×) met');
    const build: Row = { label: 'b', unit: 'ms', better: 'lower', ours: 9000, anchors: { sqlite: 9500 }, target: { times: 1, of: 'sqlite' } };
    expect(targetText(build)).toBe('≤ SQLite FTS5 (0.95×) met');
    expect(targetText({ ...build, anchors: { sqlite: 'absent' } })).toBe('≤ SQLite FTS5 ?');
    expect(targetText({ label: 'x', unit: 'ms', better: 'lower', ours: 1 })).toBe('');
  });

  it('renders one aligned pipe table with targets', () => {
    const text = renderTable([
      { label: 'cold query', unit: 'ms', better: 'lower', ours: 450, anchors: { sqlite: 7300, floor: 400 }, target: 500 },
      { label: 'serve', unit: 'rps', better: 'higher', ours: 800, anchors: { minisearch: 25 }, target: 1000 },
    ]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(4);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(lines[0]).toContain('SQLite FTS5');
    expect(lines[0]).toContain('node -e 0');
    expect(lines[2]).toContain('16×');
    expect(lines[2]).toContain('≤ 500 ms met');
    expect(lines[3]).toContain('32×');
    expect(lines[3]).toContain('≥ 1,000 req/s NOT met');
    expect(lines[3]).toContain('—');
  });
});
