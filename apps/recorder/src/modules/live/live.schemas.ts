import { Type, type Static } from '@sinclair/typebox';

export const StreamTicket = Type.Object({
  ticket: Type.String(),
  expires_in: Type.Integer(),
  hls_url: Type.String(),
  whep_url: Type.String(),
});
export type StreamTicket = Static<typeof StreamTicket>;
