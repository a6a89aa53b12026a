export interface WebBuildCommand {
  cmd: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}
export function webBuildCommand(env?: NodeJS.ProcessEnv, extraArgs?: string[]): WebBuildCommand;
export function runWebBuild(options?: { env?: NodeJS.ProcessEnv; extraArgs?: string[]; vite?: string }): number;
