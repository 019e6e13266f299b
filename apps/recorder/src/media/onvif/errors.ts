/**
 * Why an ONVIF call failed, in terms the camera routes can map to a status code and show to the operator:
 * - `unreachable`: no connection (refused, no route, DNS failure, reset before a response)
 * - `timeout`: no complete response within the configured time
 * - `auth`: the device rejected our credentials (SOAP `ter:NotAuthorized` or HTTP 401)
 * - `fault`: any other SOAP fault; `reason` is the device's own text
 * - `protocol`: the device answered, but not with SOAP we understand
 * - `refused`: not connected at all, the address is one the caller may not reach (see address-scope.ts)
 */
export type OnvifErrorKind = 'unreachable' | 'timeout' | 'fault' | 'auth' | 'protocol' | 'refused';

export interface OnvifFaultDetail {
  /** SOAP fault code and subcodes as sent, outermost first, e.g. `['env:Sender', 'ter:NotAuthorized']`. */
  codes: string[];
  httpStatus: number;
}

export class OnvifError extends Error {
  override readonly name = 'OnvifError';

  constructor(
    readonly kind: OnvifErrorKind,
    /** Human-readable; never contains a password. */
    readonly reason: string,
    readonly fault?: OnvifFaultDetail,
  ) {
    super(`ONVIF ${kind}: ${reason}`);
  }
}
