// A part of a language's translations (locale-parts.ts): the first screens' groups or the rest.
declare module '*.json?part=first' {
  const translations: Record<string, unknown>;
  export default translations;
}
declare module '*.json?part=rest' {
  const translations: Record<string, unknown>;
  export default translations;
}
