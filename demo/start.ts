// `npm start`: the sandbox service and the demo shop on localhost.
//   VITRINE_API_PORT (default 8780), VITRINE_SHOP_PORT (default 8781),
//   VITRINE_DATA_DIR (default demo/.data), VITRINE_QUOTA (credits a month),
//   VITRINE_LOG=1 (one line per API request).
import { createSandbox } from './sandbox/createSandbox';
import { createShop } from './shop/createShop';

function port(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`${name} must be a port number (0–65535), got "${value}"`);
    process.exit(2);
  }
  return n;
}

const quota = process.env.VITRINE_QUOTA ? Number(process.env.VITRINE_QUOTA) : undefined;
if (quota !== undefined && (!Number.isInteger(quota) || quota < 0)) {
  console.error(`VITRINE_QUOTA must be a whole number of credits, got "${process.env.VITRINE_QUOTA}"`);
  process.exit(2);
}

try {
  const sandbox = await createSandbox({
    port: port('VITRINE_API_PORT', 8780),
    dataDir: process.env.VITRINE_DATA_DIR || undefined,
    quota,
    log: process.env.VITRINE_LOG === '1',
  });
  const shop = await createShop({ port: port('VITRINE_SHOP_PORT', 8781), apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, consentBanner: true });
  console.log(`
  Maison Vitrine, the demo shop:  ${shop.url}/
  Theme studio:                   ${shop.url}/studio/
  Sandbox API:                    ${sandbox.url}/
    org id   ${sandbox.orgId}
    API key  ${sandbox.apiKey}

  Ctrl+C to stop.`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await Promise.all([shop.close(), sandbox.close()]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
} catch (e) {
  const error = e as NodeJS.ErrnoException;
  if (error.code === 'EADDRINUSE') console.error(`A port is already in use (${error.message}). Set VITRINE_API_PORT / VITRINE_SHOP_PORT to free ones.`);
  else console.error(error.message);
  process.exit(1);
}
