/** Report settings, one row per name; the value is JSON (the embedded report's address: `embedUrl`). */
export interface ReportSettingsTable {
  name: string;
  value: string;
  updatedAt: string;
}
