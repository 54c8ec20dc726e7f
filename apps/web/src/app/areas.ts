import type { Permission } from '@rtms/shared/permissions';
import type { MessageKey } from '../lib/i18n/messages/en';

/** One area of the product: its route, its menu label and who may see it. Sidebar and router derive from this list. */
export interface Area {
  key: string;
  path: string;
  label: MessageKey;
  /** The menu group it belongs to, if any. */
  group?: 'documents' | 'settings';
  /** Only roles with this permission see it (and may open it). */
  permission?: Permission;
  /** Roles with this permission see the area under `alternateLabel` (Users → My Profile). */
  alternate?: { permission: Permission; label: MessageKey };
  /** Shown only while this is set up: `reportEmbed`, an embedded report's address (Settings → Reports). */
  shownWhen?: 'reportEmbed';
}

export const AREAS: Area[] = [
  { key: 'dashboard', path: '/', label: 'nav.dashboard' },
  { key: 'calendar', path: '/calendar', label: 'nav.calendar' },
  { key: 'tasks', path: '/tasks', label: 'nav.tasksTracker' },
  { key: 'findings', path: '/findings', label: 'findings.nav' },
  {
    key: 'users',
    path: '/users',
    label: 'nav.users',
    alternate: { permission: 'profile:menu', label: 'nav.myProfile' },
  },
  { key: 'facilities', path: '/facilities', label: 'nav.facilities' },
  { key: 'user-facilities', path: '/user-facilities', label: 'nav.userFacilities', permission: 'userFacility:view' },
  { key: 'requirements', path: '/requirements', label: 'nav.requirements' },
  { key: 'permits', path: '/permits', label: 'nav.permits' },
  { key: 'reviews', path: '/reviews', label: 'review.pageTitle', permission: 'task:review' },
  { key: 'reports', path: '/reports', label: 'reports.nav' },
  { key: 'task-documents', path: '/task-documents', label: 'nav.taskDocuments', group: 'documents' },
  { key: 'documents-library', path: '/documents-library', label: 'nav.documentsLibrary', group: 'documents' },
  { key: 'archive-documents', path: '/archive-documents', label: 'nav.archiveDocuments', group: 'documents' },
  { key: 'audit', path: '/audit', label: 'nav.audit', permission: 'audit:view' },
  { key: 'power-bi', path: '/power-bi', label: 'nav.powerBiReport', shownWhen: 'reportEmbed' },
  {
    key: 'regulations',
    path: '/settings/regulations',
    label: 'nav.regulations',
    group: 'settings',
    permission: 'settings:view',
  },
  {
    key: 'program-areas',
    path: '/settings/program-areas',
    label: 'nav.programAreas',
    group: 'settings',
    permission: 'settings:view',
  },
  {
    key: 'security',
    path: '/settings/security',
    label: 'nav.security',
    group: 'settings',
    permission: 'security:manage',
  },
  {
    key: 'finding-settings',
    path: '/settings/findings',
    label: 'findings.settingsNav',
    group: 'settings',
    permission: 'findingSettings:manage',
  },
  {
    key: 'report-settings',
    path: '/settings/reports',
    label: 'nav.reportSettings',
    group: 'settings',
    permission: 'reportEmbed:manage',
  },
];
