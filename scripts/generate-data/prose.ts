/**
 * Readable English (and a little Japanese, Spanish, Chinese, Korean, German and French) for issue and pull
 * request titles and bodies, written from our own templates and the per-project vocabulary.
 *
 * Templates use `{slot}` placeholders; {@link fill} resolves each slot from a {@link Context}.
 */
import { DOMAINS, domainOf, type Domain } from './catalog-domains.js';
import type { Account, Repo } from './model.js';
import type { Rng } from './prng.js';

/** Operating environments mentioned in bug reports. */
const ENVIRONMENTS = ['macOS 15 on Apple silicon', 'Ubuntu 24.04 (x86_64)', 'Windows 11 with WSL2', 'Debian 12 in a container', 'Fedora 41', 'Alpine 3.20', 'FreeBSD 14.1', 'Amazon-style ARM64 VM running Ubuntu 22.04'];

/** Bug report titles. */
const BUG_TITLES = [
  '`{cmd} {subcmd}` panics when {file} is empty',
  '{component} ignores `{flag}`',
  'Crash on startup on {env}',
  '{component} leaks memory during long runs',
  'Regression in {version}: {component} returns stale results',
  'Error `{error}` after upgrading to {version}',
  '{component} hangs forever when the network drops',
  'Wrong exit code from `{cmd} {subcmd}` on failure',
  'Paths with spaces break the {component}',
  'Timeout setting is not respected by the {component}',
  '{component}: off-by-one when the input ends exactly on a boundary',
  'Flaky test around the {component}',
  '{component} is much slower in {version} than in {version2}',
  '`{flag}` is silently ignored when set in {file}',
];

/** Feature request titles. */
const FEATURE_TITLES = [
  'Support {feature}',
  'Add `{flag}` to `{cmd} {subcmd}`',
  'Allow configuring {setting} per {scope}',
  'Expose {component} metrics',
  'Proposal: {feature}',
  '{component}: make retries configurable',
  'Feature request: {feature}',
  'Print a friendlier message when {file} is missing',
];

/** Documentation titles. */
const DOCS_TITLES = [
  'Docs: explain how the {component} works',
  'Typo in the {component} guide',
  'Document `{flag}`',
  'Quickstart is out of date for {version}',
  'Add an example showing how to {task}',
  'README links to a page that no longer exists',
];

/** Question titles. */
const QUESTION_TITLES = [
  'How do I {task}?',
  'Is {feature} planned?',
  'Difference between the {component} and the {component2}?',
  'Recommended way to {task}',
];

/** Sentences that open a bug report. */
const BUG_OPENERS = [
  'Since upgrading to {version}, the {component} fails on a setup that worked before.',
  'I can reproduce this every time on {env}.',
  'We hit this in production last night and rolled back to {version2}.',
  'This only happens when `{flag}` is set.',
  'Not sure whether this is a bug or a misunderstanding on my side, but the behaviour looks wrong.',
];

/** Expected-behaviour sentences. */
const EXPECTATIONS = [
  'The command should exit with a clear error instead of crashing.',
  'I expected the {component} to pick up the setting from {file}.',
  'It should behave the same way it did in {version2}.',
  'The run should finish in a few seconds, as it does with smaller inputs.',
];

/** Motivation sentences for feature requests. */
const MOTIVATIONS = [
  'Our team runs {product} in several environments and we keep copying the same configuration around.',
  'Right now the only way to do this is a wrapper script, which is easy to get wrong.',
  'Several people asked for this in chat, so I am writing it down properly.',
  'This would make the {component} much easier to use from CI.',
];

/** Proposal sentences for feature requests. */
const PROPOSALS = [
  'Add an option, off by default, so existing users see no change.',
  'Read the value from {file} and let `{flag}` override it.',
  'Start with the smallest version of {feature} and iterate.',
  'Expose it through the {component} first; the CLI can follow.',
];

/** Closing remarks. */
const CLOSINGS = [
  'Happy to open a pull request if this direction sounds right.',
  'Thanks for the great project!',
  'Let me know if you need more logs.',
  'I can test a patch on our setup.',
  '',
];

/** Pull request summary sentences. */
const PR_SUMMARIES = [
  'This change makes the {component} handle an edge case we kept hitting in CI.',
  'Small, self-contained fix; no behaviour change for the default configuration.',
  'Splits the {component} into smaller functions so the fix is easier to review.',
  'Adds tests that failed before this change and pass after it.',
];

/** The conventional-commit types of pull request titles and commit subjects. */
export type CommitType = 'fix' | 'feat' | 'docs' | 'refactor' | 'test' | 'perf' | 'chore';

/** Conventional-commit style PR and commit subjects by type. */
const SUBJECTS: Readonly<Record<CommitType, readonly string[]>> = {
  fix: ['handle an empty {file}', 'respect `{flag}` in the {component}', 'avoid a panic when the {component} gets no input', 'release the lock on error', 'report the right exit code', 'stop retrying on permanent errors', 'keep ordering stable in the {component}'],
  feat: ['add `{flag}`', 'support {feature}', 'expose {setting} in the config file', 'add a JSON output mode', 'allow overriding {setting} per {scope}'],
  docs: ['document `{flag}`', 'fix typos in the {component} guide', 'add an example to {task}', 'update the quickstart for {version}', 'clarify how the {component} behaves'],
  refactor: ['split the {component} into smaller units', 'remove dead code from the {component}', 'simplify error handling'],
  test: ['cover {component} edge cases', 'make the {component} test deterministic', 'add a regression test for `{flag}`'],
  perf: ['avoid an allocation per item in the {component}', 'cache parsed {file}', 'batch writes in the {component}'],
  chore: ['update CI images', 'tidy the release script', 'bump the minimum toolchain version'],
};

/** Hand-written issues with non-ASCII text, used now and then: [title, body]. */
const I18N_ISSUES: ReadonlyArray<readonly [title: string, body: string]> = [
  ['クイックスタートの日本語訳を追加したい', '{product} のクイックスタートを日本語に翻訳しました。レビューをお願いします 🙏\n\n対象ファイル: `docs/quickstart.md`\n\n用語の統一について意見があれば教えてください。'],
  ['Error al leer rutas con acentos (café/menú.yaml)', 'Cuando el archivo está en una carpeta con acentos, el {component} falla:\n\n```\n{error}\n```\n\nCon rutas sin acentos funciona bien. Probado con {version} en {env}.'],
  ['文档：{component} 的配置示例有误', '文档里的示例缺少 `{flag}`，直接复制会报错。\n\n建议在示例中补上这个参数，并说明默认值。谢谢！'],
  ['한국어 문서 번역 제안', '{product} 문서를 한국어로 번역하고 싶습니다. 번역 파일은 어디에 두면 될까요?\n\n먼저 `README.md` 부터 시작하겠습니다.'],
  ['Umlaute im Pfad (Größe/Übersicht) führen zu einem Absturz', 'Sobald ein Verzeichnis Umlaute enthält, bricht der {component} ab. Mit ASCII-Pfaden läuft alles.\n\nVersion: {version}, System: {env}.'],
  ['Les noms de fichiers accentués (é, è, à) ne sont pas reconnus', 'Le {component} ignore les fichiers dont le nom contient des accents, par exemple `résumé.md`.\n\nMerci pour ce projet 🙂'],
  ['🐛 {component} crashes on empty input', 'Passing an empty document makes the {component} crash with `{error}`. 😬\n\nMinimal reproduction: an empty {file}.'],
  ['✨ Support {feature}', 'It would be lovely to have {feature} ✨ — we currently work around it with a script.\n\n👍 if you need it too!'],
  ['Naïve retry loop in the {component} causes a thundering herd', 'The retry loop has no jitter, so after an outage every client reconnects at the same instant. Adding jitter (and a cap) would help a lot — see the café-sized incident we had last week ☕.'],
];

/** What the templates may refer to. */
export interface Context {
  /** Vocabulary family (see catalog-domains.ts). */
  domain: Domain;
  /** Product name shown in prose. */
  product: string;
  /** Logins that may be @-mentioned. */
  mentionable: string[];
  /** An `org/team` handle that may be @-mentioned, or null. */
  team: string | null;
}

/** The prose context of a repository: its vocabulary family, product name, mentionable logins and team handle. */
export function proseContext(repo: Repo, members: readonly Account[]): Context {
  const key = domainOf(repo);
  const domain = DOMAINS[key];
  const product = key === 'generic' ? repo.name : domain.product;
  return {
    domain,
    product,
    mentionable: members.map((m) => m.login),
    team: repo.owner.type === 'Organization' ? `${repo.owner.login}/maintainers` : null,
  };
}

/**
 * Resolve every `{slot}` in a template from the context.
 * @throws Error on a slot it does not know.
 */
export function fill(template: string, ctx: Context, rng: Rng): string {
  const d = ctx.domain;
  const cmd = d.cmd ?? ctx.product.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    switch (slot) {
      case 'product': return ctx.product;
      case 'cmd': return cmd;
      case 'subcmd': return d.subcmds.length ? rng.pick(d.subcmds) : 'run';
      case 'component': return rng.pick(d.components);
      case 'component2': return rng.pick(d.components);
      case 'area': return rng.pick(d.areas);
      case 'flag': return rng.pick(d.flags);
      case 'file': return rng.pick(d.files);
      case 'error': return rng.pick(d.errors);
      case 'feature': return rng.pick(d.features);
      case 'setting': return rng.pick(d.settings);
      case 'scope': return rng.pick(d.scopes);
      case 'version': return rng.pick(d.versions);
      case 'version2': return rng.pick(d.versions);
      case 'dep': return rng.pick(d.deps);
      case 'task': return rng.pick(d.tasks);
      case 'env': return rng.pick(ENVIRONMENTS);
      default: throw new Error(`unknown template slot {${slot}}`);
    }
  });
}

/** The kinds of planned issues. */
export type IssueKind = 'bug' | 'feature' | 'docs' | 'question';

/** A title and a markdown body (null for an empty body). */
export interface Text {
  title: string;
  body: string | null;
}

/**
 * Title and markdown body of an issue.
 * @param extra logins to @-mention in the body; whether to use a non-English template
 */
export function issueText(kind: IssueKind, ctx: Context, rng: Rng, extra: { mentions: readonly string[]; i18n: boolean }): Text {
  if (extra.i18n) {
    const [t, b] = rng.pick(I18N_ISSUES);
    return { title: fill(t, ctx, rng), body: withMentions(fill(b, ctx, rng), extra.mentions, ctx, rng) };
  }
  const titles = { bug: BUG_TITLES, feature: FEATURE_TITLES, docs: DOCS_TITLES, question: QUESTION_TITLES }[kind];
  const title = fill(rng.pick(titles), ctx, rng);
  if (rng.chance(0.06)) return { title, body: extra.mentions.length ? mentionLine(extra.mentions) : null };
  const parts: string[] = [];
  if (kind === 'bug') {
    parts.push(fill(rng.pick(BUG_OPENERS), ctx, rng));
    if (rng.chance(0.75)) {
      parts.push('### Steps to reproduce');
      const cmd = ctx.domain.cmd;
      const steps = [
        `1. Start from a minimal \`${fill('{file}', ctx, rng)}\`.`,
        cmd ? `2. Run \`${fill('{cmd} {subcmd} {flag}', ctx, rng)}\`.` : `2. Use the ${fill('{component}', ctx, rng)} with \`${fill('{flag}', ctx, rng)}\`.`,
        '3. Watch the output.',
      ];
      parts.push(steps.join('\n'));
    }
    if (rng.chance(0.7)) parts.push('```\n' + fill('{error}', ctx, rng) + '\n```');
    parts.push('### Expected behaviour');
    parts.push(fill(rng.pick(EXPECTATIONS), ctx, rng));
    if (rng.chance(0.6)) parts.push(`### Environment\n\n- ${ctx.product} ${fill('{version}', ctx, rng)}\n- ${fill('{env}', ctx, rng)}`);
  } else if (kind === 'feature') {
    parts.push('### Motivation');
    parts.push(fill(rng.pick(MOTIVATIONS), ctx, rng));
    parts.push('### Proposal');
    parts.push(fill(rng.pick(PROPOSALS), ctx, rng));
    if (rng.chance(0.4)) parts.push('### Alternatives considered\n\nA wrapper script around `' + fill('{cmd}', ctx, rng) + '`, which works but is fragile.');
  } else if (kind === 'docs') {
    parts.push(fill('The page about the {component} does not mention `{flag}`, and the example uses an option that was renamed in {version}.', ctx, rng));
    if (rng.chance(0.5)) parts.push('Suggested wording:\n\n> ' + fill('The {component} reads {setting} from {file}; the command-line flag wins when both are set.', ctx, rng));
  } else {
    parts.push(fill('I am trying to {task}. I read the docs on the {component} but could not find a clear answer.', ctx, rng));
    if (rng.chance(0.5)) parts.push(fill('What I tried so far: setting `{flag}` in {file}.', ctx, rng));
  }
  const closing = fill(rng.pick(CLOSINGS), ctx, rng);
  if (closing) parts.push(closing);
  return { title, body: withMentions(parts.join('\n\n'), extra.mentions, ctx, rng) };
}

/**
 * Title, body, conventional-commit type and head branch of a pull request.
 * @param extra logins to @-mention; the number of the issue it fixes (or null); whether to use a non-English title
 */
export function pullText(ctx: Context, rng: Rng, extra: { mentions: readonly string[]; fixes: number | null; i18n: boolean }): Text & { type: CommitType; branch: string } {
  const type = rng.weighted<CommitType>([['fix', 5], ['feat', 3], ['docs', 2], ['refactor', 1], ['test', 1], ['perf', 1], ['chore', 1]]);
  const area = fill('{area}', ctx, rng);
  const subject = fill(rng.pick(SUBJECTS[type]), ctx, rng);
  const scoped = rng.chance(0.6);
  let title = scoped ? `${type}(${area}): ${subject}` : `${type}: ${subject}`;
  if (rng.chance(0.15)) title = subject.charAt(0).toUpperCase() + subject.slice(1);
  if (extra.i18n) title = rng.pick(['docs: 日本語のクイックスタートを追加', 'fix: gérer les chemins accentués', 'docs: 中文配置示例', '✨ feat: add a dark theme 🌙']);
  const branch = `${type}/${slug(subject)}`;
  const parts: string[] = [];
  if (extra.fixes !== null) {
    parts.push(`Fixes #${extra.fixes}.`);
    parts.push(fill('This change makes the {component} handle the case described in the issue.', ctx, rng));
  } else {
    parts.push(fill(rng.pick(PR_SUMMARIES), ctx, rng));
  }
  if (rng.chance(0.5)) parts.push('- [x] Tests added\n- [' + (rng.chance(0.5) ? 'x' : ' ') + '] Docs updated\n- [x] Changelog entry');
  if (rng.chance(0.15)) return { title, body: null, type, branch };
  return { title, body: withMentions(parts.join('\n\n'), extra.mentions, ctx, rng), type, branch };
}

/** A dependency-bump pull request opened by a bot: its text, head branch, dependency and versions. */
export function bumpText(ctx: Context, rng: Rng): Text & { branch: string; dep: string; from: string; to: string } {
  const dep = fill('{dep}', ctx, rng);
  const major = rng.int(0, 4);
  const minor = rng.int(0, 19);
  const from = `${major}.${minor}.${rng.int(0, 9)}`;
  const to = rng.chance(0.8) ? `${major}.${minor + 1}.0` : `${major + 1}.0.0`;
  return {
    title: `Bump ${dep} from ${from} to ${to}`,
    body: `Bumps ${dep} from ${from} to ${to}.\n\n**Changes in ${to}**\n- Faster startup\n- Fixed a rare crash when the input is empty\n\nThis pull request was opened automatically. Comment \`@bumpwise rebase\` to rebase it.`,
    branch: `bumpwise/${dep}-${to}`,
    dep,
    from,
    to,
  };
}

/**
 * A commit message: a conventional subject and, often, a wrapped body.
 * @param extra an issue number the message may close
 */
export function commitMessage(ctx: Context, rng: Rng, extra: { issueRef: number | null }): string {
  const type = rng.weighted<CommitType>([['fix', 5], ['feat', 3], ['docs', 2], ['refactor', 2], ['test', 2], ['perf', 1], ['chore', 2]]);
  const subject = fill(rng.pick(SUBJECTS[type]), ctx, rng);
  const head = rng.chance(0.55) ? `${type}(${fill('{area}', ctx, rng)}): ${subject}` : rng.chance(0.8) ? `${type}: ${subject}` : subject.charAt(0).toUpperCase() + subject.slice(1);
  if (rng.chance(0.4)) return head;
  const lines = [fill(rng.pick(PR_SUMMARIES), ctx, rng)];
  if (rng.chance(0.4)) lines.push(fill('The {component} now checks its input before touching {file}.', ctx, rng));
  if (extra.issueRef !== null) lines.push(`Closes #${extra.issueRef}`);
  return `${head}\n\n${lines.join('\n\n')}`;
}

/** A lower-case branch-name slug of a subject. */
function slug(text: string): string {
  return text.toLowerCase().replace(/[`'"]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
}

/** `cc @a @b` */
function mentionLine(mentions: readonly string[]): string {
  return `cc ${mentions.map((m) => `@${m}`).join(' ')}`;
}

/** Append @-mentions (and sometimes a team mention) to a body. */
function withMentions(body: string, mentions: readonly string[], ctx: Context, rng: Rng): string {
  let out = body;
  if (mentions.length) out += `\n\n${mentionLine(mentions)}`;
  if (ctx.team && rng.chance(0.08)) out += `\n\n/cc @${ctx.team}`;
  return out;
}
