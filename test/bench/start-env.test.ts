import { describe, expect, it } from 'vitest';
import { withoutStartUpVariables } from '../../bench/start-env.js';

describe('withoutStartUpVariables', () => {
  const cases: { name: string; env: Record<string, string>; removed: Record<string, string>; left: Record<string, string> }[] = [
    { name: 'nothing set', env: { PATH: '/bin' }, removed: {}, left: { PATH: '/bin' } },
    {
      name: 'the extra certificates set',
      env: { PATH: '/bin', NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt' },
      removed: { NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt' },
      left: { PATH: '/bin' },
    },
    { name: 'set but empty', env: { NODE_EXTRA_CA_CERTS: '' }, removed: { NODE_EXTRA_CA_CERTS: '' }, left: {} },
  ];
  it.each(cases)('$name', ({ env, removed, left }) => {
    const given = { ...env };
    expect(withoutStartUpVariables(given)).toEqual(removed);
    expect(given).toEqual(left);
  });
});
