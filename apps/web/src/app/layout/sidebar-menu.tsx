import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import {
  AuditOutlined,
  BankOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  UserSwitchOutlined,
  ProfileOutlined,
  FileDoneOutlined,
  InboxOutlined,
  BookOutlined,
  AppstoreOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
  AlertOutlined,
  ControlOutlined,
  FileProtectOutlined,
  BarChartOutlined,
  LineChartOutlined,
} from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { can } from '@rtms/shared/permissions';
import { useCurrentUser } from '../../lib/auth/auth-context';
import { useT } from '../../lib/i18n/use-t';
import { useReportEmbed } from '../../features/report-embed/api/report-embed';
import { AREAS, type Area } from '../areas';

const ICONS: Record<string, React.ReactNode> = {
  dashboard: <DashboardOutlined />,
  calendar: <CalendarOutlined />,
  tasks: <CheckSquareOutlined />,
  findings: <AlertOutlined />,
  'finding-settings': <ControlOutlined />,
  users: <TeamOutlined />,
  profile: <UserOutlined />,
  facilities: <BankOutlined />,
  'user-facilities': <UserSwitchOutlined />,
  requirements: <ProfileOutlined />,
  permits: <SolutionOutlined />,
  reports: <BarChartOutlined />,
  'task-documents': <FileDoneOutlined />,
  'documents-library': <BookOutlined />,
  'archive-documents': <InboxOutlined />,
  audit: <AuditOutlined />,
  reviews: <FileProtectOutlined />,
  regulations: <FileTextOutlined />,
  'program-areas': <AppstoreOutlined />,
  security: <SafetyCertificateOutlined />,
  'power-bi': <BarChartOutlined />,
  'report-settings': <LineChartOutlined />,
};

/** The areas this role may see, with Users shown as My Profile where the original application says so. */
export function useVisibleAreas(): (Area & { shownLabel: Area['label'] })[] {
  const user = useCurrentUser();
  // "Power BI Report" appears once an administrator has set the report's address.
  const embedSet = Boolean(useReportEmbed().data?.url);
  return useMemo(
    () =>
      AREAS.filter((area) => !area.permission || can(user.role, area.permission))
        .filter((area) => area.shownWhen !== 'reportEmbed' || embedSet)
        .map((area) => ({
          ...area,
          shownLabel: area.alternate && can(user.role, area.alternate.permission) ? area.alternate.label : area.label,
        })),
    [user.role, embedSet],
  );
}

/**
 * The navigation menu: every area, role-based. Inline in the sidebar and the
 * drawer, horizontal in the horizontal navigation styles.
 */
export function SidebarMenu({
  theme,
  mode = 'inline',
  onNavigate,
  className,
}: {
  theme: 'dark' | 'light';
  mode?: 'inline' | 'horizontal';
  onNavigate?: () => void;
  className?: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const areas = useVisibleAreas();

  const items = useMemo<MenuProps['items']>(() => {
    const leaf = (area: (typeof areas)[number]) => ({
      key: area.path,
      icon: ICONS[area.alternate && area.shownLabel !== area.label ? 'profile' : area.key],
      label: t(area.shownLabel),
    });
    const groupItems = (group: Area['group']) => areas.filter((area) => area.group === group).map(leaf);
    const result: NonNullable<MenuProps['items']> = areas.filter((area) => !area.group).map(leaf);
    const documents = groupItems('documents');
    // The documents group sits after Requirements, where the original application lists it.
    const afterRequirements = result.findIndex((item) => item?.key === '/requirements') + 1;
    result.splice(afterRequirements, 0, {
      key: 'documents',
      icon: <FolderOpenOutlined />,
      label: t('nav.documents'),
      children: documents,
    });
    const settings = groupItems('settings');
    if (settings.length > 0)
      result.push({ key: 'settings', icon: <SettingOutlined />, label: t('nav.settings'), children: settings });
    return result;
  }, [areas, t]);

  const selected = areas
    .map((area) => area.path)
    .filter((path) => (path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`)))
    .sort((a, b) => b.length - a.length)[0];
  const openGroup = areas.find((area) => area.path === selected)?.group;

  return (
    <Menu
      mode={mode}
      theme={theme}
      className={className}
      items={items}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={mode === 'inline' && openGroup ? [openGroup] : []}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
    />
  );
}
