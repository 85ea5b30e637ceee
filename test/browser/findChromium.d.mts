/** See findChromium.mjs. */
export declare function findChromium(): Promise<{ executablePath: string; args: string[] }>;
