// The two libraries express-session itself uses to read its cookie (cookie 0.7, cookie-signature
// 1.2); neither ships type declarations. Only what the socket handshake's session reader and its
// tests call.
declare module 'cookie' {
  export function parse(header: string): Record<string, string | undefined>;
}

declare module 'cookie-signature' {
  /** `value` + '.' + its HMAC-SHA256 signature with `secret` */
  export function sign(value: string, secret: string): string;
  /** The value without its signature, or false when the signature does not match `secret`. */
  export function unsign(signed: string, secret: string): string | false;
}
