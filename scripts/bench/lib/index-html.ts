/** Reads which files a built index.html makes the browser fetch before the app can render. */

/** The entry module script(s) and every modulepreload link, in document order, de-duplicated; same-origin only. */
export function initialScripts(html: string): string[] {
  const scripts = attributeValues(html, /<script\b[^>]*type=["']module["'][^>]*>/g, 'src');
  const preloads = attributeValues(html, /<link\b[^>]*rel=["']modulepreload["'][^>]*>/g, 'href');
  return [...new Set([...scripts, ...preloads].filter(isLocal))];
}

/** Stylesheets linked from the page; same-origin only. */
export function initialStylesheets(html: string): string[] {
  return attributeValues(html, /<link\b[^>]*rel=["']stylesheet["'][^>]*>/g, 'href').filter(isLocal);
}

function attributeValues(html: string, tagPattern: RegExp, attribute: string): string[] {
  const attr = new RegExp(`\\s${attribute}=["']([^"']+)["']`);
  return [...html.matchAll(tagPattern)].map((m) => attr.exec(m[0])?.[1]).filter((v): v is string => Boolean(v));
}

function isLocal(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}
