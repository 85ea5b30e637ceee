// What of mustache.js the built files leave out, cut from its source as esbuild loads it
// (applied by build/cuts/apply.mjs).
//
// Vitrine renders with its own `Writer` (parse, renderTokens) and `Context`. It never
// calls the package's one-shot `render`, `parse` or cache helpers, and partials and
// unescaped output cannot run: its parse rewrites those tokens before rendering. The
// package is one object of methods, which no bundler can shake, so the build cuts them
// from the source (2.2 KB minified, 0.6 KB gzip).
//
// The cuts are written against one release, `version` below, which package.json pins
// exactly. Each must match exactly once; a release that moves one fails the build, naming
// the cut, instead of shipping something untested.
//
// An entry is either `cut` (exact text) or `from` … `through` (the text from the first up
// to the end of the next occurrence of the second), replaced by `put` (nothing if absent).

export const library = 'mustache';
export const version = '4.2.0';
/** The module of the package the cuts apply to, as esbuild resolves it. */
export const file = /[\\/]mustache[\\/]mustache\.mjs$/;

/** The end of a method assigned at the top level: `Writer.prototype.x = function … \n};\n`. */
const METHOD = '\n};\n';

export const cuts = [
  {
    why: "Writer#clearCache: Vitrine's writer keeps its template cache for good.",
    from: 'Writer.prototype.clearCache = function',
    through: METHOD,
  },
  {
    why: 'Writer#render, the one-shot render: Vitrine calls parse and renderTokens itself.',
    from: 'Writer.prototype.render = function',
    through: METHOD,
  },
  {
    why: 'Writer#indentPartial: only partials are indented, and partials never render.',
    from: 'Writer.prototype.indentPartial = function',
    through: METHOD,
  },
  {
    why: 'Writer#getConfigTags: read only by Writer#render and renderPartial, both cut.',
    from: 'Writer.prototype.getConfigTags = function',
    through: METHOD,
  },
  {
    why: 'mustache.clearCache: the package-wide cache helper, never called.',
    from: 'mustache.clearCache = function',
    through: METHOD,
  },
  {
    why: 'mustache.parse: the package-wide parse; Vitrine parses with its own Writer.',
    from: 'mustache.parse = function',
    through: METHOD,
  },
  {
    why: 'mustache.render: the package-wide one-shot render, never called.',
    from: 'mustache.render = function',
    through: METHOD,
  },
  // Partials and unescaped output: Vitrine's own parse turns `{{> name}}` into empty text
  // and `{{{name}}}`/`{{& name}}` into escaped names, so neither path can be reached.
  {
    why: "The `{{> name}}` branch of renderTokens: Vitrine's parse turns partials into empty text.",
    from: "    else if (symbol === '>')",
    through: 'config);\n',
  },
  {
    why: "The `{{& name}}` branch of renderTokens: Vitrine's parse turns unescaped names into escaped ones.",
    from: "    else if (symbol === '&')",
    through: 'context);\n',
  },
  {
    why: 'Writer#renderPartial: reached only from the `>` branch cut above.',
    from: 'Writer.prototype.renderPartial = function',
    through: METHOD,
  },
  {
    why: 'Writer#unescapedValue: reached only from the `&` branch cut above.',
    from: 'Writer.prototype.unescapedValue = function',
    through: METHOD,
  },
  // A view value that is a function would be called; Vitrine's views hold only text.
  {
    why: 'Context#lookup calling a function it finds in the view: views hold only text.',
    from: '  if (isFunction(value))\n',
    through: 'this.view);\n',
  },
  // The package's name, version and one-shot entry points.
  {
    why: "The exported object's name and version: nothing reads them (this cut is also where the version shows).",
    from: "  name: 'mustache.js',",
    through: "version: '4.2.0',\n",
  },
  {
    why: "The exported object's placeholders for the one-shot entry points cut above.",
    from: '  clearCache: undefined,',
    through: '  render: undefined,\n',
  },
  // Higher-order sections call a function in the view; Vitrine's views hold only text.
  {
    why: "Writer#renderSection's helper for higher-order sections, which call a function from the view.",
    from: '  // This function is used to render an arbitrary template',
    through: '  }\n\n',
  },
  {
    why: "Writer#renderSection's branch for a function in the view: views hold only text.",
    from: '  } else if (isFunction(value)) {',
    through: '      buffer += value;\n',
  },
  // Browsers of 2021 on (build target ES2020) all have Array.isArray.
  {
    why: 'The toString-based isArray polyfill: every ES2020 browser has Array.isArray.',
    from: 'var objectToString = Object.prototype.toString;',
    through: "[object Array]';\n};\n",
    put: 'var isArray = Array.isArray;\n',
  },
  // Partials never render (see above), so their tokens need no indentation to pass on.
  {
    why: 'Indentation carried on partial tokens by parseTemplate: partials never render.',
    from: "    if (type == '>') {",
    through: '    } else {\n      token = [ type, value, start, scanner.pos ];\n    }\n',
    put: '    token = [ type, value, start, scanner.pos ];\n',
  },
  // The escape is the one renderTemplate always passes in `config`, for numbers as for text.
  {
    why: "Writer#escapedValue's choice of escape: renderTemplate always passes its own in `config`.",
    from: '  var escape = this.getConfigEscape(config) || mustache.escape;\n',
    through: 'escape(value);\n',
    put: '  var value = context.lookup(token[1]);\n  if (value != null)\n    return config.escape(value);\n',
  },
  {
    why: 'Writer#getConfigEscape: read only by the line replaced above.',
    from: 'Writer.prototype.getConfigEscape = function',
    through: METHOD,
  },
  // The default escape: Vitrine always passes its own (it also escapes white space).
  {
    why: "The default escape's entity table: Vitrine always passes its own escape.",
    from: 'var entityMap = {',
    through: '\n}\n',
  },
  {
    why: "mustache.escape: the default escape's export.",
    cut: 'mustache.escape = escapeHtml;',
  },
  // Vitrine's writer keeps its template cache for good: nothing clears or unsets it.
  {
    why: "The template cache's clear method: nothing clears the cache.",
    from: '    clear: function clear () {',
    through: '      this._cache = {};\n    }\n',
  },
  {
    why: "The check for a cache turned off: Vitrine's writer always has its cache.",
    cut: "  var isCacheEnabled = typeof cache !== 'undefined';\n",
  },
  {
    why: 'The lookup behind that check: the cache is always read.',
    cut: 'isCacheEnabled ? cache.get(cacheKey) : undefined',
    put: 'cache.get(cacheKey)',
  },
  {
    why: 'The store behind that check: the cache is always written.',
    cut: 'isCacheEnabled && cache.set(',
    put: 'cache.set(',
  },
  // Renders go through Writer and Context; the Scanner is the parser's own.
  {
    why: "The exported object's Scanner placeholder: the scanner is the parser's own.",
    cut: '  Scanner: undefined,\n',
  },
  {
    why: "mustache.Scanner: the scanner is the parser's own.",
    cut: 'mustache.Scanner = Scanner;',
  },
  // The cache accessors of the package-wide writer that `render` and `parse` used.
  {
    why: 'templateCache accessors of the package-wide writer that parse and render used.',
    from: '  /**\n   * Allows a user to override',
    through: '    return defaultWriter.templateCache;\n  }\n',
  },
  {
    why: 'The package-wide writer itself: only the cut one-shot helpers used it.',
    cut: 'var defaultWriter = new Writer();',
  },];
