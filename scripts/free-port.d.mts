/** The first port of the kernel's ephemeral range (scripts/free-port.mjs). */
export function ephemeralLow(): number;
/** A port nobody listens on, below the ephemeral range, for a process about to be started (scripts/free-port.mjs). */
export function freePort(host?: string): Promise<number>;
