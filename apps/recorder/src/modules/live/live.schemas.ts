import { Type, type Static } from '@sinclair/typebox';
import { PLAYER_VIDEO, StringEnum, TicketQuery } from '../../platform/http/schemas.js';
import { STREAM_ROLES } from '../camera-config/camera-config.schemas.js';

export const StreamTicket = Type.Object({
  ticket: Type.String(),
  expires_in: Type.Integer(),
  hls_url: Type.String(),
  whep_url: Type.String(),
  /** what a grid tile plays: the stream the camera config's grid_stream names (the substream when it has one) */
  grid_hls_url: Type.String({ description: 'hls_url of the stream grid tiles play (config grid_stream)' }),
  grid_whep_url: Type.String({ description: 'whep_url of the stream grid tiles play (config grid_stream)' }),
  /** Whether whep_url answers: the camera's stream config has `webrtc_publisher` (players try WebRTC first). */
  webrtc: Type.Boolean({
    description: 'whep_url answers (stream config webrtc_publisher); else play hls_url',
  }),
});
export type StreamTicket = Static<typeof StreamTicket>;

/** Media URLs of a camera's live view: the ticket, and which of its streams. */
export const LiveQuery = Type.Object({
  ...TicketQuery.properties,
  /** main (default) or sub: the substream when the camera has one, else the main stream */
  stream: Type.Optional(StringEnum(STREAM_ROLES)),
  /** what the player decodes: `h264` gets an H.265 camera as its H.264 substream or transcoded (issue #33) */
  video: Type.Optional(
    StringEnum(PLAYER_VIDEO, {
      description:
        '`h264`: the player decodes only H.264 (browsers without HEVC): a stream in another codec (H.265) is ' +
        "played as the camera's H.264 substream when it has one, otherwise transcoded to H.264 (one transcode " +
        'shared by every such viewer). `any` (default): the stream as the camera sends it.',
    }),
  ),
});

/** The live playlist's query: the media query plus a low-latency HLS blocking reload (RFC 8216bis §6.2.5.2). */
export const LivePlaylistQuery = Type.Object({
  ...LiveQuery.properties,
  _HLS_msn: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: 'blocking reload: answer once this media sequence number is listed',
    }),
  ),
  _HLS_part: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: 'with _HLS_msn: answer once this part of that segment is listed',
    }),
  ),
});
export type LiveQuery = Static<typeof LiveQuery>;
export type LivePlaylistQuery = Static<typeof LivePlaylistQuery>;
