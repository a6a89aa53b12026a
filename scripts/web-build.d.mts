export interface WebBuildCommand {
  cmd: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}
export function webBuildCommand(env?: NodeJS.ProcessEnv, extraArgs?: string[]): WebBuildCommand;
export function runWebBuild(options?: { env?: NodeJS.ProcessEnv; extraArgs?: string[]; vite?: string }): number;
export const DEV_DIST_DIR: string;
export function devWebBuildCommand(env?: NodeJS.ProcessEnv, outDir?: string): WebBuildCommand;
export function runDevWebBuild(options?: { env?: NodeJS.ProcessEnv }): number;
