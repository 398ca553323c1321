/**
 * Language names and aliases from GitHub's linguist data (npm `linguist-languages`), for `language:` values and
 * for detecting a file's language by its name when a code record does not say.
 */
import * as linguist from 'linguist-languages';

interface LanguageEntry {
  name: string;
  type?: string;
  extensions?: string[];
  filenames?: string[];
  aliases?: string[];
}

const entries = Object.values(linguist as unknown as Record<string, LanguageEntry>);
let byExtension: Map<string, string> | undefined;
let byFilename: Map<string, string> | undefined;
let byAlias: Map<string, string> | undefined;

// Several languages share an extension (`.h`, `.md`); prefer programming/markup languages, then the first listed.
const rank = (e: LanguageEntry): number => (e.type === 'programming' ? 0 : e.type === 'markup' ? 1 : 2);

function tables(): void {
  if (byExtension) return;
  byExtension = new Map();
  byFilename = new Map();
  byAlias = new Map();
  for (const entry of [...entries].sort((a, b) => rank(a) - rank(b))) {
    for (const ext of entry.extensions ?? []) if (!byExtension.has(ext)) byExtension.set(ext.toLowerCase(), entry.name);
    for (const file of entry.filenames ?? []) if (!byFilename.has(file)) byFilename.set(file, entry.name);
    byAlias.set(entry.name.toLowerCase(), entry.name);
    for (const alias of entry.aliases ?? []) byAlias.set(alias.toLowerCase(), entry.name);
  }
}

/**
 * The linguist language of a file path (by exact file name, then by longest extension), or undefined.
 * @example languageOfPath('src/app.ts') === 'TypeScript'; languageOfPath('Dockerfile') === 'Dockerfile'
 */
export function languageOfPath(path: string): string | undefined {
  tables();
  const name = path.slice(path.lastIndexOf('/') + 1);
  const exact = byFilename!.get(name);
  if (exact) return exact;
  for (let dot = name.indexOf('.'); dot !== -1; dot = name.indexOf('.', dot + 1)) {
    const found = byExtension!.get(name.slice(dot).toLowerCase());
    if (found) return found;
  }
  return undefined;
}

/**
 * The canonical linguist name for a `language:` value given as a name or alias (`js` → `JavaScript`,
 * `c++` → `C++`), case-insensitively; the value itself (lower-cased) when linguist does not know it.
 */
export function canonicalLanguage(value: string): string {
  tables();
  const lower = value.trim().toLowerCase();
  return (byAlias!.get(lower) ?? lower).toLowerCase();
}
