/**
 * Source file templates for the code search records, collected from `templates/*.ts`. Each template takes the
 * naming variables of a repository ({@link Names}) and returns the file text. The code is written for this dump;
 * it is meant to read like real project code (camelCase and snake_case identifiers, comments, tests), not to run.
 */

/** The naming variables of a repository, for templates. */
export interface Names {
  /** Display name, e.g. `Skyhook`. */
  product: string;
  /** Command / crate / package name in kebab-case, e.g. `skyhook`. */
  cmd: string;
  /** snake_case package name, e.g. `skyhook`. */
  pkg: string;
  /** PascalCase type prefix, e.g. `Skyhook`. */
  Type: string;
  /** Repository name. */
  repo: string;
  /** Owner login. */
  owner: string;
  /** Main config file name, e.g. `skyhook.yaml`. */
  file: string;
  /** One-line description. */
  desc: string;
  components: readonly string[];
  flags: readonly string[];
  /** Latest release of the project family. */
  version: string;
  /** Default branch. */
  branch: string;
  /** CI toolchain matrix (YAML flow list). */
  matrix: string;
  /** CI test command. */
  testCmd: string;
  /** Fenced install snippet for READMEs. */
  install: string;
  /** First subcommand shown in quick starts. */
  firstCmd: string;
}

/** A template: the naming variables → the file text. */
export type Template = (names: Names) => string;

import { goMain, goConfig, goConfigTest, goRetry, goMod, kumoMain } from './templates/go.js';
import { pyInit, pyConfig, pyPipeline, pyTest, pyproject } from './templates/python.js';
import { tsIndex, tsConfig, tsTest, tsxButton, tsHook, packageJson, tsconfigJson, jsCli, jsRules, jsIndex } from './templates/web.js';
import { rsLib, rsModule, cargoToml } from './templates/rust.js';
import { readme, docsConfiguration, quickstart, runbook, kumoReadme } from './templates/docs.js';
import { ciYaml, exampleManifest, crdYaml, actionYml, rulesYaml, dockerfile, makefile, hclMain, installSh } from './templates/ops.js';

/** Template name → [render function, linguist language]. */
export const TEMPLATES = {
  goMain: [goMain, 'Go'],
  goConfig: [goConfig, 'Go'],
  goConfigTest: [goConfigTest, 'Go'],
  goRetry: [goRetry, 'Go'],
  goMod: [goMod, 'Go Module'],
  pyInit: [pyInit, 'Python'],
  pyConfig: [pyConfig, 'Python'],
  pyPipeline: [pyPipeline, 'Python'],
  pyTest: [pyTest, 'Python'],
  pyproject: [pyproject, 'TOML'],
  tsIndex: [tsIndex, 'TypeScript'],
  tsConfig: [tsConfig, 'TypeScript'],
  tsTest: [tsTest, 'TypeScript'],
  tsxButton: [tsxButton, 'TSX'],
  tsHook: [tsHook, 'TypeScript'],
  packageJson: [packageJson, 'JSON'],
  tsconfigJson: [tsconfigJson, 'JSON with Comments'],
  jsCli: [jsCli, 'JavaScript'],
  jsRules: [jsRules, 'JavaScript'],
  jsIndex: [jsIndex, 'JavaScript'],
  rsLib: [rsLib, 'Rust'],
  rsModule: [rsModule, 'Rust'],
  cargoToml: [cargoToml, 'TOML'],
  readme: [readme, 'Markdown'],
  docsConfiguration: [docsConfiguration, 'Markdown'],
  quickstart: [quickstart, 'Markdown'],
  ciYaml: [ciYaml, 'YAML'],
  exampleManifest: [exampleManifest, 'YAML'],
  crdYaml: [crdYaml, 'YAML'],
  actionYml: [actionYml, 'YAML'],
  rulesYaml: [rulesYaml, 'YAML'],
  dockerfile: [dockerfile, 'Dockerfile'],
  makefile: [makefile, 'Makefile'],
  hclMain: [hclMain, 'HCL'],
  runbook: [runbook, 'Markdown'],
  installSh: [installSh, 'Shell'],
  kumoMain: [kumoMain, 'Go'],
  kumoReadme: [kumoReadme, 'Markdown'],
} as const satisfies Record<string, readonly [Template, string]>;

/** The name of a template. */
export type TemplateName = keyof typeof TEMPLATES;
