// Works out how firebase-tools can run the Java emulators on this machine, without the internet
// when the Google Cloud CLI's copies are installed, and with firebase's own download otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const MIN_JAVA = 11;
const GCLOUD_PLATFORM = process.env.GCLOUD_PLATFORM_DIR ?? '/usr/lib/google-cloud-sdk/platform';
const GCLOUD_FIRESTORE_JAR = join(GCLOUD_PLATFORM, 'cloud-firestore-emulator', 'cloud-firestore-emulator.jar');
const GCLOUD_PUBSUB_BIN = join(GCLOUD_PLATFORM, 'pubsub-emulator', 'bin', 'cloud-pubsub-emulator');

export class SetupError extends Error {}

/** The emulators are Java programs; say exactly what is missing instead of a stack trace. */
export function checkJava() {
  // `java -version` writes to stderr.
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error?.code === 'ENOENT') {
    throw new SetupError(
      `Java ${MIN_JAVA} or newer is needed for the Firestore and Pub/Sub emulators, and 'java' is not on PATH. ` +
        'Install it (Debian: apt-get install -y default-jre-headless) and run again.',
    );
  }
  const text = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(text);
  const major = match ? Number(match[1] === '1' ? match[2] : match[1]) : Number.NaN;
  if (!(major >= MIN_JAVA)) {
    throw new SetupError(
      `Java ${MIN_JAVA} or newer is needed for the emulators; found: ${text.split('\n')[0] || 'unknown'}`,
    );
  }
  return major;
}

function firebaseCacheDir() {
  return process.env.FIREBASE_EMULATORS_PATH ?? join(homedir(), '.cache', 'firebase', 'emulators');
}

function emulatorInfo() {
  const toolsDir = dirname(require.resolve('firebase-tools/package.json'));
  return JSON.parse(readFileSync(join(toolsDir, 'lib', 'emulator', 'downloadableEmulatorInfo.json'), 'utf8'));
}

/**
 * The Cloud CLI's jar has no Main-Class, and firebase-tools runs `java -jar`, so a jar holding
 * only a manifest points the JVM at the real one. Written as a stored zip to need no JDK tools.
 */
function writeManifestJar(target, manifest) {
  const name = Buffer.from('META-INF/MANIFEST.MF');
  const data = Buffer.from(manifest);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, Buffer.concat([local, name, data, central, name, end]));
}

/** Environment overrides for firebase-tools; empty when its own cache already has the emulators. */
export function emulatorBinaryEnv(log = () => {}) {
  const info = emulatorInfo();
  const cache = firebaseCacheDir();
  const env = {};
  const ownFirestore = join(cache, info.firestore.downloadPathRelativeToCacheDir);
  if (!existsSync(ownFirestore) && existsSync(GCLOUD_FIRESTORE_JAR)) {
    const wrapper = join(root, '.cache', 'emulators', 'cloud-firestore-emulator-wrapper.jar');
    writeManifestJar(
      wrapper,
      'Manifest-Version: 1.0\r\n' +
        'Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\r\n' +
        `Class-Path: file:${GCLOUD_FIRESTORE_JAR}\r\n\r\n`,
    );
    env.FIRESTORE_EMULATOR_BINARY_PATH = wrapper;
    log(`Firestore emulator: using the Google Cloud CLI's copy (${GCLOUD_FIRESTORE_JAR})`);
  }
  const ownPubsub = join(cache, info.pubsub.binaryPathRelativeToCacheDir);
  if (!existsSync(ownPubsub) && existsSync(GCLOUD_PUBSUB_BIN)) {
    env.PUBSUB_EMULATOR_BINARY_PATH = join(root, 'scripts', 'bin', 'pubsub-emulator');
    log(`Pub/Sub emulator: using the Google Cloud CLI's copy (${GCLOUD_PUBSUB_BIN})`);
  }
  return env;
}
