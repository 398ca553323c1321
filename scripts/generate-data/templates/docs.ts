/**
 * Code templates: Markdown: READMEs, guides and runbooks.
 * Each export takes the naming variables of a repository and returns the file text (see ../code-templates.ts).
 */

import type { Names } from '../code-templates.js';

export const readme = (n: Names): string => `# ${n.product}

${n.desc}

## Install

${n.install}

## Quick start

1. Create a \`${n.file}\` in your project.
2. Run \`${n.cmd} ${n.firstCmd}\`.
3. Read the output; nothing changes until you confirm.

## Configuration

| Key | Default | Meaning |
|---|---|---|
| \`name\` | — | A name for logs and reports |
| \`parallelism\` | \`4\` | How much work runs at once |
| \`timeout\` | \`30s\` | Per-operation timeout |

See [docs/configuration.md](docs/configuration.md) for every option, including the ${n.components[0]} and the ${n.components[1]}.

## Contributing

Issues labelled \`good first issue\` are a good place to start. Please run the tests before opening a pull request.

## License

See [LICENSE](LICENSE).
`;

export const docsConfiguration = (n: Names): string => `# Configuration

${n.product} reads \`${n.file}\` from the working directory. Command-line flags win over the file.

## Flags

${n.flags.map((f) => `- \`${f}\``).join('\n')}

## The ${n.components[0]}

The ${n.components[0]} runs before the ${n.components[1]}. If it fails, nothing else runs and the exit code is 2.

## Timeouts and retries

Transient errors are retried with exponential backoff and jitter. Permanent errors (bad credentials, invalid
input) fail immediately.
`;

export const quickstart = (n: Names): string => `# Quick start

This guide takes about five minutes.

\`\`\`sh
pip install ${n.cmd}
\`\`\`

Write a small pipeline:

\`\`\`python
from ${n.pkg} import read_config_file

config = read_config_file("${n.file}")
print(config.name, config.workers)
\`\`\`

Next, read about the ${n.components[0]} and the ${n.components[1]}.
`;

export const runbook = (n: Names): string => `# Drill: leaked credential

**Goal:** rotate a leaked key within 30 minutes and prove nothing used it.

1. Confirm the finding in the scanner report; copy the rule id and commit.
2. Revoke the key at the provider. Do not delete the commit yet.
3. Search access logs for the key id for the last 30 days.
4. Rotate dependants; redeploy.
5. Write the timeline in the incident channel.

Owner of this drill: the ${n.owner} security rotation.
`;

export const kumoReadme = (_n: Names): string => `# kumo ☁️

雲のように軽い HTTP 負荷テストツール。A minimal HTTP load tester.

## 使い方 (usage)

\`\`\`sh
kumo -url http://localhost:8080/ -n 1000 -c 20
\`\`\`

出力例 (sample output): \`p50=3.1ms p90=5.4ms p99=11.8ms\`
`;
