// hls.js's light build (no subtitles, alternate audio or DRM: a third smaller) has the full build's API, but the
// package ships types for the full build only.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
  export * from 'hls.js';
}
