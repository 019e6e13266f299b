// Caption backend speaking Ollama's /api/chat or the OpenAI-compatible /v1/chat/completions wire format.
// A CAPTION_URL whose path ends in /v1 selects the OpenAI format; any other URL is treated as Ollama.
import { AdapterError } from '../errors.js';

export const DEFAULT_CAPTION_PROMPT =
  'Describe this security camera frame in one factual sentence: who and what is visible, and where.';
const TIMEOUT_MS = 60_000;

export interface CaptionBackend {
  readonly modelId: string;
  describe(image: Uint8Array, mime: string, prompt?: string): Promise<string>;
}

export function captionBackend(url: string, model: string, apiKey: string | null): CaptionBackend {
  const openAi = /\/v1$/.test(new URL(url).pathname.replace(/\/+$/, ''));
  const modelId = `${openAi ? 'openai' : 'ollama'}/${model}`;
  return {
    modelId,
    async describe(image, mime, prompt = DEFAULT_CAPTION_PROMPT) {
      const b64 = Buffer.from(image).toString('base64');
      const body = openAi
        ? {
            model,
            max_tokens: 120,
            messages: [
              {
                role: 'user',
                content: [
                  { type: 'text', text: prompt },
                  { type: 'image_url', image_url: { url: `data:${mime};base64,${b64}` } },
                ],
              },
            ],
          }
        : { model, stream: false, messages: [{ role: 'user', content: prompt, images: [b64] }] };
      const endpoint = `${url}${openAi ? '/chat/completions' : '/api/chat'}`;
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        throw new AdapterError(
          'caption_backend_failed',
          `caption backend ${modelId} unreachable: ${(err as Error).message}`,
        );
      }
      const text = await res.text();
      if (!res.ok) {
        throw new AdapterError(
          'caption_backend_failed',
          `caption backend ${modelId} answered ${res.status}: ${text.slice(0, 200)}`,
        );
      }
      const caption = extract(openAi, text)?.trim();
      if (!caption)
        throw new AdapterError('caption_backend_failed', `caption backend ${modelId} returned no caption`);
      return caption;
    },
  };
}

function extract(openAi: boolean, text: string): string | undefined {
  try {
    const json = JSON.parse(text) as {
      choices?: { message?: { content?: unknown } }[];
      message?: { content?: unknown };
    };
    const content = openAi ? json.choices?.[0]?.message?.content : json.message?.content;
    return typeof content === 'string' ? content : undefined;
  } catch {
    return undefined;
  }
}

/** The MIME type of JPEG/PNG/WebP bytes by magic number (what the image_url data URI needs). */
export function sniffMime(bytes: Uint8Array): string {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'image/png';
  if (bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[8] === 0x57) return 'image/webp';
  return 'image/jpeg';
}
