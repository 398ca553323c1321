/**
 * Code templates: TypeScript, TSX and JavaScript sources plus their JSON manifests.
 * Each export takes the naming variables of a repository and returns the file text (see ../code-templates.ts).
 */

import type { Names } from '../code-templates.js';

export const tsIndex = (n: Names): string => `/**
 * ${n.product} — public entry point.
 */
export { readConfigFile, parseManifest } from './config.js';
export type { ${n.Type}Config } from './config.js';

export const VERSION = '${n.version}';

/** Options accepted by {@link create${n.Type}}. */
export interface ${n.Type}Options {
  /** Request timeout in milliseconds. */
  timeoutMs?: number;
  /** How many times a failed call is retried. */
  maxRetries?: number;
}

/** Create a configured instance with sensible defaults. */
export function create${n.Type}(options: ${n.Type}Options = {}) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRetries = options.maxRetries ?? 2;
  return { timeoutMs, maxRetries, version: VERSION };
}
`;

export const tsConfig = (n: Names): string => `import { readFile } from 'node:fs/promises';

/** The parsed form of ${n.file}. */
export interface ${n.Type}Config {
  name: string;
  outDir: string;
  strict: boolean;
}

const DEFAULTS: Omit<${n.Type}Config, 'name'> = { outDir: 'dist', strict: false };

/** Read and parse a configuration file. */
export async function readConfigFile(path: string): Promise<${n.Type}Config> {
  const text = await readFile(path, 'utf8');
  return parseManifest(text);
}

/** Parse \`key: value\` lines. Unknown keys throw so that typos are caught early. */
export function parseManifest(text: string): ${n.Type}Config {
  const values: Record<string, string> = {};
  text.split(/\\r?\\n/).forEach((line, index) => {
    const trimmed = line.replace(/#.*$/, '').trim();
    if (!trimmed) return;
    const colon = trimmed.indexOf(':');
    if (colon < 0) throw new Error(\`line \${index + 1}: expected "key: value"\`);
    const key = trimmed.slice(0, colon).trim();
    if (!['name', 'outDir', 'strict'].includes(key)) throw new Error(\`line \${index + 1}: unknown key "\${key}"\`);
    values[key] = trimmed.slice(colon + 1).trim();
  });
  if (!values.name) throw new Error('missing required key "name"');
  return { ...DEFAULTS, name: values.name, outDir: values.outDir ?? DEFAULTS.outDir, strict: values.strict === 'true' };
}
`;

export const tsTest = (n: Names): string => `import { describe, expect, it } from 'vitest';
import { parseManifest } from '../src/config.js';

describe('parseManifest', () => {
  it('applies defaults', () => {
    expect(parseManifest('name: docs')).toEqual({ name: 'docs', outDir: 'dist', strict: false });
  });

  it('ignores comments', () => {
    expect(parseManifest('# ${n.product}\\nname: docs # inline\\nstrict: true').strict).toBe(true);
  });

  it('rejects unknown keys', () => {
    expect(() => parseManifest('name: docs\\noutdir: site')).toThrow('unknown key "outdir"');
  });
});
`;

export const tsxButton = (n: Names): string => `import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { useTheme } from '../hooks/useTheme.js';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Visual weight of the button. */
  variant?: 'primary' | 'secondary' | 'ghost';
  /** Shows a spinner and blocks clicks. */
  loading?: boolean;
}

/** An accessible button that follows the ${n.product} theme. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', loading = false, disabled, children, ...rest },
  ref,
) {
  const theme = useTheme();
  return (
    <button
      ref={ref}
      type="button"
      aria-busy={loading || undefined}
      disabled={disabled || loading}
      className={\`btn btn-\${variant} \${theme.density === 'compact' ? 'btn-compact' : ''}\`}
      {...rest}
    >
      {loading ? <span className="btn-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
});
`;

export const tsHook = (n: Names): string => `import { createContext, useContext } from 'react';

/** Theme values shared by every ${n.product} component. */
export interface Theme {
  mode: 'light' | 'dark';
  density: 'comfortable' | 'compact';
  accent: string;
}

export const defaultTheme: Theme = { mode: 'light', density: 'comfortable', accent: '#3b6fd8' };

export const ThemeContext = createContext<Theme>(defaultTheme);

/** The current theme; falls back to {@link defaultTheme} outside a provider. */
export function useTheme(): Theme {
  return useContext(ThemeContext);
}
`;

export const packageJson = (n: Names): string => JSON.stringify({
  name: n.owner === n.cmd ? n.cmd : `@${n.owner}/${n.cmd}`,
  version: n.version,
  description: n.desc,
  type: 'module',
  main: 'dist/index.js',
  types: 'dist/index.d.ts',
  scripts: { build: 'tsc -p .', test: 'vitest run', lint: 'eslint src' },
  license: 'MIT',
  devDependencies: { typescript: '^5.6.0', vitest: '^2.1.0' },
}, null, 2) + '\n';

export const tsconfigJson = (_n: Names): string => `{
  // Shared compiler settings
  "compilerOptions": {
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "jsx": "react-jsx",
    "strict": true,
    "declaration": true,
    "outDir": "dist"
  },
  "include": ["src"]
}
`;

export const jsCli = (n: Names): string => `#!/usr/bin/env node
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { lintText } = require('../lib/rules.js');

function collectFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) collectFiles(full, out);
    else if (entry.name.endsWith('.md')) out.push(full);
  }
  return out;
}

const roots = process.argv.slice(2);
let problems = 0;
for (const file of (roots.length ? roots : ['.']).flatMap((r) => collectFiles(r))) {
  for (const problem of lintText(fs.readFileSync(file, 'utf8'))) {
    problems++;
    console.log(\`\${file}:\${problem.line} \${problem.rule} \${problem.message}\`);
  }
}
if (problems) {
  console.error(\`${n.cmd}: \${problems} problem(s)\`);
  process.exitCode = 1;
}
`;

export const jsRules = (_n: Names): string => `'use strict';

/** Each rule gets the lines of a document and reports problems. */
const rules = {
  'no-trailing-spaces': (lines) => lines.flatMap((text, i) => (/[ \\t]+$/.test(text) ? [{ line: i + 1, message: 'trailing whitespace' }] : [])),
  'heading-increment': (lines) => {
    const out = [];
    let previous = 0;
    lines.forEach((text, i) => {
      const match = /^(#{1,6})\\s/.exec(text);
      if (!match) return;
      const level = match[1].length;
      if (previous && level > previous + 1) out.push({ line: i + 1, message: \`heading jumps from h\${previous} to h\${level}\` });
      previous = level;
    });
    return out;
  },
  'no-empty-links': (lines) => lines.flatMap((text, i) => (/\\[[^\\]]*\\]\\(\\s*\\)/.test(text) ? [{ line: i + 1, message: 'link without a target' }] : [])),
};

function lintText(text) {
  const lines = text.split(/\\r?\\n/);
  return Object.entries(rules).flatMap(([rule, check]) => check(lines).map((p) => ({ rule, ...p })));
}

module.exports = { lintText, rules };
`;

export const jsIndex = (n: Names): string => `'use strict';

const binding = require('./binding.js');

/** Open a ${n.product} database at \`path\`. */
function openDatabase(path, options = {}) {
  const handle = binding.open(path, { readOnly: Boolean(options.readOnly), cacheSize: options.cacheSize ?? 64 << 20 });
  return {
    get: (key) => binding.get(handle, Buffer.from(key)),
    put: (key, value) => binding.put(handle, Buffer.from(key), Buffer.from(value)),
    close: () => binding.close(handle),
  };
}

module.exports = { openDatabase };
`;
