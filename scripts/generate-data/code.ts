/**
 * Code search records: which files each repository has (most important first), and their `/search/code`
 * item shape with the file content as the contents API returns it (base64, wrapped at 60 characters).
 */
import { DOMAINS, domainOf } from './catalog-domains.js';
import { TEMPLATES, type Names, type TemplateName } from './code-templates.js';
import { DAY, gitBlobSha, isoZ } from './ids.js';
import { Rng } from './prng.js';
import { repoHead } from './repositories.js';
import { API, WEB, minimalRepository } from './urls.js';
import type { Repo } from './model.js';
import type { MinimalRepository } from '../../src/import/github-shapes.js';

/** The `/search/code` item of a file (without `score`), with its content as the contents API returns it. */
export type CodeRecord = {
  name: string;
  path: string;
  /** The git blob id of the content. */
  sha: string;
  url: string;
  git_url: string;
  html_url: string;
  repository: MinimalRepository;
  /** Bytes of the UTF-8 content. */
  size: number;
  /** Linguist language. */
  language: string;
  last_modified_at: string;
  encoding: 'base64';
  /** Base64, wrapped at 60 characters per line. */
  content: string;
};

/** Files per repository, most important first: [path, template]. `{cmd}` / `{pkg}` are replaced by the names. */
const FILE_PLANS: Readonly<Record<string, ReadonlyArray<readonly [path: string, template: TemplateName]>>> = {
  'nimbusforge/skyhook': [['README.md', 'readme'], ['internal/config/config.go', 'goConfig'], ['cmd/{cmd}/main.go', 'goMain'], ['Makefile', 'makefile'], ['examples/skyhook.yaml', 'exampleManifest'], ['internal/config/config_test.go', 'goConfigTest'], ['.github/workflows/ci.yml', 'ciYaml'], ['internal/retry/retry.go', 'goRetry'], ['docs/configuration.md', 'docsConfiguration'], ['go.mod', 'goMod'], ['Dockerfile', 'dockerfile']],
  'nimbusforge/skyhook-operator': [['config/crd/stack.yaml', 'crdYaml'], ['internal/config/config.go', 'goConfig'], ['README.md', 'readme'], ['go.mod', 'goMod']],
  'nimbusforge/skyhook-providers': [['internal/retry/retry.go', 'goRetry'], ['README.md', 'readme'], ['go.mod', 'goMod']],
  'nimbusforge/cloudlet-sdk-go': [['config.go', 'goConfig'], ['README.md', 'readme']],
  'nimbusforge/skyhook-action': [['action.yml', 'actionYml'], ['src/index.ts', 'tsIndex'], ['package.json', 'packageJson']],
  'nimbusforge/internal-infra': [['main.tf', 'hclMain'], ['README.md', 'readme']],
  'tidewater-data/riverbed': [['README.md', 'readme'], ['{pkg}/pipeline.py', 'pyPipeline'], ['{pkg}/config.py', 'pyConfig'], ['pyproject.toml', 'pyproject'], ['tests/test_config.py', 'pyTest'], ['docs/quickstart.md', 'quickstart'], ['{pkg}/__init__.py', 'pyInit'], ['.github/workflows/ci.yml', 'ciYaml']],
  'tidewater-data/estuary-connectors': [['{pkg}/config.py', 'pyConfig'], ['README.md', 'readme'], ['pyproject.toml', 'pyproject']],
  'tidewater-data/riverbed-ui': [['src/components/Button.tsx', 'tsxButton'], ['src/index.ts', 'tsIndex'], ['package.json', 'packageJson']],
  'tidewater-data/sluice': [['{pkg}/__init__.py', 'pyInit'], ['README.md', 'readme']],
  'tidewater-data/pipeline-template': [['pipeline/config.py', 'pyConfig'], ['README.md', 'readme']],
  'emberline/embertrace': [['src/lib.rs', 'rsLib'], ['README.md', 'readme'], ['Cargo.toml', 'cargoToml'], ['src/snapshot.rs', 'rsModule'], ['.github/workflows/ci.yml', 'ciYaml']],
  'emberline/ember-collector': [['internal/config/config.go', 'goConfig'], ['Dockerfile', 'dockerfile'], ['README.md', 'readme']],
  'glimmerdb/glimmer': [['src/mvcc/snapshot.rs', 'rsModule'], ['Cargo.toml', 'cargoToml'], ['src/lib.rs', 'rsLib'], ['README.md', 'readme'], ['docs/configuration.md', 'docsConfiguration']],
  'glimmerdb/glimmer-py': [['{pkg}/__init__.py', 'pyInit'], ['{pkg}/config.py', 'pyConfig'], ['pyproject.toml', 'pyproject']],
  'glimmerdb/glimmer-js': [['lib/index.js', 'jsIndex'], ['package.json', 'packageJson']],
  'lanternworks/lantern-ui': [['src/components/Button.tsx', 'tsxButton'], ['package.json', 'packageJson'], ['src/hooks/useTheme.ts', 'tsHook'], ['tsconfig.json', 'tsconfigJson'], ['src/index.ts', 'tsIndex'], ['README.md', 'readme']],
  'lanternworks/lantern-charts': [['src/config.ts', 'tsConfig'], ['src/index.ts', 'tsIndex'], ['package.json', 'packageJson']],
  'quillstack/quill': [['src/config.ts', 'tsConfig'], ['test/config.test.ts', 'tsTest'], ['package.json', 'packageJson'], ['README.md', 'readme'], ['src/index.ts', 'tsIndex'], ['docs/configuration.md', 'docsConfiguration']],
  'quillstack/mdlint-lite': [['lib/rules.js', 'jsRules'], ['bin/cli.js', 'jsCli'], ['package.json', 'packageJson']],
  'orchard-ci/orchard': [['cmd/{cmd}/main.go', 'goMain'], ['Makefile', 'makefile'], ['internal/config/config.go', 'goConfig'], ['Dockerfile', 'dockerfile'], ['README.md', 'readme'], ['.github/workflows/ci.yml', 'ciYaml']],
  'orchard-ci/orchard-agent': [['internal/retry/retry.go', 'goRetry'], ['go.mod', 'goMod']],
  'ferrydeck/ferry': [['internal/config/config.go', 'goConfig'], ['Dockerfile', 'dockerfile'], ['cmd/{cmd}/main.go', 'goMain'], ['internal/config/config_test.go', 'goConfigTest'], ['README.md', 'readme'], ['Makefile', 'makefile']],
  'ferrydeck/ferry-base-images': [['Dockerfile', 'dockerfile'], ['README.md', 'readme']],
  'ferrydeck/dockhand': [['src/lib.rs', 'rsLib'], ['Cargo.toml', 'cargoToml']],
  'saltmarsh-labs/brine': [['{pkg}/config.py', 'pyConfig'], ['README.md', 'readme'], ['tests/test_config.py', 'pyTest'], ['{pkg}/__init__.py', 'pyInit'], ['pyproject.toml', 'pyproject']],
  'saltmarsh-labs/tidemark': [['{pkg}/config.py', 'pyConfig'], ['pyproject.toml', 'pyproject']],
  'brambleio/bramble-js': [['src/index.ts', 'tsIndex'], ['package.json', 'packageJson'], ['src/config.ts', 'tsConfig']],
  'brambleio/bramble-py': [['{pkg}/config.py', 'pyConfig'], ['README.md', 'readme']],
  'brambleio/bramble-rs': [['src/lib.rs', 'rsLib'], ['Cargo.toml', 'cargoToml']],
  'copperleaf-sec/patina': [['internal/config/config.go', 'goConfig'], ['README.md', 'readme'], ['cmd/{cmd}/main.go', 'goMain'], ['.github/workflows/ci.yml', 'ciYaml']],
  'copperleaf-sec/patina-rules': [['rules/cloud-keys.yml', 'rulesYaml']],
  'copperleaf-sec/vault-drills': [['drills/credential-leak.md', 'runbook'], ['README.md', 'readme']],
  'copperleaf-sec/patina-enterprise': [['internal/config/config.go', 'goConfig'], ['README.md', 'readme']],
  'moss-and-pine/go-service-template': [['internal/config/config.go', 'goConfig'], ['Makefile', 'makefile'], ['Dockerfile', 'dockerfile']],
  'moss-and-pine/py-lib-template': [['src/{pkg}/config.py', 'pyConfig'], ['pyproject.toml', 'pyproject']],
  'haruto-ishii/kumo': [['main.go', 'kumoMain'], ['README.md', 'kumoReadme']],
  'soren-dahl/nordlys': [['{pkg}/config.py', 'pyConfig']],
  'zoe-achterberg/contrast-checker': [['src/index.ts', 'tsIndex']],
  'priya-raghavan/interview-notes': [['README.md', 'runbook']],
  'mara-lindqvist/dotfiles': [['install.sh', 'installSh']],
};

/** Toolchain matrix and test command per primary language (for CI files). */
const CI: Readonly<Record<string, readonly [matrix: string, testCmd: string]>> = {
  Go: ['["1.22", "1.23"]', 'go test -race ./...'],
  Python: ['["3.10", "3.12", "3.13"]', 'pytest -q'],
  Rust: ['[stable, beta]', 'cargo test --all-features'],
  TypeScript: ['["20", "22"]', 'npm test'],
};

/** The naming variables of a repository, for templates. */
export function namesOf(repo: Repo): Names {
  const domain = DOMAINS[domainOf(repo)];
  const cmd = repo.name.replace(/-(go|py|js|rs)$/, '').replace(/^py-lib-template$/, 'mylib');
  const pkg = cmd.replace(/-/g, '_');
  const Type = cmd.split(/[-_]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  const lang = repo.lang ?? '';
  const [matrix, testCmd] = CI[lang] ?? CI.Go!;
  const installs: Readonly<Record<string, string>> = { Go: `go install github.com/${repo.fullName}/cmd/${cmd}@latest`, Python: `pip install ${cmd}`, Rust: `cargo add ${cmd}`, TypeScript: `npm install ${cmd}`, JavaScript: `npm install ${cmd}` };
  const install = installs[lang] ?? 'Clone the repository and follow the steps below.';
  return {
    product: domainOf(repo) === 'generic' || repo.name.includes('-') ? repo.name : domain.product,
    cmd,
    pkg,
    Type,
    repo: repo.name,
    owner: repo.owner.login,
    file: domain.files[0] ?? '',
    desc: repo.desc ?? `The ${repo.name} project.`,
    components: domain.components,
    flags: domain.flags,
    version: domain.versions[domain.versions.length - 1] ?? '',
    branch: repo.branch,
    matrix,
    testCmd,
    install: '```sh\n' + install + '\n```',
    firstCmd: domain.subcmds[0] ?? 'run',
  };
}

/** Code records of a repository (with `headSha` and `lastCommitMs` set), at most `limit` files. */
export function buildCode(repo: Repo, limit: number): CodeRecord[] {
  const plan = (FILE_PLANS[repo.fullName] ?? []).slice(0, limit);
  if (!plan.length) return [];
  const names = namesOf(repo);
  const rng = new Rng(`code:${repo.fullName}`);
  const repoObject = minimalRepository(repoHead(repo));
  return plan.map(([template, name]): CodeRecord => {
    const path = template.replace('{cmd}', names.cmd).replace('{pkg}', names.pkg);
    const [render, language] = TEMPLATES[name];
    const text = render(names);
    const sha = gitBlobSha(text);
    const encodedPath = path.split('/').map(encodeURIComponent).join('/');
    const modified = repo.lastCommitMs - rng.int(0, 400) * DAY;
    return {
      name: path.slice(path.lastIndexOf('/') + 1),
      path,
      sha,
      url: `${API}/repositories/${repo.id}/contents/${encodedPath}?ref=${repo.headSha}`,
      git_url: `${API}/repositories/${repo.id}/git/blobs/${sha}`,
      html_url: `${WEB}/${repo.fullName}/blob/${repo.headSha}/${encodedPath}`,
      repository: repoObject,
      size: Buffer.byteLength(text, 'utf8'),
      language,
      last_modified_at: isoZ(Math.max(repo.createdMs + DAY, modified)),
      encoding: 'base64',
      content: wrapBase64(Buffer.from(text, 'utf8').toString('base64')),
    };
  });
}

/** The number of files planned for a repository. */
export function plannedFileCount(repo: Repo): number {
  return (FILE_PLANS[repo.fullName] ?? []).length;
}

/** Base64 wrapped at 60 characters per line, each line ending in `\n` (as the contents API returns it). */
function wrapBase64(b64: string): string {
  let out = '';
  for (let i = 0; i < b64.length; i += 60) out += b64.slice(i, i + 60) + '\n';
  return out;
}
