// The `vitrine` program: nouns then verbs, one `.action` per verb, each delegating to
// its command in commands/. Parsing, help, --version and exit codes live here only.
import { Command, CommanderError, Option } from 'commander';
import { runApply } from './commands/config/apply';
import { runCheck } from './commands/config/check';
import { runInit } from './commands/config/init';
import { runPlan, type PlanOptions } from './commands/config/plan';
import { runRecord } from './commands/config/record';
import { runLint } from './commands/lint';
import { runServices } from './commands/services';
import { isUsageError, masked, type CliIo } from './io';

declare const __VITRINE_VERSION__: string;

const ENVIRONMENT = `
Environment (service commands): VITRINE_BASE_URL, VITRINE_ORG_ID, VITRINE_API_KEY;
VITRINE_ORG_NAME and VITRINE_ENV (or --env <name>) for configuration folders.
Exit codes: 0 ok, 1 problems found or a call refused (HTTP 400, 401, 403, 429 included),
2 usage, an unreadable file, or a service that cannot be reached, fails (5xx) or
answers with a web page. \`config plan --detailed-exitcode\`: 0 nothing to send,
2 changes to send, 1 anything else.`;

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
  const env = () => new Option('--env <name>', 'the environment: its orgId and orgName from <dir>/environments/<name>.json (default: VITRINE_ENV, or VITRINE_ORG_ID and VITRINE_ORG_NAME)');
  config.command('init')
    .description('write a starter folder from what the service tells: the key\'s services, algorithms, pages and themes')
    .argument('[folder]', 'the folder to write', 'config')
    .option('--force', 'write even if the folder holds configuration (each file written over is named)')
    .action(async (folder: string, o: { force?: boolean }) => finish(await runInit(folder, o, io)));
  config.command('check')
    .description('check a configuration folder against the interface, the rule format and the service')
    .argument('<dir>', 'folder holding search.json and widgets/*.json')
    .option('--offline', 'skip the checks that ask the service (algorithm, page, theme)')
    .option('--json', 'print the problems as JSON')
    .addOption(env())
    .action(async (dir: string, o: { offline?: boolean; json?: boolean; env?: string }) => finish(await runCheck(dir, o, io)));
  config.command('plan')
    .description('show what apply would send, compared with what was last applied from the folder')
    .argument('<dir>', 'configuration folder')
    .addOption(new Option('--format <format>', 'text, json, or markdown (a pull-request comment)').choices(['text', 'json', 'markdown']).default('text'))
    .option('--json', 'the same as --format json')
    .option('--detailed-exitcode', 'exit 0 when there is nothing to send, 2 when there are changes to send, 1 for anything else')
    .addOption(env())
    .action(async (dir: string, o: PlanOptions & { json?: boolean }) => {
      const options = { ...o, format: o.json ? 'json' as const : o.format };
      if (!o.detailedExitcode) return finish(await runPlan(dir, options, io));
      // 2 means "changes to send" here, so a mistake exits 1, as Terraform's -detailed-exitcode does.
      try {
        finish(await runPlan(dir, options, io));
      } catch (e) {
        if (!isUsageError(e)) throw e;
        io.err(`vitrine: ${e.message}`);
        finish(1);
      }
    });
  config.command('apply')
    .description('check, then send the changed search configuration and widgets; stops at the first refusal')
    .argument('<dir>', 'configuration folder')
    .option('--dry-run', 'send nothing: print the plan instead (as `config plan`)')
    .option('--json', 'print what was sent and what the service answered, per file, as JSON (with --dry-run: the plan)')
    .addOption(env())
    .action(async (dir: string, o: { dryRun?: boolean; json?: boolean; env?: string }) => finish(o.dryRun
      ? await runPlan(dir, { format: o.json ? 'json' : 'text', env: o.env }, io)
      : await runApply(dir, o, io)));
  config.command('record')
    .description('take files applied by hand (in the console) as applied, sending nothing: the next plan compares with them')
    .argument('<dir>', 'configuration folder')
    .argument('[file...]', 'only these files of the folder (default: every file the plan would send)')
    .addOption(env())
    .action(async (dir: string, files: string[], o: { env?: string }) => finish(await runRecord(dir, files, o, io)));
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
    // Help and --version end with code 0; every other complaint of the parser is usage,
    // 1 under --detailed-exitcode, where 2 means changes to send.
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : args.includes('--detailed-exitcode') ? 1 : 2;
    if (isUsageError(e)) {
      io.err(`vitrine: ${e.message}`);
      return 2;
    }
    throw e;
  }
}
