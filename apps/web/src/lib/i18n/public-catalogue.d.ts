/** `./messages/<language>?public`: the public part of a catalogue, cut at build time (vite.config.ts). */
declare module '*?public' {
  const messages: Record<string, string>;
  export default messages;
}
