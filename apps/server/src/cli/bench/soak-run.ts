import { facilityIds } from './api';
import type { Figure } from './growth';
import { printSoak } from './print';
import type { RunSettings } from './settings';
import { runSoak } from './soak';

/** The soak on a started server, over every facility, in the month of the run's day; then its summary. */
export async function soakAndPrint(
  settings: RunSettings,
  server: { base: string; barePort: number },
  token: string,
  figures: Figure[],
): Promise<void> {
  const { today, connections, soak } = settings;
  printSoak(
    await runSoak({
      ...server,
      adminToken: token,
      tokens: soak.tokens,
      facilityIds: await facilityIds(server.base, token),
      month: today.slice(0, 7),
      connections,
      seconds: soak.seconds,
    }),
    figures,
  );
}
