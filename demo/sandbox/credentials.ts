// The sandbox serves one fictional shop. Its ids are fixed so that demo pages,
// the theme studio, benchmarks and tests can be written against them.

export const SANDBOX_ORG_ID = '6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60';
export const SANDBOX_API_KEY = 'vitrine-sandbox-key';
export const SANDBOX_ORG_NAME = 'Maison Vitrine';
