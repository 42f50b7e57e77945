/** Old links of the form /#/departments/list become /departments/list (foundation spec, section 2). */
export function hashUrlTarget(hash: string): string | null {
  return hash.startsWith('#/') ? hash.slice(1) : null;
}

export function rewriteHashUrl(location: Pick<Location, 'hash'>, history: Pick<History, 'replaceState'>) {
  const target = hashUrlTarget(location.hash);
  if (target) history.replaceState(null, '', target);
}
