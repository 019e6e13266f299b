// The scene_description backend order of ADAPTER.md: (1) the local captioning model in MODELS_DIR, (2) the
// Ollama/OpenAI caption endpoint (CAPTION_URL), (3) the built-in scene composer. A local model that is missing,
// failed or fails now hands over to the next backend, so scene_description keeps answering.
import { AdapterError } from '../../errors.js';
import { sniffMime, type CaptionBackend } from '../caption-client.js';
import type { LocalCaptioner } from './captioner.js';

type Log = { warn(obj: object, msg: string): void };

export class SceneCaptionBackends {
  constructor(
    readonly local: LocalCaptioner | null,
    readonly endpoint: CaptionBackend | null,
    private readonly log: Log,
  ) {}

  /** Whether scene_description goes through here at all; otherwise straight to the composer. */
  get configured(): boolean {
    return this.local !== null || this.endpoint !== null;
  }

  /** A caption and the backend that wrote it, or null: the caller runs the scene composer. */
  async describe(
    frame: Uint8Array,
    prompt: string | undefined,
  ): Promise<{ caption: string; modelId: string; frame?: { width: number; height: number } } | null> {
    const local = this.local;
    if (local) await local.refresh();
    // A prompt goes to the endpoint when there is one; ViT-GPT2 captions take none.
    if (local?.usable() && !(prompt !== undefined && this.endpoint)) {
      if (prompt !== undefined)
        throw new AdapterError(
          'invalid_params',
          `invalid params for scene_description: prompt: the local caption model ${local.modelId} takes no ` +
            'prompt (set CAPTION_URL for prompted captions)',
          { details: { task: 'scene_description', errors: ['/prompt: not supported by the local model'] } },
        );
      try {
        const described = await local.describe(frame);
        if (described.caption) return { ...described, modelId: local.modelId };
        this.log.warn({ model: local.modelId }, 'local caption model produced no text; next backend used');
      } catch (err) {
        const e = err as AdapterError;
        // Only the model's own failures hand over; a bad frame or a full queue is the answer.
        if (e.code !== 'model_load_failed' && e.code !== 'inference_failed') throw e;
        this.log.warn(
          { model: local.modelId, err: e.message },
          'local caption model failed; next backend used',
        );
      }
    }
    if (this.endpoint) {
      const caption = await this.endpoint.describe(frame, sniffMime(frame), prompt);
      return { caption, modelId: this.endpoint.modelId };
    }
    return null;
  }
}
