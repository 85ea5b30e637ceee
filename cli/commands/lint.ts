import { readFileSync } from 'node:fs';
import { PLACEHOLDERS } from '../../src/core/template/placeholders';
import { lintRules } from '../../src/lint/lintRules';
import { lintTheme, type ThemeProblem } from '../../src/lint/lintTheme';
import { parseThemeFile } from '../../src/lint/parseThemeFile';
import type { CliIo } from '../io';

const FIELD = { html: 'htmlTemplate', css: 'cssTemplate', js: 'jsTemplate' } as const;

function describe(file: string, themeId: string, p: ThemeProblem): string {
  const fix = p.fix ? `\n    fix: ${p.fix.label}` : '';
  return `${file} ${themeId} ${FIELD[p.source]}:${p.line}:${p.column} ${p.severity} ${p.code}  ${p.message}${fix}`;
}

/**
 * `vitrine lint`: the theme studio's lint on theme files (one Theme, an array, or a
 * /v1/theme answer). 0 clean or warnings only, 1 errors (or warnings with --strict),
 * 2 a file that cannot be read or is not a theme.
 */
export function runLint(files: string[], options: { strict?: boolean; rules?: boolean }, io: CliIo): number {
  if (options.rules) {
    for (const [code, doc] of Object.entries(lintRules)) io.out(`${code.padEnd(26)} ${doc}`);
    return 0;
  }
  if (files.length === 0) {
    io.err('Usage: vitrine lint [--strict] <theme.json>...  (or vitrine lint --rules): name at least one theme file');
    return 2;
  }
  let worst = 0;
  const count = { error: 0, warning: 0 };
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
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
  return count.error > 0 || (options.strict && count.warning > 0) ? 1 : 0;
}
