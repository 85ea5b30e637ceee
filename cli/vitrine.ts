// `npx vitrine …` (package.json `bin`, built to dist/vitrine-cli.mjs): the theme lint and
// configuration as code, for merchants' and agencies' CI.
import { runVitrine } from './commander';

process.exitCode = await runVitrine(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  env: process.env,
  fetch: globalThis.fetch.bind(globalThis),
});
