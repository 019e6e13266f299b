import { useSyncExternalStore } from 'react';

/**
 * How live pictures come to this browser, as the user chose (kept in this browser): `auto` — WebRTC where the
 * camera publishes it (under a second behind), HLS otherwise or when WebRTC fails; `hls` — always HLS (2–3 s
 * behind, but through any proxy and steadier on a poor network).
 */
export type TransportChoice = 'auto' | 'hls';

const KEY = 'nvr.live.transport';
const listeners = new Set<() => void>();

function read(): TransportChoice {
  try {
    return localStorage.getItem(KEY) === 'hls' ? 'hls' : 'auto';
  } catch {
    return 'auto'; // storage refused (private mode): the default
  }
}

export function setTransportChoice(choice: TransportChoice): void {
  try {
    localStorage.setItem(KEY, choice);
  } catch {
    // not kept past this page; the tiles still follow it
  }
  current = choice;
  for (const listener of listeners) listener();
}

let current: TransportChoice = read();

export function useTransportChoice(): TransportChoice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
