/**
 * A synthetic git repository of a chosen size, written with `git fast-import` (seconds for 50k commits), for
 * measuring the git importer where no large repository is at hand. Commit 1 adds every file; each later commit
 * changes one file, with alternating UTC offsets.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { git } from './git-fixture.js';

const EXTENSIONS = ['ts', 'js', 'py', 'md', 'json', 'go', 'c', 'h', 'rb', 'txt'];

/** Path of file `i`: 50 packages × 7 subdirectories, extensions cycling. */
const filePath = (i: number): string => `pkg${i % 50}/sub${i % 7}/file${i}.${EXTENSIONS[i % EXTENSIONS.length]}`;

/** Text of file `i` at version `v` (about 1–3 KB). */
const fileText = (i: number, v: number): string =>
  `// file ${i} version ${v}\nexport function fn${i}_${v}(x) {\n  return x * ${v} + ${i};\n}\n` +
  'const filler = "lorem ipsum dolor sit amet";\n'.repeat(20 + (i % 40));

/** Creates the repository in the existing empty directory `dir` on branch `main`. */
export async function makeSyntheticRepo(dir: string, files: number, commits: number): Promise<void> {
  git(dir, ['init', '-q', '-b', 'main']);
  const child = spawn('git', ['-C', dir, 'fast-import', '--quiet'], { stdio: ['pipe', 'ignore', 'inherit'] });
  const data = (text: string): string => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const write = async (text: string): Promise<void> => {
    if (!child.stdin.write(text)) await once(child.stdin, 'drain');
  };
  let time = 1_500_000_000;
  await write(`commit refs/heads/main\ncommitter Dev <dev@example.com> ${time} +0000\n${data('initial import')}`);
  for (let i = 0; i < files; i++) await write(`M 100644 inline ${filePath(i)}\n${data(fileText(i, 0))}`);
  await write('\n');
  for (let c = 1; c < commits; c++) {
    time += 600;
    const i = (c * 7919) % files;
    const author = `author Dev${c % 13} <dev${c % 13}@example.com> ${time} ${c % 2 ? '-0800' : '+0200'}`;
    const message = data(`change ${c}: tweak fn${i}\n\nbody line for commit ${c}\n`);
    await write(`commit refs/heads/main\n${author}\ncommitter Dev <dev@example.com> ${time} +0000\n${message}M 100644 inline ${filePath(i)}\n${data(fileText(i, c))}\n`);
  }
  child.stdin.end();
  const [code] = await once(child, 'close');
  if (code !== 0) throw new Error(`git fast-import exited with ${String(code)}`);
  git(dir, ['checkout', '-q', 'main']);
}
