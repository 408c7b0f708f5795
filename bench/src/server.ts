import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('../../api', import.meta.url));

/**
 * The real API as a process on a free port of 127.0.0.1 (embedded PostgreSQL in `dataDir`), for the
 * benches; resolves once it prints its address.
 */
export async function startApiServer(
  env: Record<string, string>,
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const shown = new Set<string>();
    server.stdout!.on('data', (d) => {
      out += d;
      const m = out.match(/running at (http:\/\/\S+)/);
      if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
      // The server's own errors (pino level 50 and up) are figures too: show them, once each kind.
      for (const line of String(d).split('\n')) {
        const level = /"level":(\d+)/.exec(line)?.[1];
        const what = /"message":"([^"]*)"|"msg":"([^"]*)"/.exec(line);
        const key = what?.[1] ?? what?.[2] ?? line.slice(0, 120);
        if (Number(level) >= 50 && !shown.has(key)) {
          shown.add(key);
          console.error(`server error: ${line.slice(0, 2000)}`);
        }
      }
    });
    server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return {
    url,
    pid: server.pid!,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    },
  };
}
