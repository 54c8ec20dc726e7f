import { execFileSync } from 'node:child_process';

/**
 * The TOTP code of a base32 secret at `now + offsetSeconds`, computed by Debian's `oathtool` (an
 * implementation independent of the one the server uses), so the tests prove interoperability with
 * authenticator apps rather than agreement of a library with itself.
 */
export function oathtoolCode(secret: string, offsetSeconds = 0, now = Date.now()): string {
  const at = Math.floor(now / 1000) + offsetSeconds;
  try {
    return execFileSync('oathtool', ['--totp', '--base32', '--now', `@${at}`, secret], { encoding: 'utf8' }).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('oathtool is not installed: apt-get install oathtool (see README, Tests)', { cause: error });
    }
    throw error;
  }
}
