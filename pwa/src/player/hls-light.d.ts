/**
 * hls.js's light build (`hls.js/light`: no subtitle or alternate-audio renditions, no EME, no CMCD or
 * content steering, none of which our streams use) ships no type file of its own: it is the same Hls
 * class as the full build's.
 */
declare module 'hls.js/light' {
  export { default } from 'hls.js'
  export * from 'hls.js'
}
