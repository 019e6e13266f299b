/**
 * Just enough XML for SOAP: escaping for what we write, and a small non-validating parser for what devices
 * send back. Devices pick their own namespace prefixes (`tds:`, `ns2:`, none at all), so elements are matched
 * by local name; the prefix is kept only for diagnostics.
 */

export interface XmlElement {
  /** Local name, without any namespace prefix. */
  name: string;
  prefix: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Concatenated character data directly inside this element (not its children's). */
  text: string;
}

const ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes a value for element content or a quoted attribute. */
export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ESCAPES[c] ?? c);
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(raw: string): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return safeCodePoint(parseInt(ref.slice(2), 16)) ?? whole;
    if (ref.startsWith('#')) return safeCodePoint(parseInt(ref.slice(1), 10)) ?? whole;
    return NAMED_ENTITIES[ref] ?? whole;
  });
}

function safeCodePoint(n: number): string | undefined {
  return Number.isInteger(n) && n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
}

export class XmlParseError extends Error {}

function splitName(qname: string): { prefix: string; name: string } {
  const colon = qname.indexOf(':');
  return colon < 0
    ? { prefix: '', name: qname }
    : { prefix: qname.slice(0, colon), name: qname.slice(colon + 1) };
}

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

/** Parses a document and returns its root element. Throws `XmlParseError` on malformed input. */
export function parseXml(source: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = 0;

  const appendText = (text: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += text;
    else if (text.trim() !== '') throw new XmlParseError('text outside the root element');
  };

  while (i < source.length) {
    const lt = source.indexOf('<', i);
    if (lt < 0) {
      appendText(decodeEntities(source.slice(i)));
      break;
    }
    if (lt > i) appendText(decodeEntities(source.slice(i, lt)));

    if (source.startsWith('<!--', lt)) {
      i = skipPast(source, lt, '-->');
    } else if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt);
      if (end < 0) throw new XmlParseError('unterminated CDATA section');
      appendText(source.slice(lt + 9, end));
      i = end + 3;
    } else if (source.startsWith('<?', lt)) {
      i = skipPast(source, lt, '?>');
    } else if (source.startsWith('<!', lt)) {
      // DOCTYPE and friends: SOAP forbids them, and we never expand their entities.
      i = skipPast(source, lt, '>');
    } else if (source.startsWith('</', lt)) {
      const gt = source.indexOf('>', lt);
      if (gt < 0) throw new XmlParseError('unterminated end tag');
      const qname = source.slice(lt + 2, gt).trim();
      const open = stack.pop();
      if (!open || (open.prefix ? `${open.prefix}:${open.name}` : open.name) !== qname) {
        throw new XmlParseError(`mismatched end tag </${qname}>`);
      }
      i = gt + 1;
    } else {
      const gt = findTagEnd(source, lt);
      const selfClosing = source[gt - 1] === '/';
      const body = source.slice(lt + 1, selfClosing ? gt - 1 : gt);
      const nameMatch = /^[^\s/>]+/.exec(body);
      if (!nameMatch) throw new XmlParseError('element without a name');
      const element: XmlElement = { ...splitName(nameMatch[0]), attributes: {}, children: [], text: '' };
      for (const m of body.slice(nameMatch[0].length).matchAll(ATTRIBUTE)) {
        element.attributes[m[1]!] = decodeEntities(m[3] ?? m[4] ?? '');
      }
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else if (root) throw new XmlParseError('more than one root element');
      else root = element;
      if (!selfClosing) stack.push(element);
      i = gt + 1;
    }
  }
  if (!root) throw new XmlParseError('no root element');
  if (stack.length > 0) throw new XmlParseError(`unclosed element <${stack[stack.length - 1]!.name}>`);
  return root;
}

function skipPast(source: string, from: number, terminator: string): number {
  const end = source.indexOf(terminator, from);
  if (end < 0) throw new XmlParseError(`missing "${terminator}"`);
  return end + terminator.length;
}

/** Finds the `>` closing a start tag, ignoring any `>` inside quoted attribute values. */
function findTagEnd(source: string, from: number): number {
  let quote = '';
  for (let j = from + 1; j < source.length; j++) {
    const c = source[j];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return j;
    }
  }
  throw new XmlParseError('unterminated start tag');
}

/** First direct child with the given local name. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** All direct children with the given local name. */
export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element?.children.filter((c) => c.name === name) ?? [];
}

/** Follows a path of local names through first matching children. */
export function path(element: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  return names.reduce<XmlElement | undefined>((at, name) => child(at, name), element);
}

/** Trimmed text of an element, or undefined when it is absent. */
export function textOf(element: XmlElement | undefined): string | undefined {
  return element?.text.trim();
}
