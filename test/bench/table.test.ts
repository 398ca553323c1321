import { describe, expect, it } from 'vitest';
import { advantage, formatValue, renderTable, type Row } from '../../src/bench/table.js';

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
    const time: Row = { label: 't', unit: 'ms', better: 'lower', ours: 500, naive: 7000, scan: 'skipped' };
    expect(advantage(time, time.naive)).toBe(14);
    expect(advantage(time, time.scan)).toBeUndefined();
    const rps: Row = { label: 'r', unit: 'rps', better: 'higher', ours: 1000, naive: 25, scan: 50 };
    expect(advantage(rps, rps.naive)).toBe(40);
  });

  it('renders one aligned pipe table with targets', () => {
    const text = renderTable([
      { label: 'cold query', unit: 'ms', better: 'lower', ours: 450, naive: 7300, scan: 920, target: 500 },
      { label: 'serve', unit: 'rps', better: 'higher', ours: 800, naive: 25, scan: undefined, target: 1000 },
    ]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(4);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(lines[2]).toContain('16×');
    expect(lines[2]).toContain('≤ 500 ms met');
    expect(lines[3]).toContain('≥ 1,000 req/s NOT met');
    expect(lines[3]).toContain('—');
  });
});
