import type { BuildResult, Plugin } from 'esbuild';

export function bundleServer(outfile: string, plugins?: Plugin[]): Promise<BuildResult>;

export function writeLoader(outfile: string, bundle: string): void;
