declare module 'ra-language-portuguese' {
  const messages: Record<string, unknown>;
  export default messages;
}
