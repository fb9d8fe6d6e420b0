// A part of a language's translations (locale-parts.mjs): the first screens', the login screen's
// or the rest.
declare module '*.json?part=first' {
  const translations: Record<string, unknown>;
  export default translations;
}
declare module '*.json?part=login' {
  const translations: Record<string, unknown>;
  export default translations;
}
declare module '*.json?part=rest' {
  const translations: Record<string, unknown>;
  export default translations;
}
