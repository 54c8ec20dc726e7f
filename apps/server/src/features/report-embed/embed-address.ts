import { REPORT_EMBED_DEFAULT_HOST } from '@rtms/shared/schemas/report-embed';

/**
 * Whether an address may be embedded as the BI report: https, no user name or password in it, and its host
 * app.powerbi.com or one of the deployment's allowed hosts (exactly; no sub-domain matching). Answers the
 * reason it may not, or undefined.
 */
export function embedAddressProblem(url: string, allowedHosts: readonly string[]): string | undefined {
  if (!URL.canParse(url)) return 'Enter a complete address, starting with https://';
  const address = new URL(url);
  if (address.protocol !== 'https:') return 'The address must start with https://';
  if (address.username || address.password) return 'The address must not contain a user name or password';
  if (address.port) return 'The address must not name a port';
  const hosts = [REPORT_EMBED_DEFAULT_HOST, ...allowedHosts];
  if (!hosts.includes(address.hostname)) return `The report must be on ${hosts.join(' or ')}`;
  return undefined;
}

/** The origin a Content Security Policy names for an embedded address (`https://host`). */
export function frameSourceOf(url: string): string {
  return `https://${new URL(url).hostname}`;
}
