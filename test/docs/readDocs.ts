// Reads the project's Markdown the way the docs tests check it: every fenced block with the
// line it starts on and the file it shows, every relative link, every heading's anchor.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** A fenced code block: ```lang file=path region=name */
export interface Fence {
  doc: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  /** The repository file the block shows, when it names one. */
  file?: string;
  region?: string;
  /** The name of an `<!-- example: name -->` comment on the line before the block. */
  example?: string;
  body: string;
}

export interface Link {
  doc: string;
  line: number;
  target: string;
}

/** README.md, CONTRIBUTING.md and every Markdown file under docs/, as repository paths. */
export function docFiles(): string[] {
  const out = ['README.md', 'CONTRIBUTING.md'].filter((f) => existsSync(join(REPO, f)));
  const walk = (dir: string) => {
    for (const e of readdirSync(join(REPO, dir), { withFileTypes: true })) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith('.md')) out.push(path);
    }
  };
  if (existsSync(join(REPO, 'docs'))) walk('docs');
  return out;
}

export function readFences(doc: string): Fence[] {
  const lines = readFileSync(join(REPO, doc), 'utf8').split('\n');
  const fences: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})([\w-]*)(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, ticks, lang, rest] = open;
    const attrs = Object.fromEntries([...rest.matchAll(/(\w+)=("[^"]*"|\S+)/g)].map(([, k, v]) => [k, v.replace(/^"|"$/g, '')]));
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !lines[j].startsWith(indent + ticks)) body.push(lines[j++].slice(indent.length));
    const example = /<!-- example: (\S+) -->/.exec(lines[i - 1] ?? '')?.[1];
    fences.push({ doc, line: i + 1, lang, file: attrs.file, region: attrs.region, example, body: body.join('\n') });
    i = j;
  }
  return fences;
}

/** The text a fence's `file=`/`region=` names: the whole file, or the lines between `#region name` and `#endregion name`, dedented. */
export function readShown(file: string, region?: string): string | Error {
  const path = join(REPO, file);
  if (!existsSync(path)) return new Error(`${file} does not exist`);
  const text = readFileSync(path, 'utf8');
  if (!region) return text;
  const lines = text.split('\n');
  const start = lines.findIndex((l) => new RegExp(`#region ${region}\\b`).test(l));
  const end = lines.findIndex((l, n) => n > start && new RegExp(`#endregion ${region}\\b`).test(l));
  if (start < 0 || end < 0) return new Error(`${file} has no region "${region}" (a line with "#region ${region}" and one with "#endregion ${region}")`);
  const body = lines.slice(start + 1, end).filter((l) => !/#(end)?region\b/.test(l));
  const indent = Math.min(...body.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length));
  return body.map((l) => l.slice(indent)).join('\n');
}

/** Equal but for trailing white space on lines and at the end. */
export const sameText = (a: string, b: string) => {
  const norm = (s: string) => s.split('\n').map((l) => l.trimEnd()).join('\n').trim();
  return norm(a) == norm(b);
};

/** Relative links outside fenced blocks and inline code. */
export function readLinks(doc: string): Link[] {
  const links: Link[] = [];
  let inFence = false;
  readFileSync(join(REPO, doc), 'utf8')
    .split('\n')
    .forEach((line, n) => {
      if (/^\s*```/.test(line)) inFence = !inFence;
      if (inFence) return;
      const text = line.replace(/`[^`]*`/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (!/^[a-z]+:/i.test(target)) links.push({ doc, line: n + 1, target });
      }
    });
  return links;
}

/** GitHub's anchors for a document's headings. */
export function anchors(doc: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let inFence = false;
  for (const line of readFileSync(join(REPO, doc), 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const h = !inFence && /^#{1,6}\s+(.*)$/.exec(line);
    if (!h) continue;
    const base = h[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count ? `${base}-${count}` : base);
  }
  return out;
}

export const repoPath = (abs: string) => relative(REPO, abs).split('\\').join('/');
