// Turning generated token ids back into text with a Hugging Face tokenizer.json of GPT-2's kind: a BPE vocabulary
// over the byte-level alphabet (each byte 0..255 mapped to a printable character), so decoding is vocabulary
// lookup, then characters → bytes, then UTF-8. Generation starts from a token id, so no encoding is needed.

/** GPT-2's reversible byte → character table: printable Latin-1 bytes map to themselves, the rest to 256+. */
function byteLevelAlphabet(): Map<string, number> {
  const direct = (from: string, to: string) =>
    Array.from({ length: to.charCodeAt(0) - from.charCodeAt(0) + 1 }, (_, i) => from.charCodeAt(0) + i);
  const printable = new Set([...direct('!', '~'), ...direct('¡', '¬'), ...direct('®', 'ÿ')]);
  const charToByte = new Map<string, number>();
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    charToByte.set(String.fromCharCode(printable.has(b) ? b : 256 + extra++), b);
  }
  return charToByte;
}

interface TokenizerJson {
  model?: { type?: unknown; vocab?: unknown };
  decoder?: { type?: unknown } | null;
  added_tokens?: { id: number; content: string; special?: boolean }[];
}

export class ByteLevelTokenizer {
  private readonly pieces: string[] = [];
  private readonly special = new Set<number>();
  private readonly charToByte = byteLevelAlphabet();

  constructor(json: unknown) {
    const doc = json as TokenizerJson;
    if (doc.model?.type !== 'BPE' || typeof doc.model.vocab !== 'object' || doc.model.vocab === null)
      throw new Error('tokenizer.json: expected a BPE model with a vocab (a GPT-2 tokenizer)');
    if (doc.decoder?.type !== 'ByteLevel')
      throw new Error(`tokenizer.json: decoder ${String(doc.decoder?.type)} is not ByteLevel`);
    for (const [piece, id] of Object.entries(doc.model.vocab as Record<string, number>)) {
      if (!Number.isInteger(id) || id < 0) throw new Error(`tokenizer.json: bad id for "${piece}"`);
      this.pieces[id] = piece;
    }
    for (const t of doc.added_tokens ?? []) {
      this.pieces[t.id] = t.content;
      if (t.special) this.special.add(t.id);
    }
  }

  get vocabSize(): number {
    return this.pieces.length;
  }

  /** The text of `ids` without special tokens, surrounding spaces trimmed. Unknown ids are an error. */
  decode(ids: readonly number[]): string {
    const bytes: number[] = [];
    for (const id of ids) {
      if (this.special.has(id)) continue;
      const piece = this.pieces[id];
      if (piece === undefined) throw new Error(`token id ${id} is not in tokenizer.json`);
      for (const ch of piece) {
        const b = this.charToByte.get(ch);
        // A non-special added token is plain text: its UTF-8 bytes.
        if (b === undefined) bytes.push(...new TextEncoder().encode(ch));
        else bytes.push(b);
      }
    }
    return new TextDecoder().decode(Uint8Array.from(bytes)).trim();
  }
}
