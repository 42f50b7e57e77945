declare module 'ra-language-portuguese' {
  const messages: Record<string, unknown>;
  export default messages;
}

declare module 'virtual:resource-manifest' {
  const summaries: import('./core/schemas.js').ResourceSummary[];
  export default summaries;
}
