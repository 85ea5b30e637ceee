/** See findChromium.mjs. */
export declare function findChromium(options?: { shell?: boolean }): Promise<{ executablePath: string; args: string[] }>;
