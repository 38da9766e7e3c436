/** A q-value of RFC 9110 section 12.4.2: 0 to 1 with at most three decimals. */
const Q_VALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** Each coding the header names, lower-cased, with its q-value; an unreadable q-value counts as 0 (not acceptable). */
function weights(header: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=');
      if (key.trim().toLowerCase() === 'q') q = Q_VALUE.test(value.trim()) ? Number(value) : 0;
    }
    // RFC 9110 section 12.5.3: x-gzip is gzip.
    result.set(coding === 'x-gzip' ? 'gzip' : coding, q);
  }
  return result;
}

/**
 * The codings of `offered` that the request's Accept-Encoding takes, most wanted first; among
 * equally wanted ones, in the order of `offered` (the server's preference). Empty: send the
 * identity. `q=0` excludes a coding, `*` stands for every coding the header does not name, and
 * a coding wanted less than an explicitly listed `identity` is left out. No header at all is
 * read as "identity only", as nginx and the compression package do: clients that decode say so.
 */
export function acceptedEncodings<T extends string>(header: string | undefined, offered: readonly T[]): T[] {
  if (!header) return [];
  const byCoding = weights(header);
  const wildcard = byCoding.get('*') ?? 0;
  const identity = byCoding.get('identity') ?? 0;
  const wanted = offered.map((coding, order) => ({ coding, order, q: byCoding.get(coding) ?? wildcard }));
  return wanted
    .filter(({ q }) => q > 0 && q >= identity)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ coding }) => coding);
}
