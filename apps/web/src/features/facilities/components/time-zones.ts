/** Every IANA time zone this browser knows, with its current UTC offset, for a searchable select. */
export function timeZoneOptions(now = new Date()): { value: string; label: string }[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = zones.includes('UTC') ? zones : [...zones, 'UTC'];
  return all.map((zone) => ({ value: zone, label: `${zone.replace(/_/g, ' ')} (${offsetOf(zone, now)})` }));
}

/** "UTC+05:30" for a zone at `now`. */
export function offsetOf(zone: string, now = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((item) => item.type === 'timeZoneName')?.value;
    return !part || part === 'GMT' ? 'UTC' : part.replace('GMT', 'UTC');
  } catch {
    return 'UTC';
  }
}

/** The browser's own zone: a sensible default for a new facility. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The zone a new facility's form starts with: the browser's, unless that is UTC (a server, a kiosk or
 * an unset machine), where the user must choose: a facility silently on UTC would shift every due date.
 */
export function suggestedTimeZone(zone = browserTimeZone()): string | undefined {
  return zone === 'UTC' || zone === 'Etc/UTC' || zone === 'Etc/GMT' ? undefined : zone;
}
