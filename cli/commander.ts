// The `vitrine` program: nouns then verbs, one `.action` per verb, each delegating to
// its command in commands/. Parsing, help, --version and exit codes live here only.
import { Command, CommanderError, Option } from 'commander';
import { runApply } from './commands/config/apply';
import { runCheck } from './commands/config/check';
import { runPlan } from './commands/config/plan';
import { runLint } from './commands/lint';
import { runServices } from './commands/services';
import { isUsageError, masked, type CliIo } from './io';

declare const __VITRINE_VERSION__: string;

const ENVIRONMENT = `
Environment (service commands): VITRINE_BASE_URL, VITRINE_ORG_ID, VITRINE_API_KEY.
Exit codes: 0 ok, 1 problems found or a call refused, 2 usage, an unreadable file,
or a service that cannot be reached or answers with a web page.`;

function program(io: CliIo, finish: (code: number) => void): Command {
  const vitrine = new Command('vitrine')
    .description('Vitrine on the command line: theme lint, configuration as code, the key\'s services.')
    .version(__VITRINE_VERSION__, '-V, --version', 'print the version of the vitrine package')
    .addHelpText('after', ENVIRONMENT)
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.replace(/\n$/, '')), writeErr: (s) => io.err(s.replace(/\n$/, '')) })
    .showHelpAfterError('(vitrine --help lists the commands)');
  vitrine.command('lint')
    .description('lint theme files (one Theme, an array, or a /v1/theme answer) with the theme studio\'s rules')
    .argument('[theme.json...]', 'theme files')
    .option('--strict', 'fail on warnings too')
    .option('--rules', 'list every rule with a line of documentation')
    .action((files: string[], o: { strict?: boolean; rules?: boolean }) => finish(runLint(files, o, io)));
  const config = vitrine.command('config').description('configuration as code: search.json and widgets/*.json in a folder');
  config.command('check')
    .description('check a configuration folder against the interface, the rule format and the service')
    .argument('<dir>', 'folder holding search.json and widgets/*.json')
    .option('--offline', 'skip the checks that ask the service (algorithm, page, theme, organisation)')
    .option('--json', 'print the problems as JSON')
    .action(async (dir: string, o: { offline?: boolean; json?: boolean }) => finish(await runCheck(dir, o, io)));
  config.command('plan')
    .description('show what apply would send, compared with what was last applied from the folder')
    .argument('<dir>', 'configuration folder')
    .option('--json', 'print the plan as JSON')
    .action(async (dir: string, o: { json?: boolean }) => finish(await runPlan(dir, o, io)));
  config.command('apply')
    .description('check, then send the changed search configuration and widgets; stops at the first refusal')
    .argument('<dir>', 'configuration folder')
    .option('--dry-run', 'only show the plan (same as `config plan`)')
    .addOption(new Option('--json', 'with --dry-run, print the plan as JSON').implies({ dryRun: true }))
    .action(async (dir: string, o: { dryRun?: boolean; json?: boolean }) => finish(o.dryRun ? await runPlan(dir, o, io) : await runApply(dir, io)));
  vitrine.command('services')
    .description('list the services the key may use, with version and cost per call')
    .option('--json', 'print the catalogue as JSON')
    .action(async (o: { json?: boolean }) => finish(await runServices(o, io)));
  return vitrine;
}

/** Runs `vitrine <args>`; resolves to the exit code. */
export async function runVitrine(args: readonly string[], rawIo: CliIo): Promise<number> {
  const io = masked(rawIo);
  let code = 0;
  try {
    await program(io, (c) => (code = c)).parseAsync([...args], { from: 'user' });
    return code;
  } catch (e) {
    // Help and --version end with code 0; every other complaint of the parser is usage.
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (isUsageError(e)) {
      io.err(`vitrine: ${e.message}`);
      return 2;
    }
    throw e;
  }
}
