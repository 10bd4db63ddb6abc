export default async function globalTeardown(): Promise<void> {
  for (const server of [...(globalThis.__CIS_STACK__ ?? [])].reverse()) await server.stop();
}
