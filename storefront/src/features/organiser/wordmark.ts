/** Up to two letters of the organiser's name ('Mumbai Road Runners' → 'MR'): its wordmark when it has no logo. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase('en-IN'))
    .join('');
}
