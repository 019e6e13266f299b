import { Type, type Static } from '@sinclair/typebox';

export const StreamTicket = Type.Object({
  ticket: Type.String(),
  expires_in: Type.Integer(),
  hls_url: Type.String(),
  whep_url: Type.String(),
  /** Whether whep_url answers: the camera's stream config has `webrtc_publisher` (players try WebRTC first). */
  webrtc: Type.Boolean({
    description: 'whep_url answers (stream config webrtc_publisher); else play hls_url',
  }),
});
export type StreamTicket = Static<typeof StreamTicket>;
