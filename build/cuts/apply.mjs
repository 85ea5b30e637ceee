// Applies a library's text cuts (build/cuts/<library>.mjs) to its source as esbuild loads it.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** The version of `library` that `path` belongs to: the nearest package.json of that name. */
function installedVersion(library, path) {
  for (let dir = dirname(path); dir != dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8'));
    if (name == library) return version;
  }
  return 'of unknown version';
}

/** Where an entry's text starts and ends in `source`, or undefined unless it matches exactly once. */
function locate(source, entry) {
  const start = entry.cut ?? entry.from;
  const from = source.indexOf(start);
  if (from < 0 || source.indexOf(start, from + 1) >= 0) return undefined;
  if (entry.cut != null) return [from, from + start.length];
  const to = source.indexOf(entry.through, from + start.length);
  return to < 0 ? undefined : [from, to + entry.through.length];
}

/**
 * `source` with every cut of `spec` made. Throws, naming the library, the version the cuts
 * are written for, the installed one and the cut, when the installed release is another or
 * a cut does not match exactly once.
 */
export function applyCuts(spec, source, path) {
  const { library, version, cuts } = spec;
  const where = `build/cuts/${library}.mjs`;
  const installed = installedVersion(library, path);
  if (installed != version) {
    throw new Error(
      `${where} is written for ${library} ${version}, but ${library} ${installed} is installed (${relative(process.cwd(), path)}). ` +
        `Either install the pinned release (npm install -D --save-exact ${library}@${version}), or check every cut in ${where} ` +
        `against ${installed}'s source, set \`version\` there to ${installed}, and run the browser tests.`,
    );
  }
  cuts.forEach((entry, i) => {
    const range = locate(source, entry);
    if (!range) {
      const start = (entry.cut ?? entry.from).trim();
      throw new Error(
        `${where}: cut ${i + 1} of ${cuts.length} ("${start.length > 60 ? start.slice(0, 60) + '…' : start}", ${entry.why}) ` +
          `does not match exactly once in ${library} ${version}. Rewrite it in ${where} against the installed source ` +
          `(${relative(process.cwd(), path)}), or drop it if that code is gone, and run the browser tests.`,
      );
    }
    source = source.slice(0, range[0]) + (entry.put ?? '') + source.slice(range[1]);
  });
  return source;
}

/** An esbuild plugin that makes `spec`'s cuts in the module of the package they are for. */
export function cutsPlugin(spec) {
  return {
    name: `cuts-${spec.library}`,
    setup(build) {
      build.onLoad({ filter: spec.file }, ({ path }) => ({ contents: applyCuts(spec, readFileSync(path, 'utf8'), path), loader: 'js' }));
    },
  };
}
