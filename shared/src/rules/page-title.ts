/** Page title prefixed with '(N) ' where N = unread messages + new likes, when non-zero. */
export function pageTitle(base: string, totalUnread: number, totalNewLikes: number): string {
  const count = Math.max(0, totalUnread) + Math.max(0, totalNewLikes);
  return count > 0 ? `(${count}) ${base}` : base;
}
