// Names for the API shapes the screens use, looked up in the generated paths (never written by hand).
import type { paths } from './schema';

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

export type CameraList = JsonOf<paths['/api/v1/cameras']['get']['responses'][200]>;
export type Camera = CameraList['cameras'][number];
export type StreamTicket = JsonOf<paths['/api/v1/cameras/{id}/stream-ticket']['post']['responses'][200]>;
