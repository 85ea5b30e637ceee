import { parse, type Options } from 'acorn';
import { problemAt } from './problemAt';
import type { ThemeProblem } from './ThemeProblem';

/** What acorn attaches to the SyntaxError it throws. */
interface AcornError extends SyntaxError {
  pos: number;
}

function isAcornError(e: unknown): e is AcornError {
  return e instanceof SyntaxError && typeof (e as Partial<AcornError>).pos === 'number';
}

// The embed runs a `jsTemplate` as the body of a function that receives the
// widget root and data, so `return` at the top level is fine and modules are not.
const options: Options = { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true };

/** Parses (never runs) a `jsTemplate` and reports the first syntax error. */
export function lintScript(js: string): ThemeProblem[] {
  try {
    parse(js, options);
    return [];
  } catch (e) {
    if (!isAcornError(e)) throw e;
    // acorn ends its message with "(line:column)"; the problem carries those separately.
    const reason = e.message.replace(/\s*\(\d+:\d+\)$/, '');
    return [problemAt(js, 'js', 'js-syntax', 'error', e.pos, Math.min(e.pos + 1, js.length),
      `JavaScript does not parse: ${reason}. The script will not run.`)];
  }
}
