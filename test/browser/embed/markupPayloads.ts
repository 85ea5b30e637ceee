// Hostile theme markup: what a compromised theme list, a careless theme author or a
// template fed hostile catalogue data could hand the sanitiser. Written for this suite
// from the published attack classes (mutation XSS through namespace confusion and
// parser re-entry, form nesting, comments and CDATA; attribute and DOM clobbering; every
// URL-bearing attribute with the scheme obfuscations browsers accept). `$` is replaced
// by the payload's number, so a recorded `__pwned(n)` call names the payload that ran.

/** A family of payloads: its name says which published class it comes from. */
interface Family {
  family: string;
  payloads: string[];
}

const call = '__pwned($)';

/** Element + attribute pairs that take a URL, and how a hostile value gets into each. */
const URL_SINKS: [string, string][] = [
  ['<a href="%">x</a>', 'href'],
  ['<map name="m$"><area shape="rect" coords="0,0,9,9" href="%"></map>', 'href'],
  ['<svg><a href="%"><text y="9">x</text></a></svg>', 'href'],
  ['<svg><a xlink:href="%"><text y="9">x</text></a></svg>', 'xlink:href'],
  ['<svg><use href="%#a"></use></svg>', 'href'],
  ['<svg><image href="%"></image></svg>', 'href'],
  ['<math><mi xlink:href="%">x</mi></math>', 'xlink:href'],
  ['<math href="%"><mi>x</mi></math>', 'href'],
  ['<img src="%">', 'src'],
  ['<img srcset="%">', 'srcset'],
  ['<img srcset="/ok.png 1x, % 2x">', 'srcset'],
  ['<picture><source srcset="%"><img alt=""></picture>', 'srcset'],
  ['<video poster="%"></video>', 'poster'],
  ['<video><source src="%"></video>', 'src'],
  ['<audio src="%"></audio>', 'src'],
  ['<video><track src="%"></video>', 'src'],
  ['<form action="%"><button>x</button></form>', 'action'],
  ['<form><button formaction="%">x</button></form>', 'formaction'],
  ['<form><input type="submit" formaction="%"></form>', 'formaction'],
  ['<form><input type="image" src="%" alt="x"></form>', 'src'],
  ['<object data="%"></object>', 'data'],
  ['<embed src="%">', 'src'],
  ['<iframe src="%"></iframe>', 'src'],
  ['<table background="%"><tr><td>x</td></tr></table>', 'background'],
  ['<blockquote cite="%">x</blockquote>', 'cite'],
  ['<a href="/ok" ping="%">x</a>', 'ping'],
];

/** Scheme spellings that browsers read as javascript: or another script-running scheme. */
const SCHEMES = [
  `javascript:${call}`,
  `JaVaScRiPt:${call}`,
  `java&#x09;script:${call}`,
  `java&#10;script:${call}`,
  `&#x20;javascript:${call}`,
  `&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${call}`,
  `javascript&colon;${call}`,
  `&#0000106avascript:${call}`,
  `data:text/html,&lt;script&gt;parent.${call}&lt;/script&gt;`,
  `data:image/svg+xml,&lt;svg onload=%22parent.${call}%22/&gt;`,
  `vbscript:${call}`,
  `\u0001javascript:${call}`,
];

export const FAMILIES: Family[] = [
  {
    family: 'elements that load or run script',
    payloads: [
      `<script>${call}</script>`,
      `<script src="data:text/javascript,${call}"></script>`,
      `<SCRIPT>${call}</SCRIPT>`,
      `<script type="module">${call}</script>`,
      `<svg><script>${call}</script></svg>`,
      `<svg><script href="data:text/javascript,${call}"></script></svg>`,
      `<iframe srcdoc="&lt;script&gt;parent.${call}&lt;/script&gt;"></iframe>`,
      `<frameset onload="${call}"><frame src="x"></frameset>`,
      `<object type="text/html" data="data:text/html,&lt;script&gt;parent.${call}&lt;/script&gt;"></object>`,
      `<embed type="image/svg+xml" src="data:image/svg+xml,&lt;svg onload='parent.${call}'/&gt;">`,
      `<base href="javascript:${call}//"><a href="x">x</a>`,
      `<meta http-equiv="refresh" content="0;url=javascript:${call}">`,
      `<link rel="stylesheet" href="data:text/css,*{}" onload="${call}">`,
      `<link rel="modulepreload" href="data:text/javascript,${call}">`,
      `<template><img src="x" onerror="${call}"></template>`,
      `<noscript><img src="x" onerror="${call}"></noscript>`,
      `<svg><animate attributeName="href" values="javascript:${call}"></animate></svg>`,
      `<svg><set attributeName="onmouseover" to="${call}"></set></svg>`,
      `<svg><a><animate attributeName="href" to="javascript:${call}" /><text y="9">x</text></a></svg>`,
      `<svg><foreignObject><iframe srcdoc="&lt;script&gt;parent.${call}&lt;/script&gt;"></iframe></foreignObject></svg>`,
    ],
  },
  {
    family: 'event handler attributes',
    payloads: [
      `<img src="x" onerror="${call}">`,
      `<img src="x" ONERROR="${call}">`,
      `<img src="x" onerror = "${call}">`,
      `<img/src="x"/onerror="${call}">`,
      `<svg onload="${call}"></svg>`,
      `<svg><g onload="${call}"></g></svg>`,
      `<body onload="${call}">`,
      `<details open ontoggle="${call}"><summary>x</summary></details>`,
      `<input autofocus onfocus="${call}">`,
      `<select autofocus onfocus="${call}"></select>`,
      `<textarea autofocus onfocusin="${call}"></textarea>`,
      `<button popovertarget="p$">x</button><div popover id="p$" onbeforetoggle="${call}">x</div>`,
      `<video src="x" onerror="${call}"></video>`,
      `<audio src="x" onerror="${call}"></audio>`,
      `<video><source src="x" onerror="${call}"></video>`,
      `<marquee onstart="${call}">x</marquee>`,
      `<style>@keyframes k$ {}</style><b style="animation-name:k$" onanimationstart="${call}">x</b>`,
      `<b style="transition:color 1s" ontransitionrun="${call}">x</b>`,
      `<div style="content-visibility:auto" oncontentvisibilityautostatechange="${call}">x</div>`,
      `<div onscrollend="${call}" style="overflow:auto;height:1px">xx</div>`,
      `<a href="/ok" onpointerenter="${call}">x</a>`,
      `<a href="/ok" onfocus="${call}" autofocus>x</a>`,
      `<div tabindex="0" autofocus onfocus="${call}">x</div>`,
      `<form onsubmit="${call}"><button>x</button></form>`,
      `<img src="x" onerror="${call}" onerror="${call}">`,
      `<x onclick="${call}">x</x>`,
      `<custom-card onconnected="${call}">x</custom-card>`,
      `<math><mi onclick="${call}">x</mi></math>`,
      `<svg><animate onbegin="${call}" attributeName="x" dur="1s"></animate></svg>`,
      `<svg><image href="x" onerror="${call}"></image></svg>`,
    ],
  },
  {
    family: 'URL attributes with script-running schemes',
    payloads: URL_SINKS.flatMap(([markup], i) => [SCHEMES[i % SCHEMES.length], SCHEMES[(i + 5) % SCHEMES.length], SCHEMES[(i + 9) % SCHEMES.length]].map((scheme) => markup.replace('%', scheme))),
  },
  {
    family: 'mutation XSS: namespace confusion, parser re-entry, form nesting, comments and CDATA',
    payloads: [
      `<form><math><mtext></form><form><mglyph><style></math><img src onerror="${call}">`,
      `<math><mtext><table><mglyph><style><img src="x" onerror="${call}">`,
      `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=${call}&gt;">`,
      `<svg></p><style><a id="</style><img src=1 onerror=${call}>">`,
      `<svg><p><style><img src="x" onerror="${call}"></style></p></svg>`,
      `<math><style><img src="x" onerror="${call}"></style></math>`,
      `<noscript><p title="</noscript><img src=x onerror=${call}>">`,
      `<noscript><style></noscript><img src=x onerror=${call}></style>`,
      `<svg><style><![CDATA[</style><img src=x onerror=${call}>]]></style></svg>`,
      `<svg><![CDATA[><img src="x" onerror="${call}">]]></svg>`,
      `<!--><img src="x" onerror="${call}">-->`,
      `<!--!><img src="x" onerror="${call}">-->`,
      `<!-- --!><img src="x" onerror="${call}">-->`,
      `<?xml version="1.0"?><img src="x" onerror="${call}">`,
      `<table><svg><style><img src="x" onerror="${call}"></style></svg></table>`,
      `<table><tr><td><svg><desc><table><tr><td><img src="x" onerror="${call}">`,
      `<select><template><style><!--</style><a rel="--></template></select><img src=x onerror=${call}>">`,
      `<select><style><img src="x" onerror="${call}"></style></select>`,
      `<form id="f$"><form><img src="x" onerror="${call}"></form></form>`,
      `<form><input form="f$" formaction="javascript:${call}" type="submit"></form>`,
      `<svg><title><style><img src="x" onerror="${call}"></style></title></svg>`,
      `<svg><foreignObject><style><img src="x" onerror="${call}"></style></foreignObject></svg>`,
      `<math><annotation-xml encoding="text/html"><style><img src=x onerror=${call}></style></annotation-xml></math>`,
      `<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=${call} src=1>"></path></textarea></mtext></svg></mglyph></mi></math>`,
      `<xmp><p title="</xmp><img src=x onerror=${call}>">`,
      `<textarea><p title="</textarea><img src=x onerror=${call}>"></textarea>`,
      `<title><img src=x onerror=${call}></title>`,
      `<iframe><img src=x onerror=${call}></iframe>`,
      `<noembed><img src=x onerror=${call}></noembed>`,
      `<noframes><img src=x onerror=${call}></noframes>`,
      `<plaintext><img src=x onerror=${call}>`,
      `<style><style/><img src=x onerror=${call}>`,
      `<a href="&#x6a;avascript&#x3a;${call}">x</a>`,
      `<svg><a xlink:href="&#x6a;avascript:${call}"><circle r="9"></circle></a></svg>`,
      `<div><svg><style>*{}</style></svg><img src="x" onerror="${call}"></div>`,
    ],
  },
  {
    family: 'DOM clobbering of document and window',
    payloads: [
      '<img name="createElement" alt="">',
      '<form name="getElementById"></form>',
      '<img name="querySelector" alt="">',
      '<form name="querySelectorAll"></form>',
      '<img name="head" alt="">',
      '<img name="body" alt="">',
      '<form name="cookie"></form>',
      '<img name="currentScript" src="/evil/x.png" data-org-id="evil" alt="">',
      '<img name="defaultView" alt="">',
      '<form name="documentElement"></form>',
      '<img name="readyState" alt="">',
      '<img name="addEventListener" alt="">',
      '<form name="createTreeWalker"></form>',
      '<img name="implementation" alt="">',
      '<img id="Vitrine" name="Vitrine" alt="">',
      '<a id="location" href="/ok">x</a>',
      '<form id="fetch"></form>',
      '<img id="IntersectionObserver" alt="">',
      '<img name="images" alt=""><img name="images" alt="">',
      '<form name="forms"><input name="length"></form>',
    ],
  },
  {
    family: 'attribute clobbering through form controls',
    payloads: [
      `<form onfocusin="${call}"><input name="attributes"><input autofocus></form>`,
      `<form action="javascript:${call}"><input name="attributes"><button>x</button></form>`,
      `<form onmouseover="${call}"><input name="getAttributeNames">x</form>`,
      `<form onclick="${call}"><input name="getAttribute"><input name="removeAttribute">x</form>`,
      `<form onclick="${call}"><input name="localName">x</form>`,
      `<form onclick="${call}"><input id="nodeName"><input id="tagName">x</form>`,
      `<form onclick="${call}"><input name="remove"><input name="parentNode">x</form>`,
      `<form onclick="${call}"><input name="childNodes"><input name="children">x</form>`,
      `<form onclick="${call}"><input name="firstChild"><input name="nextSibling">x</form>`,
      `<form onclick="${call}"><img name="attributes" alt="">x</form>`,
      `<form onclick="${call}"><fieldset name="attributes"></fieldset>x</form>`,
      `<form onclick="${call}"><object name="attributes"></object>x</form>`,
    ],
  },
];

/** Every payload, numbered from 1, `$` filled in. */
export const MARKUP_PAYLOADS: readonly string[] = FAMILIES.flatMap((f) => f.payloads).map((p, i) => p.replaceAll('$', String(i + 1)));

/** Names the clobbering family tries to plant on `document` and `window`. */
export const CLOBBERED_NAMES = [
  'createElement', 'getElementById', 'querySelector', 'querySelectorAll', 'head', 'body', 'cookie', 'currentScript', 'defaultView', 'documentElement',
  'readyState', 'addEventListener', 'createTreeWalker', 'implementation', 'Vitrine', 'location', 'fetch', 'IntersectionObserver', 'images', 'forms',
];
