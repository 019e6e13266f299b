// Reads just enough of an MPEG transport stream to let a consumer join it at any moment: the latest PAT and PMT,
// which PID carries the video, and every packet since the video's last keyframe (ffmpeg's muxer flags the first
// packet of a keyframe with the random-access indicator). A consumer that joins gets PAT + PMT + that group of
// pictures at once, so it decodes from its first packet instead of waiting up to a keyframe interval.
export const TS_PACKET = 188;
const SYNC = 0x47;
/** Stream types of video elementary streams (MPEG-1/2, MPEG-4 part 2, H.264, H.265). */
const VIDEO_STREAM_TYPES = new Set([0x01, 0x02, 0x10, 0x1b, 0x24]);
/** The video codecs the PMT's stream types name, by ffmpeg's names. */
const VIDEO_CODECS: Record<number, string> = {
  0x01: 'mpeg1video',
  0x02: 'mpeg2video',
  0x10: 'mpeg4',
  0x1b: 'h264',
  0x24: 'hevc',
};
/** Stream types of audio elementary streams (MPEG-1/2 audio, AAC in ADTS or LATM, AC-3). */
const AUDIO_STREAM_TYPES = new Set([0x03, 0x04, 0x0f, 0x11, 0x81]);
/** A group of pictures larger than this is not kept (a camera without keyframes would grow it forever). */
export const MAX_GOP_BYTES = 16 * 1024 * 1024;

export class TsGopCache {
  #pat: Buffer | null = null;
  #pmtPid: number | null = null;
  #pmt: Buffer | null = null;
  #videoPid: number | null = null;
  #videoCodec: string | null = null;
  #hasAudio: boolean | null = null;
  #gop: Buffer[] = [];
  #gopBytes = 0;
  /** false until the first keyframe: packets before it are useless to a joining consumer */
  #open = false;

  /** Takes a run of whole packets (a datagram); returns whether a keyframe began in it. */
  push(data: Buffer): boolean {
    let keyframeAt = -1;
    for (let offset = 0; offset + TS_PACKET <= data.length; offset += TS_PACKET) {
      if (data[offset] !== SYNC) continue;
      const packet = data.subarray(offset, offset + TS_PACKET);
      const pid = ((packet[1]! & 0x1f) << 8) | packet[2]!;
      const unitStart = (packet[1]! & 0x40) !== 0;
      if (pid === 0 && unitStart) this.#readPat(packet);
      else if (pid === this.#pmtPid && unitStart) this.#readPmt(packet);
      else if (pid === this.#videoPid && unitStart && randomAccess(packet) && keyframeAt < 0) {
        keyframeAt = offset;
      }
    }
    if (keyframeAt >= 0) {
      this.#open = true;
      this.#gop = [];
      this.#gopBytes = 0;
      this.#add(data.subarray(keyframeAt));
      return true;
    }
    if (this.#open) this.#add(data);
    return false;
  }

  /** What a consumer joining now is sent first: PAT, PMT and the packets since the last keyframe. */
  joinPackets(): Buffer[] {
    if (!this.#open || !this.#pat || !this.#pmt) return [];
    return [this.#pat, this.#pmt, ...this.#gop];
  }

  /** The stream's video codec as its PMT names it (ffmpeg's name), null until a PMT came. */
  get videoCodec(): string | null {
    return this.#videoCodec;
  }

  /** Whether the stream carries sound, as its PMT says; null until a PMT came. */
  get hasAudio(): boolean | null {
    return this.#hasAudio;
  }

  /** A new stream (another sender): nothing of the old one is valid. */
  reset(): void {
    this.#pat = this.#pmt = null;
    this.#pmtPid = this.#videoPid = null;
    this.#videoCodec = null;
    this.#hasAudio = null;
    this.#gop = [];
    this.#gopBytes = 0;
    this.#open = false;
  }

  #add(data: Buffer): void {
    // Copied: the datagram's memory is reused by whoever sent it to us only in theory, but slices of a large
    // receive buffer would keep all of it alive.
    const copy = Buffer.from(data);
    this.#gopBytes += copy.length;
    if (this.#gopBytes > MAX_GOP_BYTES) {
      this.#gop = [];
      this.#gopBytes = 0;
      this.#open = false;
      return;
    }
    this.#gop.push(copy);
  }

  #readPat(packet: Buffer): void {
    const section = sectionOf(packet);
    if (!section || section[0] !== 0x00) return;
    // Program loop: after the 8-byte header, 4 bytes per program, until the CRC.
    const end = 3 + (((section[1]! & 0x0f) << 8) | section[2]!) - 4;
    for (let i = 8; i + 4 <= end; i += 4) {
      const program = (section[i]! << 8) | section[i + 1]!;
      if (program === 0) continue; // network PID
      this.#pmtPid = ((section[i + 2]! & 0x1f) << 8) | section[i + 3]!;
      this.#pat = Buffer.from(packet);
      return;
    }
  }

  #readPmt(packet: Buffer): void {
    const section = sectionOf(packet);
    if (!section || section[0] !== 0x02) return;
    const end = 3 + (((section[1]! & 0x0f) << 8) | section[2]!) - 4;
    const programInfo = ((section[10]! & 0x0f) << 8) | section[11]!;
    let video: { pid: number; codec: string | null } | null = null;
    let audio = false;
    for (let i = 12 + programInfo; i + 5 <= end;) {
      const type = section[i]!;
      const pid = ((section[i + 1]! & 0x1f) << 8) | section[i + 2]!;
      if (VIDEO_STREAM_TYPES.has(type) && !video) video = { pid, codec: VIDEO_CODECS[type] ?? null };
      if (AUDIO_STREAM_TYPES.has(type)) audio = true;
      i += 5 + (((section[i + 3]! & 0x0f) << 8) | section[i + 4]!);
    }
    if (!video) return;
    this.#videoPid = video.pid;
    this.#videoCodec = video.codec;
    this.#hasAudio = audio;
    this.#pmt = Buffer.from(packet);
  }
}

/** The payload of a packet that starts a PSI section, from its table id (the pointer field skipped). */
function sectionOf(packet: Buffer): Buffer | null {
  let offset = 4;
  const control = (packet[3]! >> 4) & 0x3;
  if (control === 0x2) return null;
  if (control === 0x3) offset += 1 + packet[4]!;
  if (offset >= TS_PACKET) return null;
  offset += 1 + packet[offset]!;
  return offset < TS_PACKET ? packet.subarray(offset) : null;
}

function randomAccess(packet: Buffer): boolean {
  const control = (packet[3]! >> 4) & 0x3;
  return (control === 0x2 || control === 0x3) && packet[4]! > 0 && (packet[5]! & 0x40) !== 0;
}
