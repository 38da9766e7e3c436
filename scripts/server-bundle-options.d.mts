import type { BuildOptions } from 'esbuild';

export const NATIVE_PACKAGES: string[];
export const serverBundleOptions: BuildOptions;
