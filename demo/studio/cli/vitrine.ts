// `npx vitrine lint theme.json`: the theme studio's lint for CI. Built to dist/vitrine-cli.mjs.
import { readFileSync } from 'node:fs';
import { runCli } from './runCli';

process.exitCode = runCli(process.argv.slice(2), {
  readFile: (path) => readFileSync(path, 'utf8'),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
