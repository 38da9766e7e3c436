// The esbuild settings of every server bundle: dist/server/main.js (scripts/build-server.mjs,
// what `npm start` runs) and the chat benchmark's server (scripts/bench/chat/serve-bundle.ts).
//
// Dependencies are bundled too. Node resolves, reads and compiles each module file on its own;
// with express, socket.io and the rest left in node_modules that was about 270 ms of an 810 ms
// cold start on this VM (one 4.5 MB file: 566 ms, `npm run bench -- start`). A restarted node is
// down for that long while every member's reconnect waits. CommonJS packages stay lazy inside the
// bundle: esbuild wraps each in a function that runs on its first require.

/** Native addons: loaded from node_modules, where their compiled binaries are. */
export const NATIVE_PACKAGES = ['better-sqlite3', '@node-rs/argon2'];

export const serverBundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: NATIVE_PACKAGES,
  // Bundled CommonJS code calls require() for Node's built-ins; an ES module has none of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
};
