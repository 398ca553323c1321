import { describe, expect, it } from 'vitest';
import { describeRules, isLoopbackHost, serveRules, type RuleFlags } from '../../src/server/serve-rules.js';

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.3.2.1', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.1', false],
    ['192.168.1.5', false],
    ['127.0.0.1.example.com', false],
    ['api.github.localhost', false],
  ])('%s → %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});

describe('serveRules: flags first, then the address', () => {
  it.each<[RuleFlags, string, string, string]>([
    [{ host: '127.0.0.1' }, 'off', 'optional', "rate limit off, previews optional (loopback defaults; --rate-limit on --previews required for GitHub's rules)"],
    [{ host: '0.0.0.0' }, 'on', 'required', "rate limit on, previews required (GitHub's rules)"],
    [{ host: '127.0.0.1', rateLimit: 'on' }, 'on', 'optional', "rate limit on, previews optional (loopback default; --previews required for GitHub's rules)"],
    [{ host: '127.0.0.1', quotaGiven: true }, 'on', 'optional', "rate limit on, previews optional (loopback default; --previews required for GitHub's rules)"],
    [{ host: '127.0.0.1', rateLimit: 'off', quotaGiven: true }, 'off', 'optional', "rate limit off, previews optional (loopback default; --previews required for GitHub's rules)"],
    [{ host: '::1', previews: 'required' }, 'off', 'required', "rate limit off, previews required (loopback default; --rate-limit on for GitHub's rules)"],
    [{ host: '127.0.0.1', rateLimit: 'on', previews: 'required' }, 'on', 'required', "rate limit on, previews required (GitHub's rules)"],
    [{ host: '10.1.2.3', rateLimit: 'off' }, 'off', 'required', 'rate limit off, previews required (as given)'],
    [{ host: '10.1.2.3', previews: 'optional' }, 'on', 'optional', 'rate limit on, previews optional (as given)'],
  ])('%j → rate limit %s, previews %s: "%s"', (flags, rateLimit, previews, text) => {
    const rules = serveRules(flags);
    expect([rules.rateLimit, rules.previews]).toEqual([rateLimit, previews]);
    expect(describeRules(rules)).toBe(text);
  });
});
