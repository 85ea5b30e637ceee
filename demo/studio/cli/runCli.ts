import { PLACEHOLDERS } from '../../../src/core/template/placeholders';
import { lintRules } from '../lint/lintRules';
import { lintTheme, type ThemeProblem } from '../lint/lintTheme';
import { parseThemeFile } from '../parseThemeFile';

const FIELD = { html: 'htmlTemplate', css: 'cssTemplate', js: 'jsTemplate' } as const;

const USAGE = `Usage: vitrine lint [--strict] <theme.json>...
       vitrine lint --rules

Checks Vitrine themes (one Theme, an array, or a /v1/theme answer per file) with the
theme studio's rules. Exit code: 0 clean (warnings allowed), 1 errors (or warnings
with --strict), 2 a file that cannot be read or is not a theme.`;

export interface CliIo {
  readFile(path: string): string;
  out(line: string): void;
  err(line: string): void;
}

function describe(file: string, themeId: string, p: ThemeProblem): string {
  const fix = p.fix ? `\n    fix: ${p.fix.label}` : '';
  return `${file} ${themeId} ${FIELD[p.source]}:${p.line}:${p.column} ${p.severity} ${p.code}  ${p.message}${fix}`;
}

/** `vitrine lint`: lints theme files, prints one line per problem, returns the exit code. */
export function runCli(args: readonly string[], io: CliIo): number {
  const [command, ...rest] = args;
  if (command !== 'lint') {
    io.err(USAGE);
    return 2;
  }
  if (rest.includes('--rules')) {
    for (const [code, doc] of Object.entries(lintRules)) io.out(`${code.padEnd(26)} ${doc}`);
    return 0;
  }
  const strict = rest.includes('--strict');
  const files = rest.filter((a) => !a.startsWith('--'));
  if (files.length === 0) {
    io.err(USAGE);
    return 2;
  }
  let worst = 0;
  const count = { error: 0, warning: 0 };
  for (const file of files) {
    let text: string;
    try {
      text = io.readFile(file);
    } catch (e) {
      io.err(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      worst = 2;
      continue;
    }
    const parsed = parseThemeFile(text);
    if (!parsed.ok) {
      io.err(`${file}: ${parsed.error}`);
      worst = 2;
      continue;
    }
    for (const theme of parsed.themes) {
      for (const p of lintTheme(theme, PLACEHOLDERS)) {
        count[p.severity]++;
        io.out(describe(file, theme.themeId, p));
      }
    }
  }
  io.out(`${count.error} error${count.error === 1 ? '' : 's'}, ${count.warning} warning${count.warning === 1 ? '' : 's'}`);
  if (worst) return worst;
  return count.error > 0 || (strict && count.warning > 0) ? 1 : 0;
}
