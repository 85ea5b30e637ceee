// Global setup of the cli tests: the repository packed and installed offline into an app
// of its own once, as a merchant's CI installs it; every cli test file runs that app's
// `vitrine` bin (node_modules/vitrine/dist/vitrine-cli.mjs, package.json `bin`).
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { installApp, packTarball } from '../package/packTarball';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The installed package's bin. */
    vitrineBin: string;
  }
}

export default function setup(project: TestProject): void {
  const app = installApp(packTarball(), {});
  project.provide('vitrineBin', join(app, 'node_modules/vitrine/dist/vitrine-cli.mjs'));
}
