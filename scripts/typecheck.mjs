// Type-checks every workspace with its own tsconfig (the web has the DOM, the others Node), two at a
// time (each tsc keeps one core busy); each project's output is printed whole when it ends.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

// The largest first, so that the two cores stay busy to the end.
const projects = ['web', 'functions', 'tests', 'packages/feed', 'packages/domain', 'packages/stand-ins'].filter(
  // A workspace without a tsconfig (no sources yet) is skipped.
  (project) => existsSync(`${project}/tsconfig.json`),
);

function check(project) {
  return new Promise((resolve) => {
    const child = spawn('tsc', ['-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, ok: code === 0, output }));
    child.on('error', (error) => resolve({ project, ok: false, output: `${error.message}\n` }));
  });
}

const queue = [...projects];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(2, availableParallelism()) }, async () => {
    while (queue.length) {
      const project = queue.shift();
      const result = await check(project);
      process.stdout.write(result.output);
      console.log(`typecheck ${project}: ${result.ok ? 'ok' : 'FAILED'}`);
      results.push(result);
    }
  }),
);
process.exit(results.every((r) => r.ok) ? 0 : 1);
