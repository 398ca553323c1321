/**
 * Source file templates for the code search records, collected from `templates/*.mjs`. Each template takes the
 * naming variables of a repository ({@link Names}) and returns the file text. The code is written for this dump;
 * it is meant to read like real project code (camelCase and snake_case identifiers, comments, tests), not to run.
 *
 * @typedef {object} Names
 * @property {string} product  display name, e.g. `Skyhook`
 * @property {string} cmd      command / crate / package name in kebab-case, e.g. `skyhook`
 * @property {string} pkg      snake_case package name, e.g. `skyhook`
 * @property {string} Type     PascalCase type prefix, e.g. `Skyhook`
 * @property {string} repo     repository name
 * @property {string} owner    owner login
 * @property {string} file     main config file name, e.g. `skyhook.yaml`
 * @property {string} desc     one-line description
 * @property {string[]} components
 * @property {string[]} flags
 * @property {string} version   latest release of the project family
 * @property {string} branch    default branch
 * @property {string} matrix    CI toolchain matrix (YAML flow list)
 * @property {string} testCmd   CI test command
 * @property {string} install   fenced install snippet for READMEs
 * @property {string} firstCmd  first subcommand shown in quick starts
 */

import { goMain, goConfig, goConfigTest, goRetry, goMod, kumoMain } from './templates/go.mjs';
import { pyInit, pyConfig, pyPipeline, pyTest, pyproject } from './templates/python.mjs';
import { tsIndex, tsConfig, tsTest, tsxButton, tsHook, packageJson, tsconfigJson, jsCli, jsRules, jsIndex } from './templates/web.mjs';
import { rsLib, rsModule, cargoToml } from './templates/rust.mjs';
import { readme, docsConfiguration, quickstart, runbook, kumoReadme } from './templates/docs.mjs';
import { ciYaml, exampleManifest, crdYaml, actionYml, rulesYaml, dockerfile, makefile, hclMain, installSh } from './templates/ops.mjs';

/** Template name → [render function, linguist language or null]. */
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
};
