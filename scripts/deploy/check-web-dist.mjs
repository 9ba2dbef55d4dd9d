// Hosting's predeploy check (firebase.json): refuses to deploy web/dist unless it is a production build
// with every screen prerendered. `npm start` and the tests build the app in emulator mode into the same
// folder; that build talks to 127.0.0.1 and its service worker shows pushes handed to it by the page
// (the local channel). A build without Chromium only warns and leaves the screens unprerendered: the
// app still works, but its first paint waits for the code, so that build is not deployed either.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '..', '..', 'web', 'dist'));
const pages = JSON.parse(
  readFileSync(
    join(import.meta.dirname, '..', '..', 'web', 'src', 'shared', 'firstPaint', 'build', 'prerendered.json'),
    'utf8',
  ),
);
const sw = join(dist, 'sw.js');
const unprerendered = Object.values(pages).filter(
  (file) => !existsSync(join(dist, file)) || !readFileSync(join(dist, file), 'utf8').includes('data-prerendered'),
);
const problem = !existsSync(sw)
  ? `${sw} is missing: run \`npm run build\` first.`
  : readFileSync(sw, 'utf8').includes('LOCAL_PUSH')
    ? `${dist} holds an emulator build (its service worker has the local push channel): run \`npm run build\` again, and not \`npm start\` or the tests before deploying.`
    : unprerendered.length
      ? `${unprerendered.join(', ')} in ${dist} ${unprerendered.length === 1 ? 'is' : 'are'} not prerendered: build where Chromium is (CHROME_PATH), and read the build's warnings.`
      : null;
if (problem) {
  console.error(`Not deploying: ${problem}`);
  process.exit(1);
}
console.log(`${dist}: a production build, every screen prerendered.`);
