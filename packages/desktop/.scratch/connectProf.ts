import { Session } from 'node:inspector/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { ProcessStdioTransport } from '../app/main/mcp/process/ProcessStdioTransport';
import { addServer, everythingEntry, nodeStdioInput, withAppServices } from '../bench/lib/servers';

const N = 10;
const ROUNDS = Number(process.env.ROUNDS ?? 5);
function childCpuMs(): number {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // fields after comm: state(0) ... utime=11, stime=12, cutime=13, cstime=14 (0-based from state)
  return ((Number(f[13]) + Number(f[14])) * 1000) / 100;
}
async function bare(): Promise<void> {
  const clients = Array.from({ length: N }, () => new Client({ name: 'b', version: '0' }));
  await Promise.all(clients.map(async (c) => { await c.connect(new ProcessStdioTransport({ command: process.execPath, args: [everythingEntry(), 'stdio'] })); await c.listTools(); }));
  await Promise.allSettled(clients.map((c) => c.close()));
}
await withAppServices(async (services) => {
  for (let i = 0; i < N; i++) addServer(services, nodeStdioInput(`everything-${i}`, [everythingEntry(), 'stdio']));
  await services.mcp.syncWithConfig(); await services.mcp.closeAll();
  await bare();
  const session = new Session(); session.connect();
  const prof = process.env.PROF === '1';
  if (prof) { await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 100 }); }
  const res: Record<string, { wall: number[]; self: number[]; kids: number[] }> = { service: { wall: [], self: [], kids: [] }, bare: { wall: [], self: [], kids: [] } };
  for (let r = 0; r < ROUNDS; r++) {
    for (const which of ['service', 'bare'] as const) {
      await new Promise((res) => setTimeout(res, 300));
      const c0 = process.cpuUsage(); const k0 = childCpuMs(); const t0 = performance.now();
      if (which === 'service') {
        if (prof) await session.post('Profiler.start');
        await services.mcp.syncWithConfig();
        const wall = performance.now() - t0; const cpu = process.cpuUsage(c0);
        if (prof) { const { profile } = await session.post('Profiler.stop'); writeFileSync(`/tmp/connect-${r}.cpuprofile`, JSON.stringify(profile)); }
        await services.mcp.closeAll();
        await new Promise((res) => setTimeout(res, 500));
        res[which].wall.push(wall); res[which].self.push((cpu.user + cpu.system) / 1000); res[which].kids.push(childCpuMs() - k0);
      } else {
        const clients = Array.from({ length: N }, () => new Client({ name: 'b', version: '0' }));
        await Promise.all(clients.map(async (c) => { await c.connect(new ProcessStdioTransport({ command: process.execPath, args: [everythingEntry(), 'stdio'] })); await c.listTools(); }));
        const wall = performance.now() - t0; const cpu = process.cpuUsage(c0);
        await Promise.allSettled(clients.map((c) => c.close()));
        await new Promise((res) => setTimeout(res, 500));
        res[which].wall.push(wall); res[which].self.push((cpu.user + cpu.system) / 1000); res[which].kids.push(childCpuMs() - k0);
      }
    }
  }
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!.toFixed(0);
  for (const [k, v] of Object.entries(res)) console.log(k, 'wall', med(v.wall), 'selfCPU', med(v.self), 'kidsCPU', med(v.kids), JSON.stringify(v.wall.map(Math.round)));
});
