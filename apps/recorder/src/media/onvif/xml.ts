/**
 * XML for SOAP: escaping for what we write, and a tree of what devices send back, built from `saxes`, a strict,
 * streaming, well-kept parser (jsdom's): its work grows linearly with the input, it expands no entity beyond
 * XML's five and numeric references, and it reads no DTD. A device (or any host on the LAN, for WS-Discovery)
 * controls these bytes, so the tree is also bounded: characters, depth, elements and attributes; past a bound
 * the parse stops at once with an `XmlParseError` that says which.
 *
 * Devices pick their own namespace prefixes (`tds:`, `ns2:`, none at all, sometimes one they never declared), so
 * elements are matched by local name; the prefix is kept only for diagnostics.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';

export interface XmlElement {
  /** Local name, without any namespace prefix. */
  name: string;
  prefix: string;
  /** By qualified name as written (`token`, `xml:lang`). */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Concatenated character data directly inside this element (not its children's). */
  text: string;
}

export interface XmlLimits {
  /** characters of the whole document */
  maxChars: number;
  /** elements open at once */
  maxDepth: number;
  maxElements: number;
  /** attributes of all elements together (namespace declarations included) */
  maxAttributes: number;
}

/**
 * Far beyond any ONVIF reply (a 64-channel recorder's GetProfiles has a few thousand elements, nested about a
 * dozen deep) and small enough that a hostile document costs milliseconds, not the event loop.
 */
export const DEFAULT_XML_LIMITS: XmlLimits = Object.freeze({
  maxChars: 1024 * 1024,
  maxDepth: 64,
  maxElements: 50_000,
  maxAttributes: 50_000,
});

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

export class XmlParseError extends Error {
  override readonly name = 'XmlParseError';
}

function splitName(qname: string): { prefix: string; name: string } {
  const colon = qname.indexOf(':');
  return colon < 0
    ? { prefix: '', name: qname }
    : { prefix: qname.slice(0, colon), name: qname.slice(colon + 1) };
}

/**
 * Builds the tree of one document from the pieces it arrives in (`write` each as it comes, then `end`), so a
 * large reply is parsed while it is read, never in one long pause. The first problem, malformed XML or a bound
 * passed, throws `XmlParseError`, and so does every later call.
 */
export class XmlTreeBuilder {
  readonly #limits: XmlLimits;
  readonly #parser = new SaxesParser({ xmlns: false, position: true });
  readonly #stack: XmlElement[] = [];
  #root: XmlElement | undefined;
  #chars = 0;
  #elements = 0;
  #attributes = 0;
  #failure: XmlParseError | null = null;

  constructor(limits: Partial<XmlLimits> = {}) {
    this.#limits = { ...DEFAULT_XML_LIMITS, ...limits };
    const parser = this.#parser;
    // SOAP forbids a DTD (SOAP 1.2 part 1, 5): refuse one rather than skip it.
    parser.on('doctype', () => this.#bound('a DOCTYPE is not allowed'));
    parser.on('opentagstart', () => {
      if (++this.#elements > this.#limits.maxElements)
        this.#bound(`more than ${this.#limits.maxElements} elements`);
      if (this.#stack.length >= this.#limits.maxDepth)
        this.#bound(`elements nested more than ${this.#limits.maxDepth} deep`);
    });
    parser.on('attribute', () => {
      if (++this.#attributes > this.#limits.maxAttributes)
        this.#bound(`more than ${this.#limits.maxAttributes} attributes`);
    });
    parser.on('opentag', (tag: SaxesTagPlain) => {
      const element: XmlElement = {
        ...splitName(tag.name),
        attributes: tag.attributes,
        children: [],
        text: '',
      };
      const parent = this.#stack.at(-1);
      if (parent) parent.children.push(element);
      else this.#root = element;
      // A self-closing tag is closed at once (saxes reports its `closetag` right after).
      this.#stack.push(element);
    });
    parser.on('closetag', () => {
      this.#stack.pop();
    });
    const appendText = (text: string) => {
      const top = this.#stack.at(-1);
      // Outside the root only whitespace passes saxes' checks: nothing to keep.
      if (top) top.text += text;
    };
    parser.on('text', appendText);
    parser.on('cdata', appendText);
  }

  write(piece: string): void {
    this.#check();
    this.#chars += piece.length;
    if (this.#chars > this.#limits.maxChars) this.#fail(`longer than ${this.#limits.maxChars} characters`);
    this.#run(() => this.#parser.write(piece));
  }

  /** Ends the document and returns its root element. */
  end(): XmlElement {
    this.#check();
    this.#run(() => this.#parser.close());
    if (!this.#root) this.#fail('no root element');
    return this.#root;
  }

  #run(step: () => void): void {
    try {
      step();
    } catch (error) {
      if (error instanceof XmlParseError) throw (this.#failure = error);
      // saxes reports malformed XML as a plain Error: "line:column: what".
      this.#fail(error instanceof Error ? error.message : String(error));
    }
  }

  #bound(what: string): never {
    throw new XmlParseError(`${this.#parser.line}:${this.#parser.column}: ${what}`);
  }

  #fail(message: string): never {
    throw (this.#failure = new XmlParseError(message));
  }

  #check(): void {
    if (this.#failure) throw this.#failure;
  }
}

/** Parses a whole document and returns its root element. Throws `XmlParseError` on malformed input. */
export function parseXml(source: string, limits: Partial<XmlLimits> = {}): XmlElement {
  const builder = new XmlTreeBuilder(limits);
  builder.write(source);
  return builder.end();
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
