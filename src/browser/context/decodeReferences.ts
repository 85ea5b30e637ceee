import { bare } from '../../core/util/bare';

// The accents shops write as `&eacute;`, `&Ntilde;`, `&ouml;`…: the letter and a combining
// mark, composed (NFC), so seven marks stand for the hundred-odd accented Latin letters.
const MARKS = bare<Record<string, string>>({ acute: '\u0301', grave: '\u0300', circ: '\u0302', tilde: '\u0303', uml: '\u0308', ring: '\u030a', cedil: '\u0327' });

// The other named references product names and descriptions carry; anything else stays as written.
const NAMED = bare<Record<string, string>>({
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '\u00ad',
  szlig: 'ß', aelig: 'æ', AElig: 'Æ', oslash: 'ø', Oslash: 'Ø', iexcl: '¡', iquest: '¿', ordm: 'º', ordf: 'ª',
  euro: '€', pound: '£', yen: '¥', cent: '¢', copy: '©', reg: '®', trade: '™', deg: '°', times: '×', frac12: '½',
  ndash: '–', mdash: '—', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', middot: '·', bull: '•',
});

/**
 * A string with its HTML character references decoded once: named (from the tables
 * above), decimal (`&#237;`) and hex (`&#xED;`). The result is text and stays text: it
 * is never parsed as markup, so `&lt;b&gt;` becomes the characters `<b>`, and one pass
 * leaves `&amp;eacute;` as `&eacute;`. A reference to no character (0, a surrogate,
 * beyond U+10FFFF) or an unknown name is kept as written.
 */
export function decodeReferences(value: string): string {
  return value.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z][a-z\d]{1,7}));/gi, (ref, dec?: string, hex?: string, name?: string) => {
    if (name) {
      const accent = /^([a-z])([a-z]+)$/i.exec(name);
      const letter = accent && MARKS[accent[2]] ? (accent[1] + MARKS[accent[2]]).normalize() : '';
      return NAMED[name] ?? (letter.length == 1 ? letter : ref);
    }
    const code = dec ? +dec : parseInt(hex!, 16);
    return code > 0 && code < 0x110000 && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : ref;
  });
}
