import fs from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The configured VAPID pair, or one generated once and kept under DATA_DIR (as the session secret is), so
 * browsers' subscriptions stay valid across restarts. A subscription is bound to the public key it was made
 * with: changing the pair silently ends every device's push until it subscribes again.
 */
export function resolveVapidKeys(
  configured: { publicKey?: string; privateKey?: string },
  dataDir: string,
): VapidKeys {
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // Written whole under another name, then linked: when two processes start at once, the first pair linked
    // is the one both use, and neither reads a half-written file.
    const draft = `${file}.${process.pid}.${Date.now()}`;
    fs.writeFileSync(draft, JSON.stringify(webPush.generateVAPIDKeys()), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
}
