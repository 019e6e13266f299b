// The XML reader devices' replies and WS-Discovery datagrams go through: what it reads, what it refuses, and
// the bounds that make a hostile document fail at once instead of holding the event loop.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_XML_LIMITS, XmlParseError, XmlTreeBuilder, parseXml, path, textOf } from './xml.js';

const MiB = 1024 * 1024;

describe('XML reader', () => {
  it('reads a SOAP reply: prefixes, attributes, entities, CDATA, comments, a BOM and an XML declaration', () => {
    const root = parseXml(
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- a device comment -->' +
        '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://www.w3.org/2003/05/soap-envelope" xmlns:tt="urn:x">' +
        '<SOAP-ENV:Body><trt:GetProfilesResponse xmlns:trt="urn:y">' +
        '<trt:Profiles token="main&amp;1" fixed=\'true\'><tt:Name>A &lt;b&gt; &#x263A;&#65;</tt:Name>' +
        '<tt:Uri><![CDATA[rtsp://h/x?a=1&b=<2>]]></tt:Uri><?vendor ignored?></trt:Profiles>' +
        '<Empty/></trt:GetProfilesResponse></SOAP-ENV:Body></SOAP-ENV:Envelope>\n',
    );
    assert.equal(root.name, 'Envelope');
    assert.equal(root.prefix, 'SOAP-ENV');
    const profile = path(root, 'Body', 'GetProfilesResponse', 'Profiles')!;
    assert.deepEqual({ ...profile.attributes }, { token: 'main&1', fixed: 'true' });
    assert.equal(textOf(path(profile, 'Name')), 'A <b> ☺A');
    assert.equal(textOf(path(profile, 'Uri')), 'rtsp://h/x?a=1&b=<2>');
    assert.deepEqual(
      path(root, 'Body', 'GetProfilesResponse')!.children.map((c) => c.name),
      ['Profiles', 'Empty'],
    );
  });

  it('reads a document written in pieces, split anywhere (even inside a multi-byte character’s text)', () => {
    const source = '<a x="1"><b>é&amp;ü</b><c/></a>';
    for (let at = 0; at <= source.length; at++) {
      const tree = new XmlTreeBuilder();
      tree.write(source.slice(0, at));
      tree.write(source.slice(at));
      const root = tree.end();
      assert.equal(textOf(path(root, 'b')), 'é&ü', `split at ${at}`);
      assert.equal(root.attributes['x'], '1');
    }
  });

  it('expands no entity a document defines, and refuses a DTD outright', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<l>&b;</l>';
    assert.throws(() => parseXml(laughs), { name: 'XmlParseError', message: /a DOCTYPE is not allowed/ });
    // Without a DTD an entity other than XML's five is simply undefined.
    assert.throws(() => parseXml('<a>&nbsp;</a>'), { name: 'XmlParseError', message: /undefined entity/ });
    assert.throws(() => parseXml('<a>&ext;</a>'), { name: 'XmlParseError', message: /undefined entity/ });
  });

  it('refuses malformed XML naming the line and column', () => {
    for (const [source, message] of [
      ['<a><b></a>', /^1:10: unexpected close tag/],
      ['<a>', /unclosed tag: a/],
      ['', /document must contain a root element/],
      ['not xml', /text data outside of root node/],
      ['<a/><b/>', /documents may contain only one root/],
      ['<a b="1" b="2"/>', /duplicate attribute: b/],
      ['<a b=1/>', /unquoted attribute value/],
    ] as const) {
      assert.throws(() => parseXml(source), { name: 'XmlParseError', message }, source);
    }
  });

  it('refuses, at once, the shapes that made the old regex reader quadratic', () => {
    // A start tag full of attribute-like text with no value (the reply that froze the recorder for 15 s at
    // 64 KiB), and its variants: each is refused with what is wrong, in one linear pass.
    const hostile = [
      ['<a ' + 'x'.repeat(MiB - 8) + '>', /attribute without value/],
      ['<a ' + 'b='.repeat((MiB - 8) / 2) + '>', /unquoted attribute value/],
      ['<a ' + 'b= '.repeat((MiB - 8) / 3) + '>', /unquoted attribute value/],
      ['<a b="' + 'x'.repeat(MiB - 8), /unexpected end|unclosed/],
      ['<a>' + '&amp'.repeat((MiB - 8) / 4), /entity|unexpected end|unclosed/],
    ] as const;
    for (const [source, message] of hostile) {
      assert.ok(source.length <= MiB);
      assert.throws(() => parseXml(source), { name: 'XmlParseError', message }, source.slice(0, 20));
    }
  });

  it('stops at the first bound passed: depth, elements, attributes, characters', () => {
    const { maxDepth, maxElements, maxAttributes, maxChars } = DEFAULT_XML_LIMITS;
    assert.deepEqual(
      { maxDepth, maxElements, maxAttributes, maxChars },
      { maxDepth: 64, maxElements: 50_000, maxAttributes: 50_000, maxChars: MiB },
    );
    const nested = (depth: number) => '<a>'.repeat(depth) + '</a>'.repeat(depth);
    assert.equal(textOf(parseXml(nested(64))), '');
    assert.throws(() => parseXml(nested(65)), {
      name: 'XmlParseError',
      message: /elements nested more than 64 deep/,
    });
    const siblings = (count: number) => '<r>' + '<e/>'.repeat(count - 1) + '</r>';
    assert.equal(parseXml(siblings(50_000)).children.length, 49_999);
    assert.throws(() => parseXml(siblings(50_001)), {
      name: 'XmlParseError',
      message: /more than 50000 elements/,
    });
    const attributes = (count: number) =>
      '<r>' + Array.from({ length: count }, (_, i) => `<e a${i}="" b${i}=""/>`).join('') + '</r>';
    assert.doesNotThrow(() => parseXml(attributes(25_000)));
    assert.throws(() => parseXml(attributes(25_001)), {
      name: 'XmlParseError',
      message: /more than 50000 attributes/,
    });
    assert.throws(() => parseXml(`<a>${' '.repeat(MiB)}</a>`), {
      name: 'XmlParseError',
      message: /longer than 1048576 characters/,
    });
    // Smaller bounds for a caller that wants them.
    assert.throws(() => parseXml('<a><b><c/></b></a>', { maxDepth: 2 }), /nested more than 2 deep/);
  });

  it('fails in the piece that passes a bound, and keeps failing: nothing after it is read', () => {
    const tree = new XmlTreeBuilder({ maxDepth: 8 });
    tree.write('<a>'.repeat(5));
    let failure: unknown;
    try {
      tree.write('<a>'.repeat(5));
    } catch (error) {
      failure = error;
    }
    assert.ok(failure instanceof XmlParseError, String(failure));
    assert.match(failure.message, /^1:\d+: elements nested more than 8 deep$/);
    assert.throws(
      () => tree.write('</a>'),
      (error) => error === failure,
    );
    assert.throws(
      () => tree.end(),
      (error) => error === failure,
    );
  });
});
