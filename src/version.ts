/** The tool's version, read once from package.json (src/ and dist/ sit at the same depth below it). */
import { readFileSync } from 'node:fs';

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** `version` of package.json, e.g. `0.1.0`. */
export const TOOL_VERSION: string = readVersion();
