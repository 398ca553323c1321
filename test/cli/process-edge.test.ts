import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/search.js', import.meta.url));
const built = existsSync(fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url)));

describe.skipIf(!built)('the process edge (needs `npm run build`; skipped when dist/ is absent)', () => {
  it('ends quietly when the reader closes the pipe early (search ... | head)', async () => {
    const child = spawn(process.execPath, [bin, 'issues', 'is:open is:closed', '--per-page', '100', '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(code).toBe(0);
  });
});
