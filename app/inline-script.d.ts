/** A browser module imported as the text of an inline script (scripts/vite-plugins.ts). */
declare module '*?inline-script' {
  const source: string;
  export default source;
}
