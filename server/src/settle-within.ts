/**
 * What a promise settles to, or a stand-in once a deadline passes first: the one race behind every
 * "wait for Redis / the mail server / the commit queue, but not for ever" in the server. The timer
 * is cleared as soon as the race is decided, so a settled wait never holds the process open (a
 * stopping node would otherwise linger for the full timeout).
 */
export async function settleWithin<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
