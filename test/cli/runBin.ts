// Runs the `vitrine` bin of an installed tarball as CI would: a process of its own, judged
// by its output and exit code. Asynchronous, so a sandbox in the test's own process keeps
// answering while the command waits for it.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Run {
  code: number;
  out: string;
  err: string;
}

export function runBin(bin: string, args: string[], env: Record<string, string | undefined>, cwd = tmpdir()): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', cwd }, (error, out, err) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out, err });
    });
  });
}

/** A configuration folder in the temp folder: `search.json`, `widgets/x.json`…, objects written as JSON. */
export function configFolder(files: Record<string, unknown>, template?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-config-'));
  if (template) cpSync(template, dir, { recursive: true });
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), typeof body === 'string' ? body : `${JSON.stringify(body, null, 2)}\n`);
  }
  return dir;
}
