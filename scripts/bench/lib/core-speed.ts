/**
 * How fast the server core is at the two things a chat server spends its time on: plain
 * JavaScript (the CPU loop of the working practices: 3·10⁷ additions) and system calls (a
 * 100-byte write to /dev/null). VMs of the same kind differ in both, and not together: in
 * session 30 the loop took what it took in session 29 (43 ms) while a system call cost several
 * times more, and so did every relayed message. Printed at the start of a run so that a run's
 * figures are read against the machine they were measured on.
 */
import { spawnSync } from 'node:child_process';

const PROBE = `
const fs = require('node:fs');
let t = process.hrtime.bigint(); let x = 0;
for (let i = 0; i < 3e7; i++) x += i % 7;
const loopMs = Number(process.hrtime.bigint() - t) / 1e6;
const fd = fs.openSync('/dev/null', 'w'); const b = Buffer.alloc(100); const n = 200000;
for (let i = 0; i < 20000; i++) fs.writeSync(fd, b);
t = process.hrtime.bigint();
for (let i = 0; i < n; i++) fs.writeSync(fd, b);
const writeUs = Number(process.hrtime.bigint() - t) / n / 1000;
process.stdout.write(JSON.stringify({ loopMs, writeUs, x }));
`;

export interface CoreSpeed {
  /** 3·10⁷ additions, in ms */
  loopMs: number;
  /** one fs.writeSync of 100 bytes to /dev/null, in µs */
  writeUs: number;
}

/** Runs the probe pinned to `cpu` (unpinned without taskset); null if it could not run. */
export function coreSpeed(cpu: string): CoreSpeed | null {
  const hasTaskset = spawnSync('taskset', ['--version']).status === 0;
  const [command, args] = hasTaskset ? ['taskset', ['-c', cpu, process.execPath, '-e', PROBE]] : [process.execPath, ['-e', PROBE]];
  const run = spawnSync(command, args, { encoding: 'utf8' });
  if (run.status !== 0) return null;
  const { loopMs, writeUs } = JSON.parse(run.stdout) as CoreSpeed;
  return { loopMs, writeUs };
}

export function describeCoreSpeed(speed: CoreSpeed | null): string {
  if (!speed) return 'not measured';
  return `CPU loop ${speed.loopMs.toFixed(0)} ms, a system call (100-byte write to /dev/null) ${speed.writeUs.toFixed(2)} µs`;
}
