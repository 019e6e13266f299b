// Pure builders of ffmpeg argument lists. Nothing here runs a process; the arrays are unit-tested.
// Credentials are put into the input URL only here, and redactArgs() masks them again for logs.
import { maskUrlCredentials } from '../../platform/logging.js';

export interface StreamInput {
  /** credential-free source URL (rtsp, rtsps, rtmp, http, https) */
  url: string;
  username: string | null;
  password: string | null;
  /** null or 'auto': TCP (the robust default through NAT and firewalls); 'udp' when asked */
  rtspTransport: string | null;
  /** allow-listed input options from the camera config */
  extraOptions: Record<string, string>;
  /**
   * a plain user's camera: the ffmpeg that reads it runs with the connection guard (connect-guard.ts), which
   * refuses the recorder's own machine and link wherever ffmpeg is led
   */
  guarded: boolean;
}

/** The URL ffmpeg connects to: credentials percent-encoded into the userinfo part. */
export function inputUrl(input: StreamInput): string {
  if (!input.username && !input.password) return input.url;
  const url = new URL(input.url);
  url.username = encodeURIComponent(input.username ?? '');
  url.password = encodeURIComponent(input.password ?? '');
  return url.toString();
}

/**
 * What ffmpeg may open for a camera source, by scheme: only the network protocols that scheme needs (never
 * `file:`, `data:`, `concat:` or `subfile:`, so a playlist or redirect cannot reach local files) and only media
 * demuxers (never the text, image-sequence or playlist-of-files demuxers, so an internal web page cannot be
 * drawn into a picture).
 */
const SOURCE_PROTOCOLS: Record<string, string> = {
  'rtsp:': 'rtsp,rtp,udp,tcp',
  'rtsps:': 'rtsps,rtsp,rtp,udp,tcp,tls',
  'rtmp:': 'rtmp,tcp',
  'rtmps:': 'rtmps,rtmp,tcp,tls',
  // HTTP sources may be HLS playlists whose segments (or AES keys) are on either scheme.
  'http:': 'http,https,tcp,tls,crypto',
  'https:': 'http,https,tcp,tls,crypto',
};
export const SOURCE_FORMATS = 'rtsp,flv,live_flv,hls,mpegts,mov,mpjpeg,mjpeg,h264,hevc,matroska';

export function inputArgs(input: StreamInput): string[] {
  const scheme = new URL(input.url).protocol;
  const protocols = SOURCE_PROTOCOLS[scheme];
  if (!protocols) throw new Error(`unsupported source scheme ${scheme}`);
  const args = ['-protocol_whitelist', protocols, '-format_whitelist', SOURCE_FORMATS];
  if (scheme === 'rtsp:' || scheme === 'rtsps:') {
    args.push('-rtsp_transport', input.rtspTransport === 'udp' ? 'udp' : 'tcp');
    // Fail fast instead of hanging forever on a camera that stops answering (microseconds).
    if (!('timeout' in input.extraOptions)) args.push('-timeout', '10000000');
  }
  for (const [key, value] of Object.entries(input.extraOptions)) args.push(`-${key}`, value);
  args.push('-i', inputUrl(input));
  return args;
}

import type { RecordingPlan } from './recording-plan.js';

const BASE = ['-hide_banner', '-loglevel', 'warning', '-nostats'];
/** The first video and (if any) audio stream, copied as they are: no re-encoding. */
const COPY_FIRST_STREAMS = ['-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy'];

export interface RecordOutput {
  /** directory for the segments being written */
  dir: string;
  /** file name prefix of this ffmpeg run (segments are <prefix>-000000.mp4, …) */
  prefix: string;
  segmentSeconds: number;
  /** CSV list ffmpeg appends each closed segment to: name,start,end (seconds from the first packet) */
  listFile: string;
  /** the camera stream's loopback UDP port: the same packets also go there for live view, AI and targets */
  tapPort?: number;
}

/**
 * Longest stretch of video held in ffmpeg's memory before it reaches the file: a fragment is written at every
 * keyframe and at least this often (microseconds), and flushed at once, so a kill or crash loses at most this
 * much of the chunk being written (docs/architecture.md, "Footage").
 */
export const MAX_FRAGMENT_MICROS = 1_000_000;

/** The segment muxer's options: fragmented-MP4 chunks and the CSV list of closed ones. */
function segmentOptions(output: RecordOutput): [string, string][] {
  return [
    ['segment_time', String(output.segmentSeconds)],
    ['segment_format', 'mp4'],
    [
      'segment_format_options',
      `movflags=+frag_keyframe+empty_moov+default_base_moof:frag_duration=${MAX_FRAGMENT_MICROS}:flush_packets=1`,
    ],
    ['reset_timestamps', '1'],
    ['segment_list', output.listFile],
    ['segment_list_type', 'csv'],
  ];
}

/** The streams a recording keeps: the first video and, unless the camera sends none, the first audio. */
function recordedStreams(plan: RecordingPlan): string[] {
  return ['-map', '0:v:0', ...(plan.audio === 'none' ? [] : ['-map', '0:a:0?'])];
}

/**
 * How each stream is written: copied, or converted to what MP4, MPEG-TS and browsers take (recording-plan.ts).
 * Converted video gets a keyframe every second: chunks and live segments are cut at keyframes.
 */
function recordedCodecs(plan: Pick<RecordingPlan, 'video' | 'audio'>): string[] {
  const video =
    plan.video === 'copy'
      ? ['-c:v', 'copy', '-bsf:v', FILL_MISSING_DTS]
      : [
          ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
          ...['-force_key_frames', 'expr:gte(t,n_forced*1)'],
        ];
  const audio =
    plan.audio === 'copy' ? ['-c:a', 'copy'] : plan.audio === 'aac' ? ['-c:a', 'aac', '-b:a', '32k'] : [];
  return [...video, ...audio];
}

/**
 * A camera that sends B-frames over RTSP: ffmpeg cannot tell the first pictures' decoding times (they come without
 * them), which MP4 only warns about and MPEG-TS refuses ("first pts and dts value must be set"), so the fan-out —
 * live view, snapshots, AI — got nothing. A missing decoding time is taken from the presentation time; the muxers
 * keep the order from there. A stream that has both is passed as it is.
 */
const FILL_MISSING_DTS = 'setts=dts=if(eq(DTS\\,NOPTS)\\,PTS\\,DTS)';

/** Everything copied: the plan of a camera that sends H.264 or H.265 and AAC, Opus or nothing. */
export const COPY_PLAN: RecordingPlan = { video: 'copy', audio: 'copy', tapAudio: 'copy', note: null };

/**
 * Fragmented-MP4 segments (a chunk cut off by a crash or power loss still plays up to its last fragment), and the
 * camera stream's tap. Progress goes to stdout (key=value blocks) for the stall watchdog and the clock. Copied
 * video: two outputs of the same input. Converted video: one encode for both, through the tee muxer (two outputs
 * would encode twice); its MPEG-TS branch may fail (`onfail=ignore`) without touching the recording.
 */
export function recordArgs(
  input: StreamInput,
  output: RecordOutput,
  plan: RecordingPlan = COPY_PLAN,
): string[] {
  const segments = `${output.dir}/${output.prefix}-%06d.mp4`;
  const start = [...BASE, ...inputArgs(input), ...recordedStreams(plan), ...recordedCodecs(plan)];
  const progress = ['-progress', 'pipe:1'];
  if (plan.video === 'copy') {
    return [
      ...start,
      '-f',
      'segment',
      ...segmentOptions(output).flatMap(([key, value]) => [`-${key}`, value]),
      ...progress,
      segments,
      ...(output.tapPort === undefined ? [] : tapOutput(output.tapPort, false, plan)),
    ];
  }
  const slaves = [`[f=segment:${teeOptions(segmentOptions(output))}]${segments}`];
  if (output.tapPort !== undefined)
    slaves.push(`[f=mpegts:onfail=ignore]udp://127.0.0.1:${output.tapPort}?pkt_size=${7 * 188}`);
  // MP4 needs the parameter sets in the stream's header, which tee does not ask the encoder for by itself.
  return [...start, '-flags', '+global_header', ...progress, '-f', 'tee', slaves.join('|')];
}

/**
 * A tee slave's options: `key=value` joined by `:`. A `:` inside a value is escaped for both option lists it
 * passes through (the tee's, then segment_format_options' own); `|`, `[` and `]` would end the slave.
 */
function teeOptions(options: [string, string][]): string {
  return options
    .map(([key, value]) => {
      if (/[|[\]\\]/.test(value)) throw new Error(`a tee option may not contain | [ ] or \\: ${key}`);
      return `${key}=${value.replaceAll(':', '\\\\:')}`;
    })
    .join(':');
}

/**
 * The camera stream as MPEG-TS datagrams to a loopback port, where the recorder fans it out (media/ingest).
 * UDP because a sender never waits for or fails on an unconnected receiver: the recording that carries the tap
 * goes on even when the recorder process is gone. A pull that exists only for the fan-out is `connected`
 * instead: the port closing (the recorder gone) fails its next write, so it never outlives the recorder.
 */
function tapOutput(port: number, connected = false, plan: RecordingPlan = COPY_PLAN): string[] {
  const options = `pkt_size=${7 * 188}${connected ? '&connect=1' : ''}`;
  return [
    ...recordedStreams(plan),
    ...recordedCodecs({ video: plan.video, audio: plan.tapAudio }),
    '-f',
    'mpegts',
    `udp://127.0.0.1:${port}?${options}`,
  ];
}

/**
 * A camera stream pulled only for its consumers (no recording): to the stream's loopback port, converted as the
 * recording would convert it (MPEG-TS holds neither MJPEG nor G.711).
 */
export function ingestArgs(input: StreamInput, tapPort: number, plan: RecordingPlan = COPY_PLAN): string[] {
  return [...BASE, ...inputArgs(input), '-progress', 'pipe:1', ...tapOutput(tapPort, true, plan)];
}

/**
 * What a consumer of a camera stream reads: the MPEG-TS fan-out on its stdin. Only the pipe may be opened and
 * only MPEG-TS read, whatever the bytes say.
 */
function feedInput(lowLatency: boolean): string[] {
  return [
    // ffmpeg's default 5 s of probing would hold back every start; the fan-out begins with a keyframe and its
    // parameter sets, so half a second finds the streams (measured: first live segment 7.4 s → 2.3 s).
    ...['-analyzeduration', '500000', '-probesize', '500000'],
    ...(lowLatency ? ['-fflags', 'nobuffer'] : []),
    '-protocol_whitelist',
    'pipe',
    '-f',
    'mpegts',
    '-i',
    'pipe:0',
  ];
}

/** One JPEG from the camera stream, on stdout. */
export function snapshotArgs(): string[] {
  return [
    ...BASE,
    ...feedInput(true),
    '-frames:v',
    '1',
    '-q:v',
    '3',
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    'pipe:1',
  ];
}

/** The keyframe at or before `offsetSeconds` into a recorded file, scaled to `width`, as one JPEG on stdout. */
export function thumbnailArgs(file: string, offsetSeconds: number, width: number): string[] {
  return [
    ...BASE,
    ...['-protocol_whitelist', 'file', '-skip_frame', 'nokey', '-noaccurate_seek'],
    ...['-ss', offsetSeconds.toFixed(3), '-i', file],
    ...['-frames:v', '1', '-vf', `scale=${width}:-2`, '-q:v', '5', '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1'],
  ];
}

/** For logs and error messages: every user:password@ in URLs replaced. */
export function redact(text: string): string {
  return maskUrlCredentials(text, '***');
}

export function redactArgs(args: readonly string[]): string[] {
  return args.map(redact);
}

/**
 * Live view: the stream copied, without re-encoding, into fragmented MP4 on stdout — a fragment at every keyframe
 * and every 200 ms between — which the recorder lists as low-latency HLS parts (media/hls). Progress goes to fd 3.
 * No `nobuffer` here: it drops what was read while probing, which would lose the fan-out's opening keyframe.
 */
/**
 * An H.265 camera's live picture for players that decode only H.264 (modules/live/live-video.ts; WebRTC viewers
 * too, whose offers the recorder answers with H.264 only): encoded for
 * speed and latency, a keyframe every second (the live playlist's segment), at most 1920 pixels wide (a 4K camera
 * would take more than a core of this machine's kind; the recording keeps the original).
 */
export const LIVE_H264 = [
  ...['-c:v', 'libx264', '-preset', 'superfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
  ...['-crf', '23', '-maxrate', '6M', '-bufsize', '12M'],
  ...['-vf', 'scale=w=min(iw\\,1920):h=-2'],
  ...['-force_key_frames', 'expr:gte(t,n_forced*1)'],
];

export function liveFmp4Args(partSeconds = 0.2, { transcodeVideo = false } = {}): string[] {
  return [
    ...BASE,
    ...feedInput(false),
    ...COPY_FIRST_STREAMS,
    ...(transcodeVideo ? LIVE_H264 : []),
    // The fan-out's audio is AAC in ADTS frames (recording-plan.ts): MP4 wants its AudioSpecificConfig in the
    // init section instead, which the filter makes from the first frame and `delay_moov` waits for. Without it the
    // init section named AAC without a configuration, and chromium's renderer died on it.
    '-bsf:a',
    'aac_adtstoasc',
    '-f',
    'mp4',
    '-movflags',
    'frag_keyframe+empty_moov+default_base_moof+delay_moov',
    '-frag_duration',
    String(Math.round(partSeconds * 1_000_000)),
    // Each fragment leaves at once, not when an output buffer fills.
    '-flush_packets',
    '1',
    '-progress',
    'pipe:3',
    'pipe:1',
  ];
}

/**
 * WebRTC live view: the camera's H.264 copied as RTP to a local UDP port, where the recorder fans the packets
 * out to every viewer. Parameter sets go in front of every keyframe so a viewer joining mid-stream can decode.
 * With `audioPort`, the sound too, as Opus RTP to that port: every browser decodes Opus, and the fan-out's sound
 * is AAC (recording-plan.ts), which WebRTC does not carry. One encode for every viewer: mono (cameras' microphones
 * are), 32 kbit/s, 20 ms frames in low-delay mode. Measured on a 2-core Xeon: 2.4 % of a core for the ffmpeg
 * with the encode against 0.8 % copying the same AAC (30 s, real time); stereo cost 2.9 %.
 */
export function webrtcRtpArgs(
  rtpPort: number,
  { transcodeVideo = false, audioPort }: { transcodeVideo?: boolean; audioPort?: number } = {},
): string[] {
  const video = [
    ...['-map', '0:v:0', '-an'],
    ...(transcodeVideo ? LIVE_H264 : ['-c:v', 'copy']),
    ...['-bsf:v', 'dump_extra=freq=keyframe'],
    ...['-f', 'rtp', '-payload_type', '96'],
    `rtp://127.0.0.1:${rtpPort}?pkt_size=1200`,
  ];
  const audio =
    audioPort === undefined
      ? []
      : [
          ...['-map', '0:a:0', '-vn'],
          ...['-c:a', 'libopus', '-b:a', '32k', '-ar', '48000', '-ac', '1'],
          ...['-application', 'lowdelay', '-frame_duration', '20'],
          ...['-f', 'rtp', '-payload_type', '111'],
          `rtp://127.0.0.1:${audioPort}?pkt_size=1200`,
        ];
  return [...BASE, ...feedInput(true), '-progress', 'pipe:1', ...video, ...audio];
}

/** Where a restream sender writes one elementary stream: its RTP port and the port of its RTCP sender reports. */
export interface RtpTarget {
  rtp: number;
  rtcp: number;
}

/**
 * RTSP restream (modules/restream): the camera stream's video copied as RTP (payload type 96, its parameter sets
 * repeated before each keyframe so a reader can start at any), and its sound (the fan-out's AAC) as RTP (97),
 * encoded again: ffmpeg's RTP muxer needs AAC's configuration before the first packet, and MPEG-TS carries it only
 * in each frame's header. Once per restreamed stream, whatever the number of readers. The SDP goes to stdout (the
 * restream serves it), progress to fd 3.
 */
export function restreamRtpArgs(video: RtpTarget, audio: RtpTarget | null): string[] {
  const url = ({ rtp, rtcp }: RtpTarget) => `rtp://127.0.0.1:${rtp}?rtcpport=${rtcp}&pkt_size=1200`;
  const videoOut = [
    ...['-map', '0:v:0', '-c:v', 'copy', '-bsf:v', 'dump_extra=freq=keyframe'],
    ...['-f', 'rtp', '-payload_type', '96', url(video)],
  ];
  const audioOut = audio
    ? [
        ...['-map', '0:a:0', '-c:a', 'aac', '-b:a', '64k'],
        ...['-f', 'rtp', '-payload_type', '97', url(audio)],
      ]
    : [];
  return [...BASE, ...feedInput(true), '-progress', 'pipe:3', ...videoOut, ...audioOut];
}

/**
 * AI frame sampling: the camera stream decoded and re-encoded as a stream of JPEGs on stdout, progress on fd 3.
 * Either every frame is decoded and `fps` pictures a second (may be fractional) are kept, or — when the camera's
 * keyframes come often enough for the models — only keyframes are decoded (`-skip_frame nokey`) and each one is
 * kept: decoding is the biggest cost of AI on a camera, and a keyframe costs one frame's decode, not a GOP's.
 * Low-latency input flags: the sampler wants the newest picture, not a buffer.
 */
export function frameGrabArgs(fps: number, keyframesOnly = false): string[] {
  return [
    ...BASE,
    ...(keyframesOnly ? ['-skip_frame', 'nokey'] : []),
    ...feedInput(true),
    '-map',
    '0:v:0',
    '-an',
    ...(keyframesOnly ? ['-fps_mode', 'passthrough'] : ['-vf', `fps=${fps}`]),
    '-q:v',
    '3',
    '-f',
    'image2pipe',
    '-c:v',
    'mjpeg',
    '-progress',
    'pipe:3',
    'pipe:1',
  ];
}

/**
 * Motion: the camera stream decoded into small grey pictures (width × height bytes each, row by row) at `fps`,
 * on stdout. The picture is squeezed to the size whatever the camera's aspect: motion works in normalised
 * coordinates, so the shape does not matter and the cost per frame stays fixed.
 * Decoding is nearly all of this process's work (every frame, since each is a reference for the next), and
 * H.264's deblocking filter is about an eighth of that; what it smooths (8×8 block edges) is averaged away at
 * 320×180, so the decoder skips it. The pictures drift from a full decode by under 2 grey levels on average
 * until the next keyframe, and the detector moves on the same pictures (test/motion.test.ts; issue #35).
 */
export function greyFramesArgs(fps: number, width: number, height: number): string[] {
  return [
    ...BASE,
    ...['-skip_loop_filter', 'all'],
    ...feedInput(true),
    '-map',
    '0:v:0',
    '-an',
    '-vf',
    `fps=${fps},scale=${width}:${height}:flags=area,format=gray`,
    '-f',
    'rawvideo',
    '-progress',
    'pipe:3',
    'pipe:1',
  ];
}

/** Recorded footage for AI analysis: one JPEG per `everySeconds` of the file, on stdout. */
export function fileFramesArgs(path: string, everySeconds: number): string[] {
  return [
    ...BASE,
    '-i',
    path,
    '-map',
    '0:v:0',
    '-an',
    '-vf',
    `fps=1/${everySeconds}`,
    '-q:v',
    '3',
    '-f',
    'image2pipe',
    '-c:v',
    'mjpeg',
    'pipe:1',
  ];
}

export interface StreamTargetOutput {
  protocol: 'rtmp' | 'rtmps' | 'srt';
  /** the full destination URL, stream key included (see streamTargetUrl) */
  url: string;
  videoCodec: 'copy' | 'libx264' | 'libx265';
  videoBitrate: string | null;
  audioCodec: 'aac' | 'copy';
  audioBitrate: string | null;
  /** PEM file of the CA that must have signed the RTMPS server's certificate */
  caFile: string | null;
}

/** rtmp(s): `<server_url>/<stream_key>`; srt: the key as `streamid` (the usual SRT publishing convention). */
export function streamTargetUrl(
  protocol: StreamTargetOutput['protocol'],
  serverUrl: string,
  streamKey: string,
): string {
  if (!streamKey) return serverUrl;
  if (protocol === 'srt') {
    const url = new URL(serverUrl);
    url.searchParams.set('streamid', streamKey);
    return url.toString();
  }
  return `${serverUrl.replace(/\/+$/, '')}/${encodeURIComponent(streamKey)}`;
}

/**
 * Outbound stream target: the camera pushed to an RTMP/RTMPS server (FLV) or an SRT listener (MPEG-TS), video
 * copied or re-encoded, audio AAC (or copied), progress on stdout for the supervisor.
 */
export function streamTargetArgs(output: StreamTargetOutput): string[] {
  const video =
    output.videoCodec === 'copy'
      ? ['-c:v', 'copy']
      : [
          '-c:v',
          output.videoCodec,
          '-preset',
          'veryfast',
          '-tune',
          'zerolatency',
          '-pix_fmt',
          'yuv420p',
          ...(output.videoBitrate
            ? ['-b:v', output.videoBitrate, '-maxrate', output.videoBitrate, '-bufsize', output.videoBitrate]
            : []),
        ];
  const audio =
    output.audioCodec === 'copy'
      ? ['-c:a', 'copy']
      : ['-c:a', 'aac', ...(output.audioBitrate ? ['-b:a', output.audioBitrate] : []), '-ar', '44100'];
  const tls =
    output.protocol === 'rtmps' || output.url.startsWith('rtmps:')
      ? output.caFile
        ? ['-tls_verify', '1', '-ca_file', output.caFile]
        : []
      : [];
  return [
    ...BASE,
    ...feedInput(false),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    ...video,
    ...audio,
    ...tls,
    '-f',
    output.protocol === 'srt' ? 'mpegts' : 'flv',
    '-progress',
    'pipe:1',
    output.url,
  ];
}
