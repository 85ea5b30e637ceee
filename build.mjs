// Builds every artifact with esbuild and prints the size of what ships.
//   node build.mjs            build once
//   node build.mjs --watch    rebuild on change (no type declarations)
import { build, context, transform } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { minify } from 'terser';
import { readFile } from 'node:fs/promises';

const watch = process.argv.includes('--watch');
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;

// An esbuild plugin that leaves out the parts of mustache.js Vitrine never calls.
//
// Vitrine renders with its own `Writer` (parse, renderTokens) and `Context`. It never
// calls the package's one-shot `render`, `parse` or cache helpers, and partials and
// unescaped output cannot run: its parse rewrites those tokens before rendering. The
// package is one object of methods, which no bundler can shake, so this plugin cuts
// them from the source as it is bundled (2.2 KB minified, 0.6 KB gzip). Each cut must
// match exactly once: a mustache release that moves them fails the build here instead
// of shipping something untested.

// Each cut is [text it starts with, text it ends with], replaced by the third item.
const METHOD = '\n};\n';
const cuts = [
  ['Writer.prototype.clearCache = function', METHOD],
  ['Writer.prototype.render = function', METHOD],
  ['Writer.prototype.indentPartial = function', METHOD],
  ['Writer.prototype.getConfigTags = function', METHOD],
  ['mustache.clearCache = function', METHOD],
  ['mustache.parse = function', METHOD],
  ['mustache.render = function', METHOD],
  // Partials and unescaped output: Vitrine's own parse turns `{{> name}}` into empty text
  // and `{{{name}}}`/`{{& name}}` into escaped names, so neither path can be reached.
  ["    else if (symbol === '>')", 'config);\n'],
  ["    else if (symbol === '&')", 'context);\n'],
  ['Writer.prototype.renderPartial = function', METHOD],
  ['Writer.prototype.unescapedValue = function', METHOD],
  // A view value that is a function would be called; Vitrine's views hold only text.
  ['  if (isFunction(value))\n', 'this.view);\n'],
  // The package's name, version and one-shot entry points.
  ["  name: 'mustache.js',", "version: '4.2.0',\n"],
  ['  clearCache: undefined,', '  render: undefined,\n'],
  // Higher-order sections call a function in the view; Vitrine's views hold only text.
  ['  // This function is used to render an arbitrary template', '  }\n\n'],
  ['  } else if (isFunction(value)) {', '      buffer += value;\n'],
  // Browsers of 2021 on (build target ES2020) all have Array.isArray.
  ['var objectToString = Object.prototype.toString;', "[object Array]';\n};\n", 'var isArray = Array.isArray;\n'],
  // Partials never render (see above), so their tokens need no indentation to pass on.
  ["    if (type == '>') {", "    } else {\n      token = [ type, value, start, scanner.pos ];\n    }\n", '    token = [ type, value, start, scanner.pos ];\n'],
  // The escape is the one renderTemplate always passes in `config`, for numbers as for text.
  ['  var escape = this.getConfigEscape(config) || mustache.escape;\n', "escape(value);\n", '  var value = context.lookup(token[1]);\n  if (value != null)\n    return config.escape(value);\n'],
  ['Writer.prototype.getConfigEscape = function', METHOD],
  // The default escape: Vitrine always passes its own (it also escapes white space).
  ['var entityMap = {', '\n}\n'],
  ['mustache.escape = escapeHtml;', ''],
  // Vitrine's writer keeps its template cache for good: nothing clears or unsets it.
  ['    clear: function clear () {', '      this._cache = {};\n    }\n'],
  ["  var isCacheEnabled = typeof cache !== 'undefined';\n", ''],
  ['isCacheEnabled ? cache.get(cacheKey) : undefined', '', 'cache.get(cacheKey)'],
  ['isCacheEnabled && cache.set(', '', 'cache.set('],
  // Renders go through Writer and Context; the Scanner is the parser's own.
  ['  Scanner: undefined,\n', ''],
  ['mustache.Scanner = Scanner;', ''],
  // The cache accessors of the package-wide writer that `render` and `parse` used.
  ['  /**\n   * Allows a user to override', '    return defaultWriter.templateCache;\n  }\n'],
  ['var defaultWriter = new Writer();', ''],
];

function cut(source, [start, end, replacement = '']) {
  const from = source.indexOf(start);
  const to = source.indexOf(end, from + start.length);
  if (from < 0 || to < 0 || source.indexOf(start, from + 1) >= 0) {
    throw new Error(`trimMustache: "${start.trim()}" is not where mustache.js 4 has it; check the plugin against the installed version`);
  }
  return source.slice(0, from) + replacement + source.slice(to + end.length);
}

const trimMustache = {
  name: 'trim-mustache',
  setup(build) {
    build.onLoad({ filter: /[\\/]mustache[\\/]mustache\.mjs$/ }, async ({ path }) => {
      let source = await readFile(path, 'utf8');
      for (const c of cuts) source = cut(source, c);
      return { contents: source, loader: 'js' };
    });
  },
};

// An esbuild plugin that leaves out what of Preact the script tag build never calls.
//
// Vitrine's layouts are function components without hooks or state, rendered again by
// calling `render` (mountWidget's paint); no class component of ours calls `setState` or
// `forceUpdate`, and with them goes the render queue only they feed, and the error boundaries only
// class components can be (0.5 KB gzip); and the class lifecycle `diff` and `unmount` run
// for class components and context providers alone (0.3 KB gzip); so do the `options`
// plugin hooks nothing here sets, context, the commit queue only lifecycles and hooks fill,
// what those left on a component, controlled `value`, defaultProps, capture listeners,
// popover, Fragment unwrapping and rendering into `document` (0.7 KB gzip). Chunks that
// render with the core's `h` (carousel, bundle) keep to the same rule; search and debug
// bundle a Preact of their own.
// Each cut must match exactly once: a Preact release that changes them fails the build
// here instead of shipping something untested; and what the cuts took out is checked for
// in what is built (`trimmedPreactUser` below).
const preactCuts = [
  'C.prototype.setState=function(n,l){var u;u=null!=this.__s&&this.__s!=this.state?this.__s:this.__s=m({},this.state),"function"==typeof n&&(n=n(m({},u),this.props)),n&&m(u,n),null!=n&&this.__v&&(l&&this._sb.push(l),A(this))},',
  'C.prototype.forceUpdate=function(n){this.__v&&(this.__e=!0,n&&this.__h.push(n),A(this))},',
  // The render queue's state: the queue, its microtask debounce, its depth sort, its count.
  'i=[],o="function"==typeof Promise?Promise.prototype.then.bind(Promise.resolve()):setTimeout,e=function(n,l){return n.__v.__b-l.__v.__b},H.__r=0,',
  // Error boundaries are class components with getDerivedStateFromError or
  // componentDidCatch; with none in the tree, an error in a render or a ref is thrown on as
  // it was (the two calls of the handler are thrown below, once the Suspense path is out).
  // The handler was the last member of `options` in use: it goes too.
  ['l={__e:function(n,l,u,t){for(var i,r,o;l=l.__;)if((i=l.__c)&&!i.__)try{if((r=i.constructor)&&null!=r.getDerivedStateFromError&&(i.setState(r.getDerivedStateFromError(n)),o=i.__d),null!=i.componentDidCatch&&(i.componentDidCatch(n,t||{}),o=i.__d),o)return i.__E=i}catch(l){n=l}throw n}},', ''],
  // The class component lifecycle in `diff` (`M` there is "a class component"): derived
  // state, the will/did/should hooks, snapshots, context providers and the class render
  // path. With no class component and no context in the tree none of it runs; a function
  // component still renders through the same loop and keeps the same-vnode early return.
  'M&&null==p.__s&&(p.__s=p.state),M&&null!=F.getDerivedStateFromProps&&(p.__s==p.state&&(p.__s=m({},p.__s)),m(p.__s,F.getDerivedStateFromProps(x,p.__s))),',
  ['M&&null==F.getDerivedStateFromProps&&null!=p.componentWillMount&&p.componentWillMount(),M&&null!=p.componentDidMount&&p.__h.push(p.componentDidMount);else{', '0;else{'],
  'M&&null==F.getDerivedStateFromProps&&x!==y&&null!=p.componentWillReceiveProps&&p.componentWillReceiveProps(x,P),',
  '||!p.__e&&null!=p.shouldComponentUpdate&&!1===p.shouldComponentUpdate(x,p.__s,P)',
  'null!=p.componentWillUpdate&&p.componentWillUpdate(x,p.__s,P),M&&null!=p.componentDidUpdate&&p.__h.push(function(){p.componentDidUpdate(y,d,_)})',
  'null!=p.getChildContext&&(i=m(m({},i),p.getChildContext())),M&&!v&&null!=p.getSnapshotBeforeUpdate&&(_=p.getSnapshotBeforeUpdate(y,d)),',
  'if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(n){l.__e(n,u)}',
  // `dangerouslySetInnerHTML` stays: hydrating a server widget (browser/resume) hands each
  // server card to Preact as `{ __html: '' }`, which hydration leaves as the server wrote it.
  // Style objects: no layout sets a style prop (the look is vitrine.css and the theme's CSS).
  ['if("style"==l)if("string"==typeof u)n.style.cssText=u;else{if("string"==typeof t&&(n.style.cssText=t=""),t)for(l in t)u&&l in u||z(n.style,l,"");if(u)for(l in u)t&&u[l]==t[l]||z(n.style,l,u[l])}else if(', 'if('],
  // SVG and MathML namespaces: no layout draws either (the carousel's chevrons are text).
  ['"svg"==x?o="http://www.w3.org/2000/svg":"math"==x?o="http://www.w3.org/1998/Math/MathML":o||', 'o||'],
  ['if("http://www.w3.org/2000/svg"==i)l=l.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(', 'if('],
  ['"foreignObject"==x?"http://www.w3.org/1999/xhtml":o', 'o'],
  // A component that throws a promise (Suspense, lazy): no layout suspends.
  'if(n.then){for(u.__u|=c?160:128;f&&8==f.nodeType&&f.nextSibling;)f=f.nextSibling;null!=o&&(o[o.indexOf(f)]=null),u.__e=f}else ',
  // (Nor, with no class component to force an update of, is a failed subtree marked for one.)
  'n.then||B(u),',
  [',l.__e(n,u,t)}', ';throw n}'],
  ['catch(n){l.__e(n,t)}', 'catch(n){throw n}'],
  // The class render path goes, and with it the loop that renders a function component
  // again while it is dirty: only setState and hooks (neither here) make it dirty mid-render.
  ['if(p.context=P,p.props=x,p.__P=n,p.__e=!1,A=l.__r,H=0,M)p.state=p.__s,p.__d=!1,A&&A(u),s=p.render(p.props,p.state,p.context),w.push.apply(p.__h,p._sb),p._sb=[];else do{p.__d=!1,A&&A(u),s=p.render(p.props,p.state,p.context),p.state=p.__s}while(p.__d&&++H<25);', 'p.context=P,p.props=x,s=p.render(p.props,p.state,p.context);'],
  // The plugin hooks on `options` (the hooks add-on, devtools, signals): the script tag build
  // imports none of them, and `options` leaves the exports so that an import of it fails here.
  ['return null==o&&null!=l.vnode&&l.vnode(e),e', 'return e'],
  [',(s=l.__b)&&s(u);', ';'],
  ['return(s=l.diffed)&&s(u),', 'return '],
  'l.__&&l.__(u,t),',
  'l.__c&&l.__c(u,n),',
  'l.unmount&&l.unmount(n),',
  ['l.event?l.event(u):u', 'u'],
  ['c&&(l.__m&&l.__m(t,e),c=!1)', 'c=!1'],
  ['l as options,', ''],
  // Context (createContext, contextType): no layout reads one; createContext leaves the exports.
  ['I=(s=F.contextType)&&i[s.__c],P=s?I?I.props.value:s.__:i,', 'P=i,'],
  'I&&I.sub(p),',
  ['X as createContext,', ''],
  // Class components: every layout is a function (Component leaves the exports, so a class
  // that extends it fails here); a function component is still rendered through a Component.
  'M=F.prototype&&F.prototype.render,',
  ['M?u.__c=p=new F(x,P):(u.__c=p=new C(x,P),p.constructor=F,p.render=Q)', 'u.__c=p=new C(x,P),p.constructor=F,p.render=Q'],
  ['C as Component,', ''],
  'C.prototype.render=S,',
  // The commit queue: it runs the callbacks a component collects in `__h` (class lifecycles,
  // setState callbacks, hooks' effects), and none of those is left to collect any.
  ',p.__h=[],p._sb=[]',
  'w.push.apply(p.__h,p._sb),p._sb=[],p.__h.length&&e.push(p),',
  'p.__h.length&&e.push(p),',
  'n.some(function(u){try{n=u.__h,u.__h=[],n.some(function(n){n.call(u)})}catch(n){l.__e(n,u.__v)}})',
  // Controlled `value` (inputs, textarea, select's options, progress): no layout has a
  // field of its own; the bundle's ticks are `checked`, which keeps its handling.
  ['e="textarea"==x&&null!=k.defaultValue?null:e&&n.call(u.childNodes)', 'e=e&&n.call(u.childNodes)'],
  '"value"==s&&"defaultValue"in k||',
  '"checked"==s&&"defaultChecked"in k||',
  '"value"==s?w=y:',
  ['c&&"textarea"!=x||(s="value","progress"==x&&null==w?u.removeAttribute("value"):null!=w&&(w!==u[s]||"progress"==x&&!w||"option"==x&&w!=m[s])&&N(u,s,w,m[s],o),s="checked"', 'c||(s="checked"'],
  // Capture listeners (`onClickCapture`) and the focusin/focusout spellings Preact maps:
  // the layouts listen with onClick and onChange only, and wire the rest to the DOM.
  ['r=l!=(l=l.replace(s,"$1")),o=l.toLowerCase(),l=o in n||"onFocusOut"==l||"onFocusIn"==l?o.slice(2):l.slice(2),n.l||(n.l={}),n.l[l+r]=u,u?t?u[a]=t[a]:(u[a]=h,n.addEventListener(l,r?v:p,r)):n.removeEventListener(l,r?v:p,r)', 'r=!1,o=l.toLowerCase(),l=o in n?o.slice(2):l.slice(2),n.l||(n.l={}),n.l[l+r]=u,u?t?u[a]=t[a]:(u[a]=h,n.addEventListener(l,p,r)):n.removeEventListener(l,p,r)'],
  [',s=/(PointerCapture)$|Capture$/i,h=0,p=V(!1),v=V(!0),', ',h=0,p=V(!1),'],
  // The popover attribute: no layout opens one.
  ['"role"!=l&&"popover"!=l&&l in n', '"role"!=l&&l in n'],
  ['n.setAttribute(l,"popover"==l&&1==u?"":u)', 'n.setAttribute(l,u)'],
  // A component that returns a Fragment has its children unwrapped into its own; no layout
  // returns one (Fragment leaves the exports), and one that did would still render.
  ['p.state=p.__s,T=null!=s&&s.type===S&&null==s.key?E(s.props.children):s,f=L(n,g(T)?T:[T]', 'f=L(n,g(s)?s:[s]'],
  ['S as Fragment,', ''],
  // Rendering into `document` itself: Vitrine renders into its widget roots.
  't==document&&(t=document.documentElement),',
  // What the cut lifecycles, render queue and error boundaries kept on a component: its
  // state, its dirty and force flags, the parent and context a re-render used, the error
  // being handled. Nothing reads them any more.
  ['t.__c?k=(p=u.__c=t.__c).__=p.__E:(u.__c=p=new C(x,P),p.constructor=F,p.render=Q,p.state||(p.state={}),p.__n=i,v=p.__d=!0),y=p.props,d=p.state,p.__v=u,v)0;else{if(u.__v==t.__v){u.__v!=t.__v&&(p.props=x,p.state=p.__s,p.__d=!1),', 't.__c?p=u.__c=t.__c:(u.__c=p=new C(x,P),p.constructor=F,p.render=Q,v=!0),p.__v=u,v)0;else{if(u.__v==t.__v){'],
  ',k&&(p.__E=p.__=null)',
  // `this.base` (a class component's DOM node) and what unmounting clears with it.
  'p.base=u.__e,',
  [',null!=(i=n.__c)){i.base=i.__P=i.__n=null}if(', ','],
  // Every render lands in a widget root, an HTML element whose namespace its children take:
  // none starts without one.
  'o||(o="http://www.w3.org/1999/xhtml"),',
  // A `<template>` element as a vnode: no layout renders one.
  ['"template"==t.type?u.content:u', 'u'],
  // defaultProps: no layout declares them; props arrive complete from mountWidget.
  ['if(arguments.length>2&&(e.children=arguments.length>3?n.call(arguments,2):t),"function"==typeof l&&null!=l.defaultProps)for(o in l.defaultProps)void 0===e[o]&&(e[o]=l.defaultProps[o]);', 'arguments.length>2&&(e.children=arguments.length>3?n.call(arguments,2):t);'],
];
const trimPreact = {
  name: 'trim-preact',
  setup(build) {
    build.onLoad({ filter: /[\\/]preact[\\/]dist[\\/]preact\.module\.js$/ }, async ({ path }) => {
      let source = readFileSync(path, 'utf8');
      for (const item of preactCuts) {
        const [cut, replacement = ''] = [].concat(item);
        if (source.split(cut).length != 2) throw new Error(`trimPreact: "${cut.slice(0, 40)}…" is not where Preact 10.29 has it; check the plugin against the installed version`);
        source = source.replace(cut, replacement);
      }
      return { contents: source, loader: 'js' };
    });
  },
};

// What the cuts took out must not be asked for: a layout that declares defaultProps or
// reads a context, or a class lifecycle method, fails the build of the script tag or of a
// chunk that renders with its Preact, instead of being ignored on the page (imports of
// Component, createContext and options fail already: the trimmed Preact exports none).
const unsupported = [/defaultProps|contextType|getChildContext|getDerivedStateFrom|componentDid|componentWill|shouldComponentUpdate|getSnapshotBeforeUpdate|setState|forceUpdate|defaultValue|defaultChecked/g, /\bon[A-Z]\w*Capture\b|\bonFocus(In|Out)\b|\bpopover\b/g];
const trimmedPreactUser = {
  name: 'trimmed-preact-user',
  setup(build) {
    build.onEnd(({ errors }) => {
      if (errors.length) return;
      const code = readFileSync(build.initialOptions.outfile, 'utf8');
      const used = [...new Set(unsupported.flatMap((names) => code.match(names) || []))];
      if (used.length) throw new Error(`trimPreact: ${build.initialOptions.outfile} uses ${used.join(', ')}, which the trimmed Preact no longer supports`);
    });
  },
};

// The script tag leaves the built-in themes' card to the theme chunk: where core/theme/
// builtinThemes.ts imports it, vitrine.js gets src/browser/theme/builtinCard.ts instead.
const lazyBuiltinCard = {
  name: 'lazy-builtin-card',
  setup(build) {
    build.onResolve({ filter: /^\.\/builtinCard$/ }, ({ importer }) =>
      /[\\/]src[\\/]core[\\/]theme[\\/]builtinThemes\.ts$/.test(importer) ? { path: join(process.cwd(), 'src/browser/theme/builtinCard.ts') } : undefined,
    );
  },
};

// The ESM build finds its stylesheet and chunks beside its own module (import.meta.url),
// not beside the page: where boot imports src/browser/assets.ts, it gets src/browser/assets.module.ts,
// whose dynamic imports of the chunk files stay imports.
const moduleAssets = {
  name: 'module-assets',
  setup(build) {
    build.onResolve({ filter: /^\.\/assets$/ }, ({ resolveDir }) =>
      ({ path: join(resolveDir, 'assets.module.ts') }),
    );
    build.onResolve({ filter: /^\.\/vitrine-[a-z]+\.js$/ }, ({ path }) => ({ path, external: true }));
  },
};

const browser = {
  bundle: true,
  minify: true,
  sourcemap: true,
  // Browsers of 2021 on (Chrome 90, Firefox 90, Safari 14) run ES2020.
  target: 'es2020',
  legalComments: 'none',
  define: { __VITRINE_VERSION__: JSON.stringify(version) },
  // Internals named `_x` are ours alone: shorten them (preact does the same).
  mangleProps: /^_[a-z]/,
  plugins: [trimMustache],
  logLevel: 'warning',
};

/** Everything that ships to merchants and storefront developers. */
const shipped = [
  { entryPoints: ['src/browser/embed.ts'], outfile: 'dist/vitrine.js', format: 'iife', plugins: [trimMustache, trimPreact, trimmedPreactUser, lazyBuiltinCard] },
  // Not minified: the app's bundler shakes out what it does not import (which a minified
  // file hides from it) and minifies the rest with the app.
  { entryPoints: ['src/index.ts'], outfile: 'dist/vitrine.mjs', format: 'esm', plugins: [trimMustache, moduleAssets], minify: false },
  { entryPoints: ['src/browser/debug/entry.ts'], outfile: 'dist/vitrine-debug.js', format: 'iife' },
  // The bundle layout renders with the core's Preact (`src/browser/bundle/preact.ts`), not a copy.
  { entryPoints: ['src/browser/bundle/entry.ts'], outfile: 'dist/vitrine-bundle.js', format: 'iife', alias: { preact: './src/browser/bundle/preact.ts' }, plugins: [trimMustache, trimmedPreactUser] },
  // The carousel layout, fetched beside the widget data of a slot that may show one.
  { entryPoints: ['src/browser/carousel/entry.ts'], outfile: 'dist/vitrine-carousel.js', format: 'iife', alias: { preact: './src/browser/bundle/preact.ts' }, plugins: [trimMustache, trimmedPreactUser] },
  // The built-in themes' card, for a slot whose org has no theme for its layout (or a broken one).
  { entryPoints: ['src/browser/theme/entry.ts'], outfile: 'dist/vitrine-theme.js', format: 'iife' },
  // French, German and Spanish interface strings, for pages in those languages.
  { entryPoints: ['src/browser/strings/entry.ts'], outfile: 'dist/vitrine-strings.js', format: 'iife' },
  // Microdata, RDFa and the platforms' page data, for pages JSON-LD does not describe.
  { entryPoints: ['src/browser/page/entry.ts'], outfile: 'dist/vitrine-page.js', format: 'iife' },
  // -- more shipped entries (search chunk, client) are listed below this line --
  { entryPoints: ['src/browser/search/entry.ts'], outfile: 'dist/vitrine-search.js', format: 'iife' },
  // Shopify's Customer Privacy API and IAB TCF: loaded only in those consent modes.
  { entryPoints: ['src/browser/consent/entry.ts'], outfile: 'dist/vitrine-consent.js', format: 'iife' },
  { entryPoints: ['src/browser/analytics/entry.ts'], outfile: 'dist/vitrine-analytics.js', format: 'iife' },
  // Add to cart: the buttons' events and the Shopify, WooCommerce and BigCommerce cart adapters.
  { entryPoints: ['src/browser/cart/entry.ts'], outfile: 'dist/vitrine-cart.js', format: 'iife' },
  // Taking over widgets the server rendered: loaded by pages that have one.
  // It carries the carousel and bundle layouts, with the core's Preact as in their own chunks.
  { entryPoints: ['src/browser/resume/entry.ts'], outfile: 'dist/vitrine-resume.js', format: 'iife', alias: { preact: './src/browser/bundle/preact.ts' }, plugins: [trimMustache, trimmedPreactUser] },
  { entryPoints: ['src/client/index.ts'], outfile: 'dist/client.mjs', format: 'esm' },
  // `vitrine/server`: for Node 20 and edge runtimes alike (platform neutral, web APIs
  // only), with Preact, its string renderer, parse5 and the same trimmed Mustache inside,
  // so it installs nothing. Not minified: it runs on the merchant's server, where a
  // readable stack trace is worth more than bytes.
  { entryPoints: ['src/server/index.ts'], outfile: 'dist/server.mjs', format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], minify: false, mangleProps: undefined },
].filter((e) => existsSync(e.entryPoints[0]));

/** The sandbox service, demo storefront and theme studio (never shipped). */
const demo = [
  // -- demo entries are listed below this line --
  { entryPoints: ['demo/start.ts'], outfile: 'demo/dist/start.mjs', platform: 'node', format: 'esm', packages: 'external' },
  { entryPoints: ['demo/studio/app.ts'], outfile: 'demo/dist/studio/app.js', format: 'esm', platform: 'browser', minify: true },
  { entryPoints: ['demo/studio/preview.ts'], outfile: 'demo/dist/studio/preview.js', format: 'esm', platform: 'browser', minify: true },
  { entryPoints: ['demo/studio/shopPreview.ts'], outfile: 'demo/dist/studio/shop-preview.js', format: 'iife', platform: 'browser', minify: true },
  // `npx vitrine` (package.json `bin`): theme lint and configuration as code, for CI.
  // It ships in the package but never to a browser, so it is built like the tools here.
  // commander is CommonJS and requires Node's built-ins; an ES module has no `require`, so the
  // banner makes one (esbuild's own advice for CommonJS bundled into ESM for Node).
  // jsonc-parser's `main` is a UMD file whose requires esbuild cannot follow; its `module` is ESM.
  { entryPoints: ['cli/vitrine.ts'], outfile: 'dist/vitrine-cli.mjs', platform: 'node', format: 'esm', mainFields: ['module', 'main'],
    define: { __VITRINE_VERSION__: JSON.stringify(version) },
    banner: { js: "#!/usr/bin/env node\nimport { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);" } },
].filter((e) => existsSync(e.entryPoints[0]));

const demoDefaults = { bundle: true, sourcemap: true, logLevel: 'warning', target: 'es2022' };

function sizes(file) {
  const buf = readFileSync(file);
  const gz = gzipSync(buf, { level: 9 }).length;
  const br = brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { raw: buf.length, gz, br };
}

/** dist/vitrine.css: the built-in stylesheet the script tag build links (the ESM build inlines it). */
async function writeCss() {
  const out = await build({ entryPoints: ['src/layouts/baseCss.ts'], bundle: true, format: 'esm', write: false, logLevel: 'warning' });
  const { baseCss } = await import('data:text/javascript,' + encodeURIComponent(out.outputFiles[0].text));
  writeFileSync('dist/vitrine.css', (await transform(baseCss, { loader: 'css', minify: true })).code);
}

/**
 * dist/schema/*.schema.json: the configuration files' JSON Schemas, derived from the
 * definitions `vitrine config check` runs (cli/config/schema/), so the two never differ.
 */
async function writeSchemas() {
  const out = await build({ entryPoints: ['cli/config/schema/toJsonSchema.ts'], bundle: true, format: 'esm', platform: 'node', mainFields: ['module', 'main'], write: false, logLevel: 'warning' });
  const { jsonSchemas } = await import('data:text/javascript,' + encodeURIComponent(out.outputFiles[0].text));
  mkdirSync('dist/schema', { recursive: true });
  for (const [name, schema] of Object.entries(jsonSchemas())) writeFileSync(join('dist/schema', name), `${JSON.stringify(schema, null, 2)}\n`);
}

/**
 * A second minifying pass over what ships. esbuild bundles and minifies in one fast
 * pass; terser's compressor then folds what esbuild leaves (about 4% of the gzip size
 * of vitrine.js). The source map is carried through.
 */
async function squeeze(file, module) {
  const map = file + '.map';
  const out = await minify(readFileSync(file, 'utf8'), {
    module,
    ecma: 2020,
    compress: { passes: 2, unsafe_methods: true },
    // A script tag's code runs as the page loads: Chromium (136 on) then compiles every
    // function of it on the streaming thread, where it would otherwise compile each on
    // the main thread when first called (V8's explicit compile hints). About a quarter
    // of Vitrine's main-thread time on a server-rendered product page.
    format: module ? {} : { preamble: '//# allFunctionsCalledOnLoad' },
    sourceMap: { content: readFileSync(map, 'utf8'), url: map.slice(map.lastIndexOf('/') + 1) },
  });
  writeFileSync(file, out.code);
  writeFileSync(map, out.map);
}

/**
 * Relative imports in the declarations get their `.js`: under `moduleResolution` `node16`
 * and `nodenext` an ESM package's `./boot` does not resolve, `./boot.js` does (tsc keeps
 * specifiers as written, and the sources import without extensions for the bundler).
 */
function addExtensions(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.name.endsWith('.d.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8').replace(/((?:from|import\()\s*')(\.{1,2}\/[^']*?)(')/g, (all, head, path, tail) => {
      if (/\.js$/.test(path)) return all;
      const folder = existsSync(join(entry.parentPath, path)) && !existsSync(join(entry.parentPath, path + '.d.ts'));
      return head + path + (folder ? '/index.js' : '.js') + tail;
    });
    writeFileSync(file, text);
  }
}

function report() {
  for (const e of [...shipped, { outfile: 'dist/vitrine.css' }]) {
    const s = sizes(e.outfile);
    console.log(`${e.outfile.padEnd(28)} ${String(s.raw).padStart(7)} B  ${String(s.gz).padStart(6)} B gzip  ${String(s.br).padStart(6)} B brotli`);
  }
}

if (!watch) rmSync('dist', { recursive: true, force: true });
const configs = [
  ...shipped.map((e) => ({ ...browser, ...e })),
  ...demo.map((e) => ({ ...demoDefaults, ...e })),
];

if (watch) {
  // Builds that run apart cannot share shortened names: watch keeps them long.
  for (const c of configs) await (await context({ ...c, mangleProps: undefined })).watch();
  console.log('watching…');
} else {
  // The core goes first: its shortened `_x` names are handed to the chunks, which read
  // the same objects (a product view's `_amount`, say).
  const [core, ...rest] = configs;
  const { mangleCache } = await build({ ...core, mangleCache: {} });
  await Promise.all(rest.map((c) => build(c.mangleProps ? { ...c, mangleCache } : c)));
  await Promise.all(shipped.filter((e) => e.minify !== false).map((e) => squeeze(e.outfile, e.format == 'esm')));
  await writeCss();
  if (existsSync('cli/config/schema/toJsonSchema.ts')) await writeSchemas();
  // Type declarations for storefront developers who import the ESM build.
  execFileSync(
    process.execPath,
    [
      'node_modules/typescript/bin/tsc',
      ...['src/index.ts', ...['src/client/index.ts', 'src/server/index.ts'].filter((f) => existsSync(f))],
      '--declaration', '--emitDeclarationOnly', '--outDir', 'dist/types', '--rootDir', 'src',
      '--strict', '--skipLibCheck', '--target', 'ES2020', '--module', 'ESNext',
      '--moduleResolution', 'Bundler', '--jsx', 'react', '--jsxFactory', 'h',
      '--jsxFragmentFactory', 'Fragment', '--lib', 'ES2022,DOM,DOM.Iterable', '--types', 'node',
    ],
    { stdio: 'inherit' },
  );
  addExtensions('dist/types');
  report();
}
